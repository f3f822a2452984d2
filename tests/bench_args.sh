#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm_bench's size lists (BENCH_TILES, BENCH_BLOCKS): commas or spaces between sizes, and
# anything else refused with exit 2 and the variable named. A list read in part used to time
# fewer sizes than asked for without a word: "4096 8192" ran 4096 only, and a device call
# reported cuBLASXt's 4096 block as its best (bench/results/gemm-submit-2026-11-26e.md). And the
# dataset's parts (bench/dataset_compare.sh), the paired system's lines, the order of
# bench/tile_sweep.sh's runs, gemm_bench's BENCH_SWEEP and tile_sweep_report.py's pick counts.
set -u
b=${top_builddir:-.}/bench/gemm_bench
[ -x "$b" ] || { echo "bench_args: $b is missing"; exit 99; }
. "$(dirname "$0")/check_harness.sh" bench_args
for bad in "abc" "4096 x" "0" "-2048" "2048,4096.5" "1 2 3 4 5 6 7 8 9" ","; do
  out=$(BENCH_TILES="$bad" BENCH_REPS=1 STARPU_NCPU=1 timeout 120 "$b" graph d:64:64:64:hhh 2>&1)
  rc=$?
  [ "$rc" -eq 2 ] && echo "$out" | grep -q "BENCH_TILES"; check $? "BENCH_TILES=\"$bad\" refused (rc $rc)"
done
for good in "32 64" "32,64" " 32 , 64 "; do
  out=$(BENCH_TILES="$good" BENCH_REPS=1 STARPU_NCPU=1 timeout 120 "$b" graph d:64:64:64:hhh 2>/dev/null | grep "^graph,")
  rc=$?
  [ "$rc" -eq 0 ] && echo "$out" | grep -q ",ok$"; check $? "BENCH_TILES=\"$good\" accepted ($out)"
done
# BENCH_SWEEP (paralia): tiles from 0 (the pick) on one point's operands, a line each prefixed
# "T=<tile>,", each cell's C checked after every call before it on those operands (a count that
# lost the cells before would read C as wrong), a one-GPU point skipped; a bad list exits 2.
for bad in "abc" "-1" "0 x" "70000" ","; do
  out=$(BENCH_SWEEP="$bad" BENCH_REPS=1 STARPU_NCPU=1 timeout 120 "$b" paralia d:64:64:64:hhh 2>&1)
  rc=$?
  [ "$rc" -eq 2 ] && echo "$out" | grep -q "BENCH_SWEEP"; check $? "BENCH_SWEEP=\"$bad\" refused (rc $rc)"
done
out=$(BENCH_SWEEP="0 32,48" BENCH_REPS=2 BENCH_UNTIMED=2 STARPU_NCPU=2 timeout 300 "$b" paralia \
      d:100:90:70:hhh s:65:33:40:hhh d:64:64:64:000 2>/dev/null); rc=$?
[ "$rc" -eq 0 ] && [ "$(echo "$out" | grep -c ",ok$")" -eq 6 ] &&
  echo "$out" | sed -n 1p | grep -q "^T=0,paralia,d,100,90,70,hhh,tile " &&
  echo "$out" | sed -n 2p | grep -q "^T=32,paralia,d,100,90,70,hhh,tile 32 on " &&
  echo "$out" | sed -n 3p | grep -q "^T=48,paralia,d,100,90,70,hhh,tile 48 on " &&
  echo "$out" | sed -n 6p | grep -q "^T=48,paralia,s,65,33,40,hhh,tile 48 on " &&
  echo "$out" | sed -n 7p | grep -Eq "^(T=,)?paralia,d,64,64,64,000,.*skip" # (no GPU here: needs one)
check $? "BENCH_SWEEP=\"0 32,48\": three cells a point, checked ok (rc $rc: $(echo "$out" | cut -d, -f1-8 | tr '\n' ';'))"
# bench/dataset_compare.sh: its parts hold issue 14's dataset, each point once (FP64 and FP32; the
# nine shapes; hhh h0h 00h 0hh 000), and a part it does not know exits 2 without running anything.
dc=${top_srcdir:-.}/bench/dataset_compare.sh
want=$(for p in d s; do for sh in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:32768 \
         32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500; do
         for pl in hhh h0h 00h 0hh 000; do echo "$p:$sh:$pl"; done; done; done | sort)
