#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/timeline_issues.py on a made-up trace as bench/cupti_trace.c writes it (times in ns): the
# last call only (copies more than 2 ms apart start a new one); a copy asked for before the one
# before it ended is not late, one asked for after it is, with the StarPU events before its ask;
# a free during the call is named; the gaps and their late part summed. No copy exits 1, bad
# arguments 2.
. "$(dirname "$0")/pytool_harness.sh" timeline_issues bench/timeline_issues.py

cat > "$tmp/t.csv" <<'CSV'
kind,start,end,bytes,copy,stream
memcpy,1000000,1080000,4194304,HtoD,13
api,900000,905000,0,cudaMemcpy2DAsync_v3020,7
memcpy,10000000,10080000,4194304,HtoD,13
api,9990000,9995000,0,cudaMemcpy2DAsync_v3020,7
api,10050000,10055000,0,cudaMemcpy2DAsync_v3020,7
memcpy,10081000,10161000,4194304,HtoD,13
starpu,10170000,10170000,0,gpudone:0x1:0/0,0
api,10181000,10186000,0,cudaMemcpy2DAsync_v3020,7
memcpy,10189000,10269000,4194304,HtoD,13
api,10200000,10230000,0,cudaFree_v3020,7
kernel,10100000,10150000,0,-,14
CSV
out=$(python3 "$py" "$tmp/t.csv" 2>&1); rc=$?
echo "$out"
check $rc "it runs (rc $rc)"
echo "$out" | grep -q "^2 calls in the trace; the last: 3 copies to the GPU$"
check $? "the last of two calls, three copies"
echo "$out" | grep -q "gap     1.0 us, asked for   -30.0 us after the copy before it ended"
check $? "the second copy asked for 30 us before the first ended: not late"
echo "$out" | grep -q "gap    28.0 us, asked for    20.0 us after the copy before it ended"
check $? "the third asked for 20 us after the second ended, 28 us apart"
echo "$out" | grep -q "asked at    181.0 us (link idle since    161.0): gpudone at 170.0 on worker 0"
check $? "the late ask with the task's end before it"
echo "$out" | grep -q "runtime call cudaFree_v3020 at 200.0 us for 30.0 us"
check $? "a free during the call named"
echo "$out" | grep -q "^gaps between copies: 29.0 us; after a copy asked for late: 20.0 us$"
check $? "the gaps summed, and their late part"

printf 'kind,start,end,bytes,copy,stream\nkernel,1,2,0,-,14\n' > "$tmp/none.csv"
python3 "$py" "$tmp/none.csv" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ]; check $? "no copy to the GPU exits 1 (rc $rc)"
python3 "$py" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check $? "no file exits 2 (rc $rc)"
finish
