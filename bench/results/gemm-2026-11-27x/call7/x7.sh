#!/usr/bin/env bash
# Session 2026-11-27x, call 7 (issue 14): the direct path's third way (B copied to a leading
# dimension of a multiple of 128 bytes, then one call): the GPU suite on this code first (its
# gemm_direct.sh runs every direct call of blas_gemm with B packed, against CBLAS); then at the
# dataset's GPU-resident odd shapes, FP32 and FP64, the default (measuring the three ways) and
# each way forced, two rounds alternating, each in its own process; one cuBLAS call and cuBLASXt.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh x7 $t || exit
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 310 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
rm -f "$OUT/summary.txt" "$OUT/results.tar.gz"
tail -3 "$R/suite/summary.txt"; grep -h "gemm_direct\|direct_way" -r "$R/suite" | grep -v "ok  " | tail -6
stamp suite; pack
pts="s:27000:9500:14500:000 s:20000:17000:9000:000 s:12000:30000:7000:000 d:27000:9500:14500:000 d:20000:17000:9000:000 d:12000:30000:7000:000"
PARALIA_VERBOSE=2 ALT_LIMIT=45 alternate "1 2" ways.csv "$pts" measure whole:PARALIA_DIRECT_WAY=whole blocks:PARALIA_DIRECT_WAY=blocks packed:PARALIA_DIRECT_WAY=packed
for sys in cublas cublasxt; do
  timeout 60 _build/bench/gemm_bench $sys $pts 2> "$R/$sys.err" >> "$R/ref.csv"; stamp $sys; pack
done
cat "$R/ways.csv" "$R/ref.csv"; grep -h "on GPU 0: " "$R"/measure-*.err | sort | uniq | head -12