got=$(bash "$dc" list)
[ "$(echo "$got" | cut -d' ' -f2 | sort)" = "$want" ] && [ "$(echo "$want" | wc -l)" -eq 90 ]
check $? "dataset_compare.sh list: the 90 points once each"
n=$(echo "$got" | awk '{ c[$1]++ } END { printf "%d %d %d", c["off"], c["gpu"], c["big"] }')
[ "$n" = "64 16 10" ]; check $? "dataset_compare.sh parts off, gpu, big: 64, 16, 10 points ($n)"
out=$(BENCH_BIN=/nonexistent bash "$dc" 000 2>&1); rc=$?
[ "$rc" -eq 2 ] && echo "$out" | grep -q "usage"; check $? "dataset_compare.sh 000 refused (rc $rc)"
# bench/tile_sweep.sh: the 000 reference (one cuBLAS call) runs first, so a sweep its caller's time
# limit cuts still has it (it used to run last: 2026-11-28i's call 4 kept it only by running it
# apart); none without a GPU-resident point. A stand-in gemm_bench logs each run and prints a line.
ts=${top_srcdir:-.}/bench/tile_sweep.sh
cat > "$tmp/bench" <<'STUB'
#!/usr/bin/env bash
echo "$1 ${PARALIA_TILE:-}" >> "$STUB_LOG"
[ "$1" = paralia ] && [ -n "${STUB_SLEEP:-}" ] && sleep "$STUB_SLEEP"
for p in "${@:2}"; do echo "$1,${p//:/,},stub,1,1,1,1,1,0,ok"; done
STUB
chmod +x "$tmp/bench"
STUB_LOG=$tmp/log BENCH_BIN=$tmp/bench SWEEP_POINTS="d:64:64:64:hhh d:64:64:64:000" SWEEP_TILES="0 32" \
  bash "$ts" "$tmp/a.csv" > /dev/null 2>&1
[ "$(head -n1 "$tmp/log")" = "cublas " ] && [ "$(grep -c . "$tmp/log")" -eq 3 ] &&
  head -n1 "$tmp/a.csv" | grep -q "^T=cublas,cublas,d,64,64,64,000,"
check $? "tile_sweep.sh: the cuBLAS reference first, at the 000 point only ($(tr '\n' ';' < "$tmp/log"))"
: > "$tmp/log"
STUB_LOG=$tmp/log STUB_SLEEP=10 BENCH_BIN=$tmp/bench SWEEP_POINTS="s:64:64:64:000" SWEEP_TILES="0 32" \
  timeout 3 bash "$ts" "$tmp/b.csv" > /dev/null 2>&1
grep -q "^T=cublas,cublas,s,64,64,64,000," "$tmp/b.csv"; check $? "tile_sweep.sh cut in its first tile keeps the reference"
: > "$tmp/log"
STUB_LOG=$tmp/log BENCH_BIN=$tmp/bench SWEEP_POINTS="d:64:64:64:hhh" SWEEP_TILES="0" bash "$ts" "$tmp/c.csv" > /dev/null 2>&1
! grep -q cublas "$tmp/log"; check $? "tile_sweep.sh: no reference without a GPU-resident point"
# SWEEP_ONE_PROCESS=1: the points off the GPU in one gemm_bench run with BENCH_SWEEP, the 000
# point still one run per tile after its reference.
: > "$tmp/log"
cat > "$tmp/bench1" <<'STUB'
#!/usr/bin/env bash
echo "$1 ${PARALIA_TILE:-} ${BENCH_SWEEP:-} ${*:2}" >> "$STUB_LOG"
for p in "${@:2}"; do echo "$1,${p//:/,},stub,1,1,1,1,1,0,ok"; done
STUB
chmod +x "$tmp/bench1"
STUB_LOG=$tmp/log BENCH_BIN=$tmp/bench1 SWEEP_ONE_PROCESS=1 SWEEP_TILES="0 32" \
  SWEEP_POINTS="d:64:64:64:hhh d:64:64:64:000 s:64:64:64:h0h" bash "$ts" "$tmp/d.csv" > /dev/null 2>&1
