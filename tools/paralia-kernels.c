/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia-kernels: measures the gemm tile kernel on one CPU core and one GPU at the autotuner's
 * tile sizes (the GPU's from rest and once its power cap engaged, with its power when NVML can
 * tell) and the tile copies' rates, and writes the kernel table the autotuner reads
 * (docs/AUTOTUNER.md).
 *   paralia-kernels [FILE]        FILE defaults to $PARALIA_HOME or ~/.paralia + /kernels-<host>.txt
 *   paralia-kernels --sum [FILE]  only the CPU workers' rate adding tiles (the "sum" line), put
 *                                 into an existing table (seconds, where the whole takes minutes)
 *   paralia-kernels --tall [FILE] only the GPU's tall products (the "tall" lines), put into an
 *                                 existing table (about a minute)
 * Exit status: 0 written, 1 failed, 2 bad command line.
 */
#include <paralia.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	int sum = argc > 1 && !strcmp(argv[1], "--sum"), tall = argc > 1 && !strcmp(argv[1], "--tall");
	int opt = sum || tall;
	const char *file = argc > 1 + opt ? argv[1 + opt] : NULL;
	if (argc > 2 + opt || (file && (file[0] == '-' || !file[0]))) {
		fprintf(stderr, "usage: paralia-kernels [--sum | --tall] [FILE]\n");
		return 2;
	}
	if (paralia_init() != 0)
		return 1;
	int ret = sum ? paralia_calibrate_sum(file) : tall ? paralia_calibrate_tall(file)
	                                                   : paralia_calibrate_kernels(file);
	paralia_shutdown();
	if (ret == 0)
		printf("paralia-kernels: %s written%s%s\n", sum ? "sum line" : tall ? "tall lines" : "kernel table",
		       file ? " to " : "", file ? file : "");
	return ret ? 1 : 0;
}
