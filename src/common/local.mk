# Type table for precision-generic sources (header-only).
libparalia_la_SOURCES += src/common/instantiate.h src/common/prec_names.h src/common/prec_s.h \
	src/common/prec_d.h src/common/prec_undef.h
