# (nothing yet)

# Scheduling policy: decision cost per task (synthetic 4 GPU + 64 CPU node), and a comparison
# script of paralia against StarPU's policies on any program (sched_compare.sh).
noinst_PROGRAMS += bench/sched_decision
bench_sched_decision_SOURCES = bench/sched_decision.c
EXTRA_DIST += bench/sched_compare.sh
