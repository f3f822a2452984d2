#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/replay_prototype.py against a stand-in model_replay that answers one way with the
# switch unset and another with it set. A cell whose way the switch moves (T1024L -> T1024) was
# measured the other way: it must be listed apart, not counted; counted with the others, the
# switch would read 3 -> 4 of 5 cells within 15% (as the 2026-11-28j prototype's count flattered it).
# A pick whose way moves is listed and left out of the picks' count. Bad arguments exit 2, a
# glob with no sweep exits 1.
. "$(dirname "$0")/pytool_harness.sh" replay_prototype bench/replay_prototype.py

mkdir -p "$tmp/r/a" "$tmp/r/b"
touch "$tmp/r/a/kernels.txt" "$tmp/r/a/linkmap.txt" "$tmp/r/a/sweep.csv" "$tmp/r/b/sweep.csv"
cat > "$tmp/model_replay" <<'EOF'
#!/usr/bin/env bash
# unset: T1024 read late (measured so), 15% under; T2048 30% over; T4096 5% over; pick 1024 late
# PROTO_X=1: T1024 with C read with the products; T2048 10% over; T4096 5% over; pick 2048
if [ -z "${PROTO_X:-}" ]; then
  echo "d 4096x4096x4096 hhh: T1024L 10.0/8.4(-16%) T2048 12.0/15.6(+30%) T4096 11.0/11.5(+5%) | pick 1024:R1024L (devices 0x1) 1.00 of best 1024:R1024"
  echo "d 8192x8192x8192 hhh: T2048 20.0/21.0(+5%) T4096 25.0/25.0(+0%) | pick 2048:R2048 (devices 0x1) 1.00 of best 2048:R2048"
else
  echo "d 4096x4096x4096 hhh: T1024 10.0/10.0(+0%) T2048 12.0/13.2(+10%) T4096 11.0/11.5(+5%) | pick 2048:R2048 (devices 0x1) 1.20 of best 1024:R1024"
  echo "d 8192x8192x8192 hhh: T2048 20.0/21.0(+5%) T4096L 25.0/20.0(-20%) | pick 4096:R4096L (devices 0x1) 1.25 of best 2048:R2048"
fi
echo "predictions within 15%: 0 of 0; picks within 5% of the best fixed tile: 0 of 0"
EOF
chmod +x "$tmp/model_replay"

out=$(REPLAY="$tmp/model_replay" python3 "$py" PROTO_X 1 "$tmp/r/**/*.csv" 2>&1); rc=$?
check $rc "it runs (rc $rc)"
echo "$out" | grep -q "^cells whose way is the same both times: 3; within 15%: 2 -> 3; mean |error| 13.18% -> 6.52%$"
check $? "three cells compared, 2 -> 3 within 15%, the moved ones left out"
echo "$out" | grep -q "^cells whose way moved (measured the other way): 2$" &&
  echo "$out" | grep -q "d 4096x4096x4096 hhh T1024L -> T1024: 10.0 measured, 8.4 -> 10.0" &&
  echo "$out" | grep -q "d 8192x8192x8192 hhh T4096 -> T4096L: 25.0 measured, 25.0 -> 20.0"
check $? "the two cells whose way moved are listed apart"
echo "$out" | grep -q "^picks measured the way they are priced: 1; within 5% of the best fixed tile: 1 -> 0$"
check $? "one pick compared (2048 at 4096^3, measured as priced), 1 -> 0 within 5%; 8192^3's new pick (4096 read late) left out"
echo "$out" | grep -q "^picks that moved: 2$" && echo "$out" | grep -q "1024:R1024L -> 2048:R2048" &&
  echo "$out" | grep -q "2048:R2048 -> 4096:R4096L"
check $? "both moved picks listed"
echo "$out" | grep -q ", 1 sweeps"
check $? "the sweep without its kernel table and link map beside it is not replayed"

REPLAY="$tmp/model_replay" python3 "$py" "bad var" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check $? "a variable that is no name: exit 2 (rc $rc)"
REPLAY="$tmp/none" python3 "$py" PROTO_X >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check $? "no model_replay: exit 2 (rc $rc)"
REPLAY="$tmp/model_replay" python3 "$py" PROTO_X 1 "$tmp/nowhere/*.csv" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ]; check $? "no sweep: exit 1 (rc $rc)"

finish
