#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/ab_report.py on rows as device-env.sh's `alternate` writes them (and BENCH_SWEEP's
# T=<tile> cells): the speedup is the base's mean over the other's (a reversed ratio reads 0.800
# where it should read 1.250), the geometric mean over the points, the base's own spread, a plan
# that differs marked, a failed row left out and counted. A base with no rows exits 1, bad
# arguments and an unreadable file exit 2.
. "$(dirname "$0")/pytool_harness.sh" ab_report bench/ab_report.py

cat > "$tmp/a.csv" <<'CSV'
base,1,paralia,d,4096,4096,4096,hhh,tile 1024 on 1 dev,10.00,9.90,10.10,13.7,9.5,1e-5,ok
base,1,paralia,d,8192,8192,8192,hhh,tile 2048 on 1 dev,20.00,19.90,20.10,55.0,19.0,1e-5,ok
prio,1,paralia,d,4096,4096,4096,hhh,tile 1024 on 1 dev,11.00,10.90,11.10,12.5,9.5,1e-5,ok
prio,1,paralia,d,8192,8192,8192,hhh,tile 2048 on 1 dev,16.00,15.90,16.10,68.7,19.0,1e-5,ok
prio,2,paralia,d,4096,4096,4096,hhh,tile 1024 on 1 dev,11.00,10.90,11.10,12.5,9.5,1e-5,ok
prio,2,paralia,d,8192,8192,8192,hhh,tile 3072 on 1 dev,16.00,15.90,16.10,68.7,19.0,1e-5,ok
prio,2,paralia,s,4096,4096,4096,hhh,tile 2048 on 1 dev,nan,nan,nan,0,3.0,0,FAIL (rc 1)
CSV
cat > "$tmp/b.csv" <<'CSV'
# gemm_bench's header line
base,2,paralia,d,4096,4096,4096,hhh,tile 1024 on 1 dev,12.00,11.90,12.10,11.5,9.5,1e-5,ok
base,2,paralia,d,8192,8192,8192,hhh,tile 2048 on 1 dev,20.00,19.90,20.10,55.0,19.0,1e-5,ok
base,1,T=3072,paralia,d,4096,4096,32768,h0h,tile 3072 on 1 dev,26.00,26.00,26.10,42.0,23.0,1e-5,ok
prio,1,T=3072,paralia,d,4096,4096,32768,h0h,tile 3072 on 1 dev,24.00,24.00,24.10,45.0,23.0,1e-5,ok
CSV
out=$(python3 "$py" "$tmp/a.csv" "$tmp/b.csv" 2>&1); rc=$?
echo "$out"
check $rc "it runs (rc $rc)"
echo "$out" | grep -q "^| d 4096x4096x4096 hhh | tile 1024 on 1 dev | 10.00 12.00 | 11.00 11.00 | 1.000 |$"
check $? "a point's medians in the order they ran, level at equal means"
echo "$out" | grep -q "^| d 8192x8192x8192 hhh | tile 2048 on 1 dev | 20.00 20.00 | 16.00 16.00 | 1.250 \* |$"
check $? "20 ms against 16 reads 1.250 (base over other), marked: one process planned 3072"
echo "$out" | grep -q "^| d 4096x4096x32768 h0h T=3072 | tile 3072 on 1 dev | 26.00 | 24.00 | 1.083 |$"
check $? "a BENCH_SWEEP cell is its own point"
echo "$out" | grep -q "^prio: geometric mean speedup over base 1.1063 over 3 points (min 1.000 d 4096x4096x4096 hhh, max 1.250 d 8192x8192x8192 hhh)$"
check $? "the geometric mean over the three points (1.000, 1.250, 1.083)"
echo "$out" | grep -q "^base's own spread (slowest process median / fastest, at 2 points with two or more): median 1.100, max 1.200$"
check $? "the base's spread: 12 over 10 at the first point, 20 over 20 at the second"
echo "$out" | grep -q "^rows left out (not ok): 1: prio s 4096x4096x4096 hhh (FAIL (rc 1))$"
check $? "the failed row left out and named"

out=$(python3 "$py" --base nobody "$tmp/a.csv" 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "configurations: base, prio"
check $? "a base with no rows exits 1 naming the configurations (rc $rc)"
python3 "$py" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check $? "no file exits 2 (rc $rc)"
python3 "$py" "$tmp/missing.csv" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check $? "an unreadable file exits 2 (rc $rc)"
python3 "$py" --base >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check $? "--base without a name exits 2 (rc $rc)"

finish
