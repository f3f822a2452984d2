#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The policy's StarPU side with several memory nodes, on CPUs alone: hwloc's synthetic topology
# gives StarPU four NUMA nodes (STARPU_USE_NUMA=1), each a memory node of its own with one CPU
# worker, so tiles really move between nodes and the policy's prefetches, relays (a copy
# requested from a node whose own copy is still arriving) and corrections run inside StarPU, the
# code paths GPUs take. Checks: right results (the programs check themselves against CBLAS or by
# their residual), relays planned and issued, tiles moved between nodes, no hang.
b=${top_builddir:-.}
. "$(dirname "$0")/check_harness.sh" sched_numa
for p in bench/gemm_bench tests/blas_gemm tests/blas_syrk tests/blas_chain tests/blas_placement \
         tests/threads tests/stress tests/sched_writeback tests/blas_fetch_ahead tests/blas_panels tests/sched_pop tests/sched_shutdown examples/paralia-cholesky examples/paralia-lu; do
  [ -x "$b/$p" ] || { echo "sched_numa: $b/$p not built"; exit 99; }
done

# Its own StarPU home: StarPU calibrates the bus of this topology, which differs from the real one.
export STARPU_HOME="$b/tests/starpu-home-numa" HWLOC_SYNTHETIC="package:1 numa:4 core:1 pu:1"
# CPUs alone on every machine: on a GPU machine a CUDA node would make five memory nodes (so the
# 4-node map file would not apply) and take the tiles that this test wants moved between NUMA
# nodes. The GPU paths are tested by the rest of the suite.
export STARPU_USE_NUMA=1 STARPU_SILENT=1 PARALIA_SCHED=paralia STARPU_NCUDA=0 STARPU_NOPENCL=0
unset STARPU_SCHED STARPU_NCPU
mkdir -p "$STARPU_HOME"

out=$(PARALIA_VERBOSE=1 PARALIA_TILE=128 BENCH_REPS=2 timeout 300 "$b/bench/gemm_bench" paralia \
      d:1024:1024:1024:hhh s:1000:700:900:hhh 2>&1)
check $? "DGEMM and SGEMM over 4 memory nodes, results checked on sampled entries after the first call and after the four untimed ones"
echo "$out" | grep -E "^paralia,|summary|moved host0" | head -n 6
nodes=$(echo "$out" | grep -o "policy on, link map from .* (\([0-9]*\) nodes)" | head -n1)
echo "$nodes" | grep -q "(4 nodes)"; check $? "the policy sees 4 memory nodes ($nodes)"
relays=$(echo "$out" | sed -n 's/.*summary: .* tasks in .* s; \([0-9]*\) relays issued, \([0-9]*\) dropped.*/\1 \2/p' | awk '{s += $1 + $2; i += $1} END {print s + 0, i + 0}')
planned=${relays% *} issued=${relays#* }
[ "$planned" -gt 0 ] && [ "$issued" -gt 0 ]; check $? "relays planned ($planned) and issued ($issued)"
echo "$out" | grep -Eq "moved host[1-3]->host[0-3] "; check $? "tiles moved between non-home nodes"

# The same with a link-map file: node 0's links share 15 GB/s (a sharing group), the others are fast.
out=$(PARALIA_LINKMAP="${top_srcdir:-.}/tests/data/linkmap/numa4-synthetic.txt" PARALIA_VERBOSE=1 \
      PARALIA_TILE=128 BENCH_REPS=2 timeout 300 "$b/bench/gemm_bench" paralia d:1024:1024:1024:hhh 2>&1)
check $? "DGEMM under a link-map file with a sharing group, results checked"
echo "$out" | grep -q "link map from file (4 nodes)"; check $? "the policy uses the file's 4 nodes"

# Routines against CBLAS, kept matrices and WR-lazy, two application threads at once.
for t in blas_gemm blas_syrk blas_chain blas_placement threads stress sched_writeback blas_fetch_ahead blas_panels sched_pop; do
  out=$(timeout 300 "$b/tests/$t" 2>&1)
  check $? "tests/$t over 4 memory nodes: $(echo "$out" | tail -n 1)"
done
# gemm with every C tile read late (scratch chains, then C = scratch + beta C), C's tiles
# requested by idle requests to the node where the chains run.
out=$(PARALIA_C_LATE=all timeout 300 "$b/tests/blas_gemm" 2>&1)
check $? "tests/blas_gemm with C read late over 4 memory nodes: $(echo "$out" | tail -n 1)"
# A program that releases its data with unregister_submit and shuts down at once: StarPU stopped
# its workers with the policy's write-back requests queued and aborted (tests/sched_shutdown.c).
ok=0
for i in 1 2 3 4 5 6 7 8 9 10; do
  if out=$(timeout 60 "$b/tests/sched_shutdown" 2>&1); then ok=$((ok + 1)); else echo "$out" | grep -v "^paralia:" | tail -n 3; fi
done
[ $ok -eq 10 ]; check $? "tests/sched_shutdown: $ok of 10 runs shut down at once, no abort"
for prog in paralia-cholesky paralia-lu; do
  out=$(timeout 300 "$b/examples/$prog" -n 600 -nb 64 -check 2>&1)
  check $? "$prog -n 600 -nb 64 -check over 4 memory nodes"
done
finish
