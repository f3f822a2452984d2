/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Type table entry: single precision. */
#include <float.h>
#include "common/prec_names.h"
#define PARALIA_PREC s
#define real_t float
#define PREC_EPS FLT_EPSILON
#define CUBLAS(Op) cublasS##Op       /* cublasSgemm */
#define CUSOLVER(Op) cusolverDnS##Op /* cusolverDnSpotrf */
