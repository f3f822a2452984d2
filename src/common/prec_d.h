/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Type table entry: double precision. */
#include <float.h>
#include "common/prec_names.h"
#define PARALIA_PREC d
#define real_t double
#define PREC_EPS DBL_EPSILON
#define CUBLAS(Op) cublasD##Op
#define CUSOLVER(Op) cusolverDnD##Op
