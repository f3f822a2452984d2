export STARPU_HOME=/tmp/wbprobe-home HWLOC_SYNTHETIC="package:1 numa:4 core:1 pu:1" STARPU_USE_NUMA=1 STARPU_SILENT=1 STARPU_NCUDA=0 STARPU_NOPENCL=0
unset STARPU_NCPU STARPU_SCHED STARPU_SCHED_LIB
export LD_LIBRARY_PATH=$HOME/.paralia-deps/starpu/lib:$PWD/_build/.libs
paralia() { STARPU_SCHED_LIB=$PWD/_build/.libs/libparalia.so STARPU_SCHED=paralia "$@"; }
dmda() { STARPU_SCHED=dmda "$@"; }
