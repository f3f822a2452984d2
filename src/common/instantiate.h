/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Compiles a precision-generic source once per entry of the type table (BLIS-style: one source
 * per operation, the s and d instances generated, so a fix lands in one place).
 *
 * A generic source is written as
 *     #ifndef PARALIA_PREC
 *     #define PARALIA_SELF "codelets/gemm.c"
 *     #include "common/instantiate.h"
 *     #else
 *     ... body using real_t, FN(), TASK(), CL(), LOCAL(), CBLAS(), LAPACKE(), CUBLAS(), CUSOLVER() ...
 *     #endif
 * and the names it defines are spelled through those macros, so each pass defines its own.
 */
#include "common/prec_s.h"
#include PARALIA_SELF
#include "common/prec_undef.h"
#include "common/prec_d.h"
#include PARALIA_SELF
#include "common/prec_undef.h"
#undef PARALIA_SELF
