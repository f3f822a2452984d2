# SPDX-License-Identifier: LGPL-2.1-or-later
# The `paralia` StarPU scheduling policy (docs/SCHEDULER.md): pure model (eta, queues, env) and
# StarPU glue (policy, route, verbose, pin).
libparalia_la_SOURCES += src/sched_policy/sched.h src/sched_policy/policy.h \
	src/sched_policy/links.c src/sched_policy/sharing.c src/sched_policy/eta.c \
	src/sched_policy/select.c src/sched_policy/queues.c src/sched_policy/env.c \
	src/sched_policy/candidates.c \
	src/sched_policy/policy.c src/sched_policy/route.c src/sched_policy/verbose.c \
	src/sched_policy/pin.c src/sched_policy/writeback.c
include_HEADERS += include/paralia_sched.h
# StarPU dlcloses the policy library at shutdown while atexit handlers and thread-local data of
# the application may still point into it: keep it mapped.
libparalia_la_LDFLAGS += -Wl,-z,nodelete
