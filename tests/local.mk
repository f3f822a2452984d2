# Each test is a program that can fail; tests mirror src/ (blas_*, linkmap_*, sched_*).
TESTING_SOURCES = tests/testing.c tests/testing.h tests/testing_prec.c tests/testing_prec.h
check_PROGRAMS += tests/blas_gemm
tests_blas_gemm_SOURCES = tests/blas_gemm.c $(TESTING_SOURCES)
TESTS += tests/blas_gemm