[ "$(tr '\n' ';' < "$tmp/log")" = "cublas   d:64:64:64:000;paralia  0 32 d:64:64:64:hhh s:64:64:64:h0h;paralia 0  d:64:64:64:000;paralia 32  d:64:64:64:000;" ]
check $? "tile_sweep.sh SWEEP_ONE_PROCESS=1: one run off the GPU, a run per tile at 000 ($(tr '\n' ';' < "$tmp/log"))"
# bench/tile_sweep_report.py: a pick against the best fixed tile as measured, and at the fixed cell
# of its own plan (the same config and prediction) where the sweep has one: at the first point the
# pick ran 1.10x the best where its plan's cell ran level with it; at the second the pick's plan
# (another prediction) has no cell.
printf 'gpu d 2048 60000\n' > "$tmp/k.txt"
printf 'link 0 1 x 50\nlink 1 0 x 50\ngroup x 90\n' > "$tmp/l.txt"
cat > "$tmp/s.csv" <<'CSV'
T=0,paralia,d,4096,4096,4096,hhh,tile 3072 on 1 dev,110.00,0,0,0,100.00,0,ok
T=2048,paralia,d,4096,4096,4096,hhh,tile 2048 on 1 dev,101.00,0,0,0,99.00,0,ok
T=3072,paralia,d,4096,4096,4096,hhh,tile 3072 on 1 dev,100.00,0,0,0,100.00,0,ok
T=0,paralia,d,8192,8192,8192,hhh,tile 2048 on 1 dev,130.00,0,0,0,90.00,0,ok
T=2048,paralia,d,8192,8192,8192,hhh,tile 2048 on 1 dev,100.00,0,0,0,95.00,0,ok
CSV
out=$(python3 "${top_srcdir:-.}/bench/tile_sweep_report.py" "$tmp/s.csv" "$tmp/k.txt" "$tmp/l.txt" 2>&1)
echo "$out" | grep -q "Picks within 5% of the best fixed tile: 0 of 2 as measured, 1 of 2 reading" &&
  echo "$out" | grep -q "| 1.10 (1.00 at T=3072) |" && echo "$out" | grep "8192x8192x8192" | grep -q "| 1.30 |"
check $? "tile_sweep_report.py: picks as measured and at their plans' cells ($(echo "$out" | grep -o 'Picks[^.]*'))"
rm -rf "$tmp"
# paired: paralia, one cuBLAS call and cuBLASXt in one process on one GPU's operands. With a GPU,
# a line per system, each checked against the host's dot products; a host placement skipped for
# all three. Without a GPU it stops naming it (exit 1); a build without CUDA refuses the system
# (exit 2). Never a line that says ok without a GPU. Which case: what the program says.
out=$(BENCH_REPS=2 BENCH_UNTIMED=2 BENCH_BLOCKS="64 128" timeout 300 "$b" paired d:300:200:100:000 \
      s:130:70:257:000 d:64:64:64:h0h 2>&1); rc=$?
if [ "$rc" -eq 2 ] && echo "$out" | grep -q "paired needs a CUDA build"; then
  echo "bench_args: paired not built here (no CUDA)"
elif [ "$rc" -eq 1 ] && echo "$out" | grep -q "no GPU for cuBLAS"; then
  ! echo "$out" | grep -q ",ok$"; check $? "paired without a GPU: exit 1, no line"
else
  for sys in paralia cublas cublasxt; do
    n=$(echo "$out" | grep -c "^$sys,[ds],.*,000,.*,ok$")
    [ "$rc" -eq 0 ] && [ "$n" -eq 2 ]; check $? "paired: $sys's two points checked ok (rc $rc, $n)"
    echo "$out" | grep -q "^$sys,d,64,64,64,h0h,.*skip (not one GPU)"; check $? "paired: $sys skips h0h"
  done
fi
finish
