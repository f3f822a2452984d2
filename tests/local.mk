# Each test is a program that can fail; tests mirror src/ (blas_*, linkmap_*, sched_*).
TESTING_SOURCES = tests/testing.c tests/testing.h tests/testing_prec.c tests/testing_prec.h
check_PROGRAMS += tests/blas_gemm
tests_blas_gemm_SOURCES = tests/blas_gemm.c $(TESTING_SOURCES)
TESTS += tests/blas_gemm
check_PROGRAMS += tests/blas_trmm tests/blas_trsm
tests_blas_trmm_SOURCES = tests/blas_trmm.c $(TESTING_SOURCES)
tests_blas_trsm_SOURCES = tests/blas_trsm.c $(TESTING_SOURCES)
TESTS += tests/blas_trmm tests/blas_trsm
