# SPDX-License-Identifier: LGPL-2.1-or-later
# Type table for precision-generic sources (header-only).
libparalia_la_SOURCES += src/common/instantiate.h src/common/prec_names.h src/common/prec_s.h \
	src/common/prec_d.h src/common/prec_undef.h
# Size arithmetic that cannot overflow (tile counts, spans in bytes), shared by every layer.
libparalia_la_SOURCES += src/common/sizes.h
# A whole decimal integer read from an environment variable's value, shared by every layer.
libparalia_la_SOURCES += src/common/parse.h
# The order of a tiled gemm's products: the routine submits it, the model times it.
libparalia_la_SOURCES += src/common/order.h
