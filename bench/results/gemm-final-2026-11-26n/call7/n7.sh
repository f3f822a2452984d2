#!/usr/bin/env bash
# Session 2026-11-26n, call 7: the suite under ASan and UBSan on CUDA workers (scripts/gpu-run.sh's
# sanitizers stage) on the last code (5601011: gemm chain by chain where A and B stay; the direct
# path's two streams and handles).
SANITIZERS_LIMIT=545 scripts/gpu-run.sh build sanitizers
cat "$OUT/summary.txt"; tail -60 "$OUT/results/sanitizers.log"
