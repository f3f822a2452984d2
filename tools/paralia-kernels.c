/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia-kernels: measures the gemm tile kernel on one CPU core and one GPU at the autotuner's
 * tile sizes (the GPU's from rest and once its power cap engaged, with its power when NVML can
 * tell) and the tile copies' rates, and writes the kernel table the autotuner reads
 * (docs/AUTOTUNER.md).
 *   paralia-kernels [FILE]      FILE defaults to $PARALIA_HOME or ~/.paralia + /kernels-<host>.txt
 * Exit status: 0 written, 1 failed, 2 bad command line.
 */
#include <paralia.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && (argv[1][0] == '-' || !argv[1][0]))) {
		fprintf(stderr, "usage: paralia-kernels [FILE]\n");
		return 2;
	}
	if (paralia_init() != 0)
		return 1;
	int ret = paralia_calibrate_kernels(argc == 2 ? argv[1] : NULL);
	paralia_shutdown();
	if (ret == 0)
		printf("paralia-kernels: kernel table written%s%s\n", argc == 2 ? " to " : "",
		       argc == 2 ? argv[1] : "");
	return ret ? 1 : 0;
}
