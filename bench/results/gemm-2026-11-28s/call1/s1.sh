#!/usr/bin/env bash
# Session 2026-11-28s, call 1 (issue 14), on fe7b228 (the library of 5224e68):
# FP64 8192^3 with B on the GPU (h0h), whose two plans the model prices alike (25.7 ms on
# 2026-11-28r's call 3 map) but which ran 24.6 ms (session n's pick: tiles of 1024, C's and A's
# 8192 rows) and 26.1 ms (r's pick: 2048, 3072 rows) in different calls:
# 1. both plans, forced, beside the model's own pick, side by side: each in its own process,
#    three rounds in rotating order, medians of 9 after gemm_bench's untimed calls;
# 2. the point's sweep: the pick, square tiles 1024-6144 and tall ones, in one process where
#    gemm_bench allows (tall ones in their own), medians of 5;
# 3. both plans' GPU timelines (bench/gpu_timeline.sh with StarPU's events).
. scripts/device-env.sh s1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
pt=d:8192:8192:8192:h0h
export BENCH_REPS=9 ALT_LIMIT=60
n=n1024:PARALIA_TILE=1024,PARALIA_TALL=8192 r=r2048:PARALIA_TILE=2048,PARALIA_TALL=3072
alternate 1 tie.csv "$pt" model "$n" "$r"
alternate 2 tie.csv "$pt" "$r" model "$n"
alternate 3 tie.csv "$pt" "$n" "$r" model
python3 bench/ab_report.py --base model "$R/tie.csv" > "$R/tie-report.txt" 2>&1; cat "$R/tie-report.txt"
cut -d, -f1,2,9,10,11,12,14 "$R/tie.csv"
grep -h "tile\|panel\|late" "$R"/n1024-1.err "$R"/r2048-1.err "$R"/model-1.err | grep -v "^\[starpu" | head -12
stamp tie; pack
SWEEP_ONE_PROCESS=1 BENCH_REPS=5 PARALIA_VERBOSE=1 SWEEP_POINTS="$pt" \
  SWEEP_TILES="0 1024 1536 2048 3072 4096 6144" SWEEP_TALL="1024:8192 1536:8192 2048:8192 2048:3072 3072:8192 1024:4096" \
  timeout 150 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
echo "sweep rc $?"; cut -d, -f1,3-10,13 "$R/sweep.csv"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" > "$R/replay.txt" 2>&1; cat "$R/replay.txt"
stamp sweep; pack
for tp in 1024:8192 2048:3072; do
  PARALIA_TALL=${tp#*:} TIMELINE_STARPU=1 PARALIA_VERBOSE=1 timeout 60 \
    bash bench/gpu_timeline.sh "$R/timeline" "${tp%%:*}:$pt" > /dev/null 2>&1
  echo "timeline $tp rc $?"
done
cat "$R/timeline/report.txt" 2>/dev/null | head -60
stamp timelines; pack
