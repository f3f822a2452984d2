#!/usr/bin/env bash
# Session 2026-11-26o, call 7 (issue 14): the suite under ASan and UBSan on CUDA workers on the
# final code (6993ced: tall tiles, the review's fixes, pl_parse_long).
SANITIZERS_LIMIT=540 scripts/gpu-run.sh build sanitizers > /dev/null 2>&1
cat "$OUT/summary.txt" 2>/dev/null
mkdir -p "$OUT/r"; tar -C "$OUT" -xzf "$OUT/results.tar.gz" 2>/dev/null
log=$(find "$OUT" -name sanitizers.log | head -1)
[ -n "$log" ] && { grep -c "^PASS" "$log"; grep -E "^(FAIL|ERROR|SKIP)" "$log" | head; }
