# SPDX-License-Identifier: LGPL-2.1-or-later
# Sourced by scripts/test.sh --sanitizers and scripts/gpu-run.sh's sanitizers stage: how the test
# programs of a --enable-sanitizers build (ASan + UBSan) run. Any report ends the program with a
# non-zero status, so the test that meets it fails.
_san_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# protect_shadow_gap=0: the CUDA driver maps memory where ASan would otherwise forbid it.
export ASAN_OPTIONS="protect_shadow_gap=0:detect_leaks=1:halt_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# Leaks inside the libraries paralia links, each entry commented there; none from paralia.
export LSAN_OPTIONS="suppressions=$_san_here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# hwloc's "pci" plugin (libpciaccess) leaves ~1 KB allocated, then hwloc unloads it at exit, so
# LeakSanitizer reports it from an "<unknown module>" that no suppression can name. hwloc's Linux
# backend still finds the PCI devices (sysfs) without it.
export HWLOC_PLUGINS_BLACKLIST=hwloc_pci
unset _san_here
