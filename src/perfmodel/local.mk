# SPDX-License-Identifier: LGPL-2.1-or-later
# (nothing yet)
# Autotuner: kernel rates per device and tile size, Uncut-GEMMs cost, device selection, plans.
libparalia_la_SOURCES += src/perfmodel/perfmodel.h src/perfmodel/kernel_model.c
# The cost of one (tile size, device subset), pm_evaluate, a file per step of docs/AUTOTUNER.md
# (model.h lists them), and pm_tune's search over it; the PARALIA_* switches that force a way.
libparalia_la_SOURCES += src/perfmodel/model.h src/perfmodel/evaluate.c src/perfmodel/schedule.c \
	src/perfmodel/flows.c src/perfmodel/link_rates.c src/perfmodel/ways.c \
	src/perfmodel/flow_shop.c src/perfmodel/tune.c src/perfmodel/knobs.c
libparalia_la_SOURCES += src/perfmodel/plan.h src/perfmodel/plan.c
# Kernel table measurement (with GPU watts from NVML's energy counter, loaded at run time).
libparalia_la_SOURCES += src/perfmodel/calibrate.c src/perfmodel/power.c
# The copy engine's tile rates per host pitch, beside GEMMs (the kernel table's xfer lines).
libparalia_la_SOURCES += src/perfmodel/xfer_calibrate.c
# The host's CPU workers adding tiles into C at once (the kernel table's sum line).
libparalia_la_SOURCES += src/perfmodel/sum_calibrate.c
