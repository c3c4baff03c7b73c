#!/usr/bin/env bash
# Log throughput: lines per second from one worker through the supervisor to a file target, none lost,
# beside `cat` of the same lines into the same kind of file.
#
# One rt runs the log-flood fixture (testdata/apps/log-flood) with logger.transport pino/file to a file.
# Each A round asks the worker to flood (GET /flood): it writes LINES numbered lines "flood <n>" as fast as it
# can, then "flood-end", then halts (rt restarts it: production, restartOnError default). The round's lines
# are taken from the file and checked: every number 1..LINES exactly once, in order. Rate = LINES / (time of
# the "flood-end" entry - time of the "flood 1" entry), both JSON times the supervisor stamped (ms), i.e. the
# supervisor's read -> parse -> compose -> write pipeline while the worker writes flat out.
# Each B round times `cat` of that round's JSON lines (the same bytes rt wrote) into a new file on the same
# filesystem, fork included. A and B rounds alternate; medians are reported.
#
# Settings (environment): ROUNDS (5), LINES (200000), FORMAT (text, or json for pino lines from the worker),
# QUIET_WAIT and QUIET_LOAD (lib.sh). Markdown summary on stdout, progress on stderr.
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
LINES=${LINES:-200000}
FORMAT=${FORMAT:-text}

ensure_rt_built
wait_quiet

file="$BENCH_TMP/logs/rt.log"
config="$BENCH_TMP/rt.json"
cat >"$config" <<EOF
{
  "entrypoint": "flood",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "logger": { "transport": { "target": "pino/file", "options": { "destination": "$file", "mkdir": true } } },
  "services": [ { "id": "flood", "path": "$BENCH_ROOT/testdata/apps/log-flood",
                  "env": { "FLOOD_LINES": "$LINES", "FLOOD_FORMAT": "$FORMAT" } } ]
}
EOF
log="$BENCH_TMP/rt.out"
rt_start "$config" "$log"
# rt's own lines go to the file target too: wait for the listening line there.
rt_wait_listening "$RT_PID" "$file"
say "rt listening at $RT_URL; flooding $LINES lines per round, $ROUNDS rounds of each"

# Waits until the entrypoint answers /flood with "flooding" (the worker may still be restarting).
flood() {
    local deadline=$((SECONDS + 60)) body
    while :; do
        body=$(curl -fsS --max-time 5 "$RT_URL/flood" 2>/dev/null || true)
        [ "$body" = flooding ] && return 0
        [ "$SECONDS" -lt "$deadline" ] || die "GET $RT_URL/flood did not answer 'flooding' within 60s"
        sleep 0.1
    done
}

# Number of "flood-end" entries in the file so far.
ends() { grep -c '"msg":"flood-end"' "$file" || true; }

a_rates=()
b_rates=()
for round in $(seq 1 "$ROUNDS"); do
    before_lines=$(wc -l <"$file")
    before_ends=$(ends)
    flood
    deadline=$((SECONDS + 120))
    while [ "$(ends)" -le "$before_ends" ]; do
        [ "$SECONDS" -lt "$deadline" ] || die "round $round: no flood-end within 120s"
        sleep 0.05
    done
    round_file="$BENCH_TMP/round-$round.jsonl"
    tail -n +"$((before_lines + 1))" "$file" | grep -E '"msg":"flood( [0-9]+|-end)"' >"$round_file"
    # None lost, none twice, in order.
    got=$(grep -c '"msg":"flood [0-9]*"' "$round_file" || true)
    bad=$(grep -o '"msg":"flood [0-9]*"' "$round_file" | tr -d '"' | awk '{ if ($2 != NR) { print NR; exit } }')
    [ "$got" -eq "$LINES" ] && [ -z "$bad" ] || die "round $round: $got of $LINES lines, first out of order at ${bad:-none}"
    t_first=$(grep -m1 '"msg":"flood 1"' "$round_file" | sed 's/.*"time":\([0-9]*\).*/\1/')
    t_end=$(grep -m1 '"msg":"flood-end"' "$round_file" | sed 's/.*"time":\([0-9]*\).*/\1/')
    ms=$((t_end - t_first))
    [ "$ms" -gt 0 ] || ms=1
    a=$(awk -v n="$LINES" -v ms="$ms" 'BEGIN { printf "%.0f\n", n / (ms / 1000) }')
    a_rates+=("$a")
    # B: cat of the same lines into the same kind of file.
    start=$(now)
    cat "$round_file" >"$BENCH_TMP/cat-$round.log"
    end=$(now)
    b=$(awk -v n="$LINES" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f\n", n / (e - s) }')
    b_rates+=("$b")
    say "round $round: rt $a lines/s ($ms ms, $got lines, none lost), cat $b lines/s"
    rm -f "$BENCH_TMP/cat-$round.log"
done
rt_stop "$RT_PID" "$log"

a_med=$(printf '%s\n' "${a_rates[@]}" | median)
b_med=$(printf '%s\n' "${b_rates[@]}" | median)
bytes=$(awk '{ s += length($0) + 1 } END { printf "%.0f\n", s / NR }' "$BENCH_TMP/round-1.jsonl")
echo "| path | lines/s (median of $ROUNDS) | rounds |"
echo "|---|---|---|"
echo "| worker → rt → pino/file ($FORMAT lines from the worker) | $(fmt 0 "$a_med") | ${a_rates[*]} |"
echo "| \`cat\` of the same JSON lines to a file | $(fmt 0 "$b_med") | ${b_rates[*]} |"
echo
echo "rt ÷ cat: $(div "$a_med" "$b_med"); $LINES lines per round, ~$bytes bytes per JSON line, every round complete and in order; load before: $BENCH_LOADAVG"
