#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The policy loads into a plain StarPU program through StarPU's environment variables
# (STARPU_SCHED_LIB + STARPU_SCHED=paralia), runs it correctly, and STARPU_SCHED=help lists it.
b=${top_builddir:-.}
lib=$b/.libs/libparalia.so
prog=$b/tests/sched_foreign
[ -f "$lib" ] || { echo "sched_env: $lib not built"; exit 99; }
. "$(dirname "$0")/check_harness.sh" sched_env

out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_VERBOSE=1 STARPU_SILENT=0 "$prog" 2>&1)
rc=$?
[ $rc -eq 77 ] && { echo "sched_env: no StarPU worker"; exit 77; }
echo "$out" | tail -n 12
check $rc "sched_foreign under STARPU_SCHED=paralia exits 0"
echo "$out" | grep -q "sched_foreign: policy paralia"; check $? "StarPU reports the paralia policy"
echo "$out" | grep -q "paralia: summary:"; check $? "the policy's summary appears (PARALIA_VERBOSE=1)"
echo "$out" | grep -q "sched_foreign: ok"; check $? "results are right"

out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=help STARPU_SILENT=0 "$prog" 2>&1)
echo "$out" | grep -q "^paralia "; check $? "STARPU_SCHED=help lists paralia"

out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_DEVICES=cpu0 PARALIA_VERBOSE=2 "$prog" 2>&1)
check $? "PARALIA_DEVICES=cpu0 and PARALIA_VERBOSE=2 run correctly"
echo "$out" | grep -q "paralia: task .* -> cpu0"; check $? "per-task log lines name the chosen worker"
n_other=$(echo "$out" | grep "paralia:   worker" | grep -v "cpu0 " | awk '$5 != 0' | wc -l)
[ "$n_other" -eq 0 ]; check $? "only cpu0 ran tasks with PARALIA_DEVICES=cpu0"

out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_ROUTE=0 PARALIA_LOOKAHEAD=0 PARALIA_MAX_HOPS=bad "$prog" 2>&1)
check $? "PARALIA_ROUTE=0 PARALIA_LOOKAHEAD=0 run correctly"
echo "$out" | grep -q "PARALIA_MAX_HOPS=bad"; check $? "a bad value is named in one line"
out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_POP_READY=1 PARALIA_VERBOSE=1 "$prog" 2>&1)
check $? "PARALIA_POP_READY=1 runs correctly"
echo "$out" | grep -q "below the head's priority"; check $? "the summary counts the tasks popped below the head's priority"
out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_POP_READY=2 PARALIA_VERBOSE=1 "$prog" 2>&1)
check $? "PARALIA_POP_READY=2 runs correctly"
echo "$out" | grep -q "below the head's priority"; check $? "=2's summary counts the tasks popped below the head's priority"
out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_POP_READY=3 "$prog" 2>&1)
check $? "PARALIA_POP_READY=3 runs (the default kept)"
echo "$out" | grep -q "PARALIA_POP_READY=3 is not an integer in 0..2"; check $? "PARALIA_POP_READY=3 is named in one line"
out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_POP_HOLD=0 PARALIA_VERBOSE=1 "$prog" 2>&1)
check $? "PARALIA_POP_HOLD=0 runs correctly"
out=$(STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia PARALIA_POP_HOLD=2 "$prog" 2>&1)
check $? "PARALIA_POP_HOLD=2 runs (the default kept)"
echo "$out" | grep -q "PARALIA_POP_HOLD=2 is not an integer in 0..1"; check $? "PARALIA_POP_HOLD=2 is named in one line"
finish
