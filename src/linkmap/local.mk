# SPDX-License-Identifier: LGPL-2.1-or-later
# Link map: database building/validation, file format, link arithmetic, estimating a link from
# timed copies (pure, no StarPU).
libparalia_la_SOURCES += src/linkmap/linkmap.h src/linkmap/build.c src/linkmap/db_file.c \
	src/linkmap/arith.c src/linkmap/estimate.c

# Link map of this machine: identity, file location, StarPU fallback, CUDA calibration.
libparalia_la_SOURCES += src/linkmap/machine.c src/linkmap/calibrate.c
