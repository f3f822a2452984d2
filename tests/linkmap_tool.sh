#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# paralia-linkmap on the synthetic link maps: `show` prints their numbers and groups, `heatmap`
# writes a valid PNG (checked chunk by chunk with Python's zlib when Python is there), bad
# command lines exit 2 with the usage, unreadable files exit 1 naming file and line.
set -u
tool=${top_builddir:-.}/tools/paralia-linkmap
data=${top_srcdir:-.}/tests/data/linkmap
tmp=$(mktemp -d "${TMPDIR:-/tmp}/linkmap_tool.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # check "what" command...: passes when the command succeeds
	what=$1; shift
	if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}
has() { grep -q -- "$2" "$1"; }
status_is() { # status_is N command...
	want=$1; shift
	"$@" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq "$want" ]
}

"$tool" show "$data/h200x4.txt" >"$tmp/h200" 2>&1
check "show h200x4 exits 0" test $? -eq 0
check "show h200x4: host->GPU 55.4" has "$tmp/h200" "host0        -     55.4     55.4     55.4     55.4"
check "show h200x4: NVLink 390.0" has "$tmp/h200" "gpu0     55.3        -    390.0    390.0    390.0"
check "show h200x4: latency matrix" has "$tmp/h200" "latency, us"
check "show h200x4: host-h2d group of 155" has "$tmp/h200" "host-h2d  *155.0 GB/s total: host0->gpu0 host0->gpu1 host0->gpu2 host0->gpu3"
check "show h200x4: 4 readers alone 221.6, together 155" has "$tmp/h200" "each alone: 221.6 GB/s summed; all at once: 155.0 GB/s summed"
check "show h200x4: names the file" has "$tmp/h200" "link map: $data/h200x4.txt"

"$tool" show "$data/dgx1-v100.txt" >"$tmp/dgx1" 2>&1
check "show dgx1: GPU0 row with 24 and 48 GB/s NVLink" has "$tmp/dgx1" "gpu0     12.0        -     24.0     24.0     48.0     48.0      8.0      8.0      8.0"
check "show dgx1: PCIe switch pair group" has "$tmp/dgx1" "pcie-sw0-h2d  *12.0 GB/s total: host0->gpu0 host0->gpu1"
"$tool" show "$data/pcie-only-4.txt" >"$tmp/pcie" 2>&1
check "show pcie-only: '.' where there is no peer link" has "$tmp/pcie" "gpu0     12.0        -     10.0        .        ."
"$tool" show "$data/a100-nvswitch-8.txt" >"$tmp/a100" 2>&1
check "show a100: NVSwitch port group" has "$tmp/a100" "nvl-out-gpu0  *240.0 GB/s total"

# Built without libpng (configure says so), heatmap refuses, saying why; the pictures' own
# content is tests/linkmap_png's.
maps="dgx1-v100 a100-nvswitch-8 h200x4 pcie-only-4"
if "$tool" heatmap "$data/h200x4.txt" -o "$tmp/probe.png" 2>"$tmp/err" >/dev/null; then :; else
	check "heatmap without libpng: says so" has "$tmp/err" "built without libpng"
	maps=
fi
for f in $maps; do
	check "heatmap $f exits 0" "$tool" heatmap "$data/$f.txt" -o "$tmp/$f.png"
	sig=$(od -An -tx1 -N16 "$tmp/$f.png" 2>/dev/null | tr -d ' \n')
	check "heatmap $f: PNG signature and IHDR first" test "$sig" = "89504e470d0a1a0a0000000d49484452"
	if command -v python3 >/dev/null 2>&1; then
		check "heatmap $f: chunks, CRCs and image data are valid" python3 - "$tmp/$f.png" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
p, types, idat = 8, [], b""
while p < len(d):
    n, = struct.unpack(">I", d[p:p + 4]); t = d[p + 4:p + 8]; body = d[p + 8:p + 8 + n]
    assert struct.unpack(">I", d[p + 8 + n:p + 12 + n])[0] == zlib.crc32(t + body) & 0xffffffff
    types.append(t); p += 12 + n
    if t == b"IHDR": w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    if t == b"IDAT": idat += body
assert types[0] == b"IHDR" and types[-1] == b"IEND" and depth == 8 and ctype == 2
assert len(zlib.decompress(idat)) == h * (3 * w + 1)
PY
	fi
done

check "no command: exit 2" status_is 2 "$tool"
check "no command: usage on stderr" has "$tmp/err" "usage: paralia-linkmap"
check "unknown command: exit 2" status_is 2 "$tool" draw
check "unknown command: named" has "$tmp/err" "unknown command 'draw'"
check "heatmap without -o: exit 2" status_is 2 "$tool" heatmap "$data/h200x4.txt"
check "heatmap -o without a name: exit 2" status_is 2 "$tool" heatmap "$data/h200x4.txt" -o
check "heatmap with two files: exit 2" status_is 2 "$tool" heatmap a b -o x.png
check "show with two files: exit 2" status_is 2 "$tool" show a b
check "show with an option: exit 2" status_is 2 "$tool" show --verbose
check "calibrate with a bad budget: exit 2" status_is 2 "$tool" calibrate --budget soon
check "calibrate with a stray argument: exit 2" status_is 2 "$tool" calibrate now
check "calibrate with no rounds: exit 2" status_is 2 "$tool" calibrate --rounds 0
check "calibrate with no rounds: named" has "$tmp/err" "--rounds '0' is not a number of rounds"
check "calibrate with rounds not a number: exit 2" status_is 2 "$tool" calibrate --rounds 3x
check "calibrate with rounds not given: exit 2" status_is 2 "$tool" calibrate --rounds
check "help: exit 0" status_is 0 "$tool" --help

check "missing file: exit 1" status_is 1 "$tool" show "$tmp/none.txt"
check "missing file: named" has "$tmp/err" "$tmp/none.txt: cannot open"
printf 'paralia-linkmap 1\nmachine m\nnode 0 host 0 numa0\nlink 0 0 1 1\nend\n' >"$tmp/bad.txt"
check "corrupt file: exit 1" status_is 1 "$tool" heatmap "$tmp/bad.txt" -o "$tmp/bad.png"
check "corrupt file: file and line named" has "$tmp/err" "$tmp/bad.txt:4: "
check "corrupt file: no image written" test ! -e "$tmp/bad.png"
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
	check "calibrate without GPUs: exit 1" status_is 1 "$tool" calibrate -o "$tmp/cal.txt"
	check "calibrate without GPUs: says it needs GPUs" has "$tmp/err" "calibration needs CUDA GPUs"
fi

echo "linkmap_tool: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
