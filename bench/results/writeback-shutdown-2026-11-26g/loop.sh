#!/bin/bash
# usage: loop.sh N POLICY args...   (POLICY: paralia | dmda; env PROBE_* passed through)
# prints: variant: A=assert(data_request.h:132) S=SIGSEGV O=other failure / N runs
. "$(dirname "$0")"/env.sh
n=$1; pol=$2; shift 2
bin=${PROBE_BIN:-$(dirname "$0")/probe}; tag=stock
if [ -n "$PATCHED" ]; then bin=/tmp/wbprobe/probe_np; tag=patched; export LD_LIBRARY_PATH=/tmp/wbprobe/starpu-patched/build-paralia-yes/src/.libs:$LD_LIBRARY_PATH; fi
a=0; s=0; o=0
for i in $(seq $n); do
  out=$($pol timeout 60 $bin "$@" 2>&1); rc=$?
  if echo "$out" | grep -q "data_request.h:132"; then a=$((a+1))
  elif [ $rc -eq 139 ]; then s=$((s+1))
  elif [ $rc -ne 0 ] || ! echo "$out" | grep -q "^ok"; then o=$((o+1)); echo "rc=$rc $pol $*: $(echo "$out" | grep -v linkmap | tail -2)" >> other.log; fi
done
printf "%-7s %-8s %-28s %-40s assert %2d  segv %2d  other %2d  / %d\n" "$tag" "$pol" "$*" "unreg=${PROBE_UNREG:-submit} req=${PROBE_REQ:-idle} nh=${PROBE_NH:-1} sleep=${PROBE_SLEEP:-0} wb=${PARALIA_WRITEBACK:-1}" $a $s $o $n
