# SPDX-License-Identifier: LGPL-2.1-or-later
libparalia_la_SOURCES += src/core/core.h src/core/init.c src/core/locate.c
# Simulation builds (StarPU on SimGrid): the codelets' stand-in CUDA entry, simulated GPU memory.
if PARALIA_SIMULATION
libparalia_la_SOURCES += src/core/sim.c
endif
