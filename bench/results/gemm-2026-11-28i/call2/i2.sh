#!/usr/bin/env bash
# Session 2026-11-28i, call 2 (issue 14), on the session's last library code: the whole GPU suite
# (make -j8 check as scripts/gpu-run.sh runs it), then paralia-kernels --tall's rewrite of the
# carried table on the GPU (its first GPU run since dec111a's keyword test), the rewritten table's
# lines against the carried ones.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh i2 $t || exit
git log --oneline -1 > "$R/commit.txt" 2>/dev/null
suite 460
k="$PARALIA_HOME/kernels-$(hostname).txt"
cp "$k" "$R/kernels-before.txt"
timeout 100 _build/tools/paralia-kernels --tall > "$R/tall.log" 2>&1; echo "rc $?" >> "$R/tall.log"
cp "$k" "$R/kernels-after-tall.txt"
tail -3 "$R/tall.log"
diff "$R/kernels-before.txt" "$R/kernels-after-tall.txt" | head -40
echo "lines before $(wc -l < "$R/kernels-before.txt") after $(wc -l < "$R/kernels-after-tall.txt")"
stamp tall; pack
