/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What tests/blas_trmm.c and tests/blas_trsm.c share, the two routines having one BLAS signature
 * and one insert helper's: the cases each runs through its own LOCAL(one_case) (which holds what
 * differs: the reference, the inputs' conditioning, the bounds), and every bad-argument class of
 * the routine and of its insert helper. Included in a test's precision-generic part after its
 * one_case, with TRI_OP defined as the routine (trmm or trsm); defines LOCAL(run_cases) and
 * LOCAL(bad_args).
 */
#ifndef TRI_OP
#error "define TRI_OP (trmm or trsm) before including tests/triangular_cases.h"
#endif

/* Every side x uplo x transA x diag at shapes with ragged edge tiles (T_TILE 16) and three alphas
 * on the host, then 16 of them and alpha 0 at every placement of A and B (host, first GPU, last
 * GPU), each through the test's one_case. */
static void LOCAL(run_cases)(void)
{
	static const int dims[] = { 1, 37, 64, 50, 0 };
	static const char sides[] = { 'L', 'R' }, uplos[] = { 'U', 'L' }, diags[] = { 'N', 'U' };
	static const char trans[] = { 'N', 'T', 'C' };
	static const real_t alphas[] = { 1.5, -0.7, 0 };
	unsigned seed = 4321;
	for (int mi = 0; mi < 5; mi++)
		for (int ni = 0; ni < 5; ni++)
			for (int s = 0; s < 2; s++)
				for (int u = 0; u < 2; u++)
					for (int t = 0; t < 3; t++)
						for (int d = 0; d < 2; d++)
							for (int a = 0; a < 3; a++)
								LOCAL(one_case)(sides[s], uplos[u], trans[t], diags[d], dims[mi],
								                dims[ni], alphas[a], PARALIA_HOST, PARALIA_HOST, &seed);
	/* Every placement of A and B (host, first GPU, last GPU). */
	int np = t_placement_count();
	for (int pa = 0; pa < np; pa++)
		for (int pb = 0; pb < np; pb++) {
			if (!pa && !pb)
				continue;
			for (int c = 0; c < 16; c++)
				LOCAL(one_case)(sides[c & 1], uplos[(c >> 1) & 1], trans[(c >> 2) & 1],
				                diags[(c >> 3) & 1], 37, 50, -0.7, t_placement(pa), t_placement(pb),
				                &seed);
			LOCAL(one_case)('L', 'U', 'N', 'N', 50, 37, 0, t_placement(pa), t_placement(pb), &seed);
		}
}

/* The insert helper's own checks, on small host handles. */
static void LOCAL(bad_args_task)(void)
{
	real_t a[9] = {0}, b[4] = {0};
	starpu_data_handle_t A23, A33, B22;
	starpu_matrix_data_register(&A23, STARPU_MAIN_RAM, (uintptr_t)a, 2, 2, 3, sizeof(real_t));
	starpu_matrix_data_register(&A33, STARPU_MAIN_RAM, (uintptr_t)a, 3, 3, 3, sizeof(real_t));
	starpu_matrix_data_register(&B22, STARPU_MAIN_RAM, (uintptr_t)b, 2, 2, 2, sizeof(real_t));
	struct { int expect; int ret; } cases[] = {
		{ -1, TASK(TRI_OP)('X', 'U', 'N', 'N', 1, A33, B22, NULL) },
		{ -2, TASK(TRI_OP)('L', 'X', 'N', 'N', 1, A33, B22, NULL) },
		{ -3, TASK(TRI_OP)('L', 'U', 'X', 'N', 1, A33, B22, NULL) },
		{ -4, TASK(TRI_OP)('L', 'U', 'N', 'X', 1, A33, B22, NULL) },
		{ -6, TASK(TRI_OP)('L', 'U', 'N', 'N', 1, NULL, B22, NULL) },
		{ -7, TASK(TRI_OP)('L', 'U', 'N', 'N', 1, A33, NULL, NULL) },
		{ -6, TASK(TRI_OP)('L', 'U', 'N', 'N', 1, A23, B22, NULL) },
		{ -7, TASK(TRI_OP)('L', 'U', 'N', 'N', 1, A33, B22, NULL) },
		{ -7, TASK(TRI_OP)('R', 'L', 'T', 'U', 1, A33, B22, NULL) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        PARALIA_STR(TASK(TRI_OP)), i, cases[i].ret, cases[i].expect);
	starpu_data_unregister(A23);
	starpu_data_unregister(A33);
	starpu_data_unregister(B22);
}

/* The routine's BLAS argument checks (numbered as reference BLAS), then its insert helper's. */
static void LOCAL(bad_args)(void)
{
	real_t A[16] = {0}, B[16] = {0};
	struct { int expect; int ret; } cases[] = {
		{ -1, FN(TRI_OP)('X', 'U', 'N', 'N', 2, 2, 1, A, 2, B, 2) },
		{ -1, FN(TRI_OP)('X', 'U', 'N', 'N', -1, 2, 1, A, 2, B, 2) }, /* first illegal one wins */
		{ -2, FN(TRI_OP)('L', 'q', 'N', 'N', 2, 2, 1, A, 2, B, 2) },
		{ -3, FN(TRI_OP)('L', 'U', 'Z', 'N', 2, 2, 1, A, 2, B, 2) },
		{ -4, FN(TRI_OP)('L', 'U', 'N', 'A', 2, 2, 1, A, 2, B, 2) },
		{ -5, FN(TRI_OP)('L', 'U', 'N', 'N', -1, 2, 1, A, 2, B, 2) },
		{ -6, FN(TRI_OP)('R', 'L', 'T', 'U', 2, -1, 1, A, 2, B, 2) },
		{ -8, FN(TRI_OP)('L', 'U', 'N', 'N', 2, 2, 1, NULL, 2, B, 2) },
		{ -9, FN(TRI_OP)('L', 'U', 'N', 'N', 3, 2, 1, A, 2, B, 3) },  /* side L: lda >= m */
		{ -9, FN(TRI_OP)('R', 'U', 'N', 'N', 2, 3, 1, A, 2, B, 2) },  /* side R: lda >= n */
		{ -9, FN(TRI_OP)('L', 'U', 'N', 'N', 0, 2, 1, A, 0, B, 1) },  /* lda >= 1 even when m = 0 */
		{ -10, FN(TRI_OP)('L', 'U', 'N', 'N', 2, 2, 1, A, 2, NULL, 2) },
		{ -11, FN(TRI_OP)('R', 'U', 'N', 'N', 3, 2, 1, A, 2, B, 2) },
		{ -11, FN(TRI_OP)('R', 'U', 'N', 'N', 0, 2, 1, A, 2, B, 0) },
		/* legal: lda only needs the order of A; A unread when alpha is 0; nothing read when m is 0 */
		{ 0, FN(TRI_OP)('R', 'L', 'C', 'U', 3, 2, 1, A, 2, B, 3) },
		{ 0, FN(TRI_OP)('L', 'U', 'N', 'N', 2, 2, 0, NULL, 2, B, 2) },
		{ 0, FN(TRI_OP)('L', 'U', 'N', 'N', 0, 2, 1, NULL, 1, NULL, 1) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        PARALIA_STR(FN(TRI_OP)), i, cases[i].ret, cases[i].expect);
	int nonzero = 0;
	for (int i = 0; i < 16; i++)
		nonzero |= B[i] != 0 || A[i] != 0;
	t_check(!nonzero, "%s: rejected calls left A and B untouched", PARALIA_STR(FN(TRI_OP)));
	LOCAL(bad_args_task)();
}
