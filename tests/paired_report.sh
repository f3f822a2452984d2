#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/paired_report.py on lines as `gemm_bench paired` with BENCH_EACH=1 writes them: per point
# each system's median, the geometric mean of cuBLAS / paralia over the calls that ran side by
# side (a call one system lacks left out), its min-max, cuBLASXt / paralia, the count at 97% or
# more; a point without all three systems left out; a file without any exits non-zero.
. "$(dirname "$0")/pytool_harness.sh" paired_report bench/paired_report.py

cat > "$tmp/p.err" <<'ERR'
[starpu] a line that is not a call
# paralia d:4096:4096:4096:000 call 0: 2.00 ms
# cublas d:4096:4096:4096:000 call 0: 2.00 ms
# cublasxt d:4096:4096:4096:000 call 0: 4.00 ms
# paralia d:4096:4096:4096:000 call 1: 2.00 ms
# cublas d:4096:4096:4096:000 call 1: 1.00 ms
# cublasxt d:4096:4096:4096:000 call 1: 4.00 ms
# paralia d:4096:4096:4096:000 call 2: 4.00 ms
# cublas d:4096:4096:4096:000 call 2: 8.00 ms
# paralia s:8192:8192:8192:000 call 0: 10.00 ms
# cublas s:8192:8192:8192:000 call 0: 10.00 ms
ERR
out=$(python3 "$py" "$tmp/p.err" 2>&1); rc=$?
echo "$out"
check $rc "it runs (rc $rc)"
# calls 0 and 1 ran beside all three: cuBLAS / paralia 1.0 and 0.5 (geometric mean 0.707), cuBLASXt 2 and 2
echo "$out" | grep -q "^| d 4096 4096 4096 000 | 2.00 | 2.00 | 4.00 | 0.707 (0.500-1.000) | 2.000 |$"
check $? "medians of every call, ratios of the calls all three made (call 2 left out of them)"
echo "$out" | grep -q "^points: 1 min 0.707 max 0.707 >=0.97: 0$"
check $? "a point without cuBLASXt's calls left out of the count"
printf '# nothing here\n' > "$tmp/none.err"
python3 "$py" "$tmp/none.err" > /dev/null 2>&1
[ $? -ne 0 ]; check $? "a file with no point exits non-zero"
python3 "$py" > /dev/null 2>&1
[ $? -ne 0 ]; check $? "no argument exits non-zero"
finish
