#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# scripts/kernel-table.sh's kernel_table_for, which scripts/device-env.sh asks which carried kernel
# table serves the machine: the first readable one whose "devices" line is the machine's GPU
# models, whatever the order the tables come in; none (status 1) when no table is, each table
# passed over named on stderr; a missing file named, not fatal; a table of two models serves
# only a machine with both; with no GPU model read, no table serves.
. "$(dirname "$0")/check_harness.sh" kernel_table_for
. "${top_srcdir:-$(dirname "$0")/..}/scripts/kernel-table.sh"
printf '# a table\ndevices NVIDIA H100 80GB HBM3\ngemm d 1024 40000\n' > "$tmp/h100.txt"
printf '# a table\ndevices NVIDIA H200\ngemm d 1024 41000\n' > "$tmp/h200.txt"
printf '# a table\ndevices NVIDIA H200 | NVIDIA H100 80GB HBM3\n' > "$tmp/both.txt"
printf '# no devices line\ngemm d 1024 41000\n' > "$tmp/old.txt"

got=$(kernel_table_for "NVIDIA H200" "$tmp/h100.txt" "$tmp/h200.txt" 2>"$tmp/err"); rc=$?
[ $rc -eq 0 ] && [ "$got" = "$tmp/h200.txt" ]; check $? "an H200 takes the H200's table, listed second ($got)"
grep -q "h100.txt is NVIDIA H100 80GB HBM3's table, here NVIDIA H200" "$tmp/err"; check $? "the H100's named as passed over"
got=$(kernel_table_for "NVIDIA H100 80GB HBM3" "$tmp/h100.txt" "$tmp/h200.txt" 2>/dev/null); rc=$?
[ $rc -eq 0 ] && [ "$got" = "$tmp/h100.txt" ]; check $? "an H100 takes the H100's, listed first ($got)"
got=$(kernel_table_for "NVIDIA H200" "$tmp/missing.txt" "$tmp/old.txt" "$tmp/h200.txt" 2>"$tmp/err"); rc=$?
[ $rc -eq 0 ] && [ "$got" = "$tmp/h200.txt" ]; check $? "past a missing file and a table without a devices line ($got)"
grep -q "cannot read $tmp/missing.txt" "$tmp/err" && grep -q "old.txt is no GPU model's table" "$tmp/err"
check $? "both named"
got=$(kernel_table_for "NVIDIA A100-SXM4-80GB" "$tmp/h100.txt" "$tmp/h200.txt" 2>/dev/null); rc=$?
[ $rc -eq 1 ] && [ -z "$got" ]; check $? "another model: none, status 1 (rc $rc)"
got=$(kernel_table_for "NVIDIA H200" "$tmp/both.txt" 2>/dev/null); rc=$?
[ $rc -eq 1 ]; check $? "a two-model table does not serve one of its models alone (rc $rc)"
got=$(kernel_table_for "NVIDIA H200 | NVIDIA H100 80GB HBM3" "$tmp/h200.txt" "$tmp/both.txt" 2>/dev/null); rc=$?
[ $rc -eq 0 ] && [ "$got" = "$tmp/both.txt" ]; check $? "it serves a machine with both ($got)"
got=$(kernel_table_for "" "$tmp/old.txt" "$tmp/h200.txt" 2>/dev/null); rc=$?
[ $rc -eq 1 ] && [ -z "$got" ]; check $? "no GPU model read (nvidia-smi failed): no table, not one without a devices line either (rc $rc)"
kernel_table_for "NVIDIA H200" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ]; check $? "no table given: none (rc $rc)"
finish
