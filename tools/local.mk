# SPDX-License-Identifier: LGPL-2.1-or-later
# paralia-linkmap: calibrate, show and draw the link map (README: "The link map").
bin_PROGRAMS += tools/paralia-linkmap
tools_paralia_linkmap_SOURCES = tools/paralia-linkmap.c tools/linkmap_heatmap.c \
	tools/linkmap_heatmap.h tools/font5x8.c tools/font5x8.h tools/linkmap_simgrid.c \
	tools/linkmap_simgrid.h
tools_paralia_linkmap_CFLAGS = $(AM_CFLAGS) $(PNG_CFLAGS)
tools_paralia_linkmap_LDADD = $(LDADD) $(PNG_LIBS)

# paralia-kernels: the autotuner's kernel table (gemm tile rates, GPU watts) for this machine.
bin_PROGRAMS += tools/paralia-kernels
tools_paralia_kernels_SOURCES = tools/paralia-kernels.c

# paralia-simmodels: completes the StarPU models of a simulated machine (scripts/simulate.sh); it
# adds samples, which StarPU on SimGrid refuses, so it is built against the normal StarPU only.
if !PARALIA_SIMULATION
noinst_PROGRAMS += tools/paralia-simmodels
tools_paralia_simmodels_SOURCES = tools/paralia-simmodels.c
endif
