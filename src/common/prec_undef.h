/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Ends one pass of a precision-generic source (see instantiate.h). */
#undef PARALIA_PREC
#undef real_t
#undef PREC_EPS
#undef CUBLAS
#undef CUSOLVER
