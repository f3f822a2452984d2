libparalia_la_SOURCES += src/core/core.h src/core/init.c src/core/locate.c
