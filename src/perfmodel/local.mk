# (nothing yet)
# Autotuner: kernel rates per device and tile size, Uncut-GEMMs cost, device selection, plans.
libparalia_la_SOURCES += src/perfmodel/perfmodel.h src/perfmodel/kernel_model.c \
	src/perfmodel/autotune.c
libparalia_la_SOURCES += src/perfmodel/plan.h src/perfmodel/plan.c
libparalia_la_SOURCES += src/perfmodel/calibrate.c
