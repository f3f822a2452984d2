/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Name builders shared by the entries of the type table (prec_s.h, prec_d.h). */
#ifndef PARALIA_PREC_NAMES_H
#define PARALIA_PREC_NAMES_H
#define PARALIA_CAT3_(a, b, c) a##b##c
#define PARALIA_CAT3(a, b, c) PARALIA_CAT3_(a, b, c)
#define PARALIA_STR_(x) #x
#define PARALIA_STR(x) PARALIA_STR_(x)

#define FN(op) PARALIA_CAT3(paralia_, PARALIA_PREC, op)         /* paralia_dgemm */
#define TASK(op) PARALIA_CAT3(paralia_task_, PARALIA_PREC, op)  /* paralia_task_dgemm */
#define CL(op) PARALIA_CAT3(paralia_cl_, PARALIA_PREC, op)      /* paralia_cl_dgemm */
#define LOCAL(name) PARALIA_CAT3(name, _, PARALIA_PREC)         /* file-local: gemm_cpu_d */
#define CBLAS(op) PARALIA_CAT3(cblas_, PARALIA_PREC, op)        /* cblas_dgemm */
#define LAPACKE(op) PARALIA_CAT3(LAPACKE_, PARALIA_PREC, op)    /* LAPACKE_dpotrf */
#define NAME_STR(op) "paralia_" PARALIA_STR(PARALIA_PREC) #op   /* "paralia_dgemm" */
#define TASK_STR(op) "paralia_task_" PARALIA_STR(PARALIA_PREC) #op /* "paralia_task_dgemm" */
#endif
