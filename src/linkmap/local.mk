# Link map: database building/validation, file format, link arithmetic (pure, no StarPU).
libparalia_la_SOURCES += src/linkmap/linkmap.h src/linkmap/build.c src/linkmap/db_file.c \
	src/linkmap/arith.c
