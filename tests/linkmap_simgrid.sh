#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# paralia-linkmap simgrid: link maps as StarPU-SimGrid platforms. The platforms shipped in
# sim/platforms are what the tool writes from the machines' maps today; every route is made of
# defined links, the pair's own link first and then its sharing groups (checked on the 4xH200:
# a host->GPU copy crosses its link, the host-h2d group of 155 GB/s and its GPU's duplex group);
# GPUs without a peer link go through the host; StarPU's bus files hold the map's numbers; maps
# a platform cannot express are refused with the reason.
set -u
tool=${top_builddir:-.}/tools/paralia-linkmap
src=${top_srcdir:-.}
data=$src/tests/data/linkmap
tmp=$(mktemp -d "${TMPDIR:-/tmp}/linkmap_simgrid.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # check "what" command...: passes when the command succeeds
	what=$1; shift
	if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}
has() { grep -q -- "$2" "$1"; }

for conf in "$src"/sim/machines/*.conf; do
	m=$(basename "$conf" .conf)
	map=$(sed -n 's/^linkmap=//p' "$conf") cpus=$(sed -n 's/^cpus=//p' "$conf")
	check "$m: simgrid exits 0" "$tool" simgrid "$src/$map" --cpus "$cpus" -o "$tmp/$m.xml" --starpu-bus "$tmp/$m"
	check "$m: sim/platforms/$m.platform.v4.xml is what the tool writes" cmp "$tmp/$m.xml" "$src/sim/platforms/$m.platform.v4.xml"
done

if command -v python3 >/dev/null 2>&1; then
	for m in h200x1 h200x4 dgx1-v100 a100x8; do
		check "$m: XML parses, every route uses defined links, one route per ordered pair of memory hosts" \
			python3 - "$tmp/$m.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
zone = ET.parse(sys.argv[1]).getroot().find("zone")
links = {l.get("id") for l in zone.findall("link")}
hosts = [h.get("id") for h in zone.findall("host")]
mem = [h for h in hosts if h == "RAM" or h.startswith("CUDA")]
routes = {(r.get("src"), r.get("dst")): [c.get("id") for c in r.findall("link_ctn")] for r in zone.findall("route")}
assert hosts[0] == "MAIN" and any(h.startswith("CPU") for h in hosts)
assert set(routes) == {(a, b) for a in mem for b in mem if a != b}, "missing or extra routes"
for (a, b), ctn in routes.items():
    assert ctn and all(c in links for c in ctn), (a, b, ctn)
PY
	done
	check "h200x4: RAM->CUDA2 crosses its link, host-h2d and gpu2's duplex group; NVLink pairs direct" \
		python3 - "$tmp/h200x4.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
zone = ET.parse(sys.argv[1]).getroot().find("zone")
bw = {l.get("id"): float(l.get("bandwidth")[:-3]) for l in zone.findall("link")}
routes = {(r.get("src"), r.get("dst")): [c.get("id") for c in r.findall("link_ctn")] for r in zone.findall("route")}
assert routes[("RAM", "CUDA2")] == ["RAM-CUDA2", "group:host-h2d", "group:pcie-gpu2-duplex"]
assert routes[("CUDA1", "RAM")] == ["CUDA1-RAM", "group:host-d2h", "group:pcie-gpu1-duplex"]
assert routes[("CUDA0", "CUDA3")] == ["CUDA0-CUDA3"]
assert bw["RAM-CUDA2"] == 55.4e9 and bw["group:host-h2d"] == 155e9 and bw["CUDA0-CUDA3"] == 390e9
props = {h.get("id"): {p.get("id"): p.get("value") for p in h.findall("prop")} for h in zone.findall("host")}
assert props["CUDA0"] == {"model": "NVIDIA H200", "memsize": "150109880320", "memcpy_peer": "1"}
assert len([h for h in props if h.startswith("CPU")]) == 64
PY
	"$tool" simgrid "$data/pcie-only-4.txt" -o "$tmp/pcie.xml" --gpu-mem 12 >/dev/null 2>&1
	check "pcie-only: GPUs without a peer link copy through the host's links; --gpu-mem over the name's 16GB" \
		python3 - "$tmp/pcie.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
zone = ET.parse(sys.argv[1]).getroot().find("zone")
routes = {(r.get("src"), r.get("dst")): [c.get("id") for c in r.findall("link_ctn")] for r in zone.findall("route")}
r = routes[("CUDA0", "CUDA2")]
assert r[0] == "CUDA0-RAM" and "RAM-CUDA2" in r and r.index("RAM-CUDA2") > 0, r
assert routes[("CUDA0", "CUDA1")][0] == "CUDA0-CUDA1"
mem = {h.get("id"): {p.get("id"): p.get("value") for p in h.findall("prop")} for h in zone.findall("host")}
assert mem["CUDA3"]["memsize"] == str(12 << 30)
PY
fi

check "h200x4 bus: host row 0 then 55400 MB/s to each GPU, a NaN column" has "$tmp/h200x4.bandwidth" \
	"^0.000000e+00	5.540000e+04	5.540000e+04	5.540000e+04	5.540000e+04	nan	$"
check "h200x4 bus: latency 10 us" has "$tmp/h200x4.latency" "^1.000000e+01	0.000000e+00	1.000000e+01"
check "h200x4 bus: config names 64 CPUs and 4 CUDA nodes" sh -c "grep -q '^64 # Number of CPUs' '$tmp/h200x4.config' && grep -q '^4 # Number of CUDA nodes' '$tmp/h200x4.config'"

"$tool" simgrid "$data/numa4-synthetic.txt" -o "$tmp/numa.xml" >"$tmp/out" 2>&1
check "four host nodes: exit 1" test $? -eq 1
check "four host nodes: the reason" has "$tmp/out" "numa4-synthetic.txt: the map has 4 host nodes; StarPU on SimGrid simulates one host memory"
check "four host nodes: no platform left behind" test ! -e "$tmp/numa.xml"
sed 's/Tesla P100-PCIE-16GB/Some GPU/' "$data/pcie-only-4.txt" >"$tmp/unnamed.txt"
"$tool" simgrid "$tmp/unnamed.txt" -o "$tmp/x.xml" >"$tmp/out" 2>&1
check "unknown GPU memory: exit 1, asks for --gpu-mem" sh -c "test $? -eq 1 && grep -q 'give it with --gpu-mem' '$tmp/out'"
"$tool" simgrid "$data/h200x4.txt" >"$tmp/out" 2>&1
check "no -o: exit 2 with the usage" sh -c "test $? -eq 2 && grep -q 'usage:' '$tmp/out'"
"$tool" simgrid "$data/h200x4.txt" -o "$tmp/y.xml" --cpus 0 >"$tmp/out" 2>&1
check "--cpus 0: exit 2" test $? -eq 2

echo "linkmap_simgrid: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
