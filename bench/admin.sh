#!/usr/bin/env bash
# What rt admin's dashboard costs the runtime (issue 36).
#
#   Two rts side by side, each the probe app as entrypoint "front" and as "back" on WORKERS workers (4). A runs with
#   "managementApi": true, so its supervisor keeps the one-second history ring of every worker's figures (and
#   answers the management socket); B runs without: no ring, no socket. Each round measures, over MEASURE seconds
#   (30), the supervisors' CPU idle (ms of CPU per second), then over DURATION (10s) of wrk on each entrypoint's
#   /hello in turn (-t1 -c8), requests/s and the supervisor's µs of CPU per request:
#     closed: no dashboard open on A (what every runtime with the management API pays);
#     open:   `rt admin --no-open` on A with the page open in Debian's headless chromium (its live updates, charts
#             and log follow running), plus the CPU of rt admin's own process.
#   ROUNDS (3) rounds, closed and open in turn (closed first in odd rounds); medians.
#
# Settings (environment): WORKERS (4), ROUNDS (3), MEASURE (30), DURATION (10s), QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

WORKERS=${WORKERS:-4}
ROUNDS=${ROUNDS:-3}
MEASURE=${MEASURE:-30}
DURATION=${DURATION:-10s}
PROBE="$BENCH_ROOT/testdata/apps/probe"

ensure_rt_built
ensure_wrk
ensure_package chromium chromium
wait_quiet

write_config() {
    local file=$1 management=$2
    cat >"$file" <<JSON
{
  $management
  "entrypoint": "front",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [ { "id": "front", "path": "$PROBE" }, { "id": "back", "path": "$PROBE", "workers": $WORKERS } ]
}
JSON
}

# wrk on URL for DURATION; prints "requests/s µs-of-PID's-CPU-per-request".
load_run() {
    local url=$1 pid=$2 c0 c1 out rps
    c0=$(cpu_ticks "$pid")
    out=$(wrk -t1 -c8 -d"$DURATION" "$url/hello")
    c1=$(cpu_ticks "$pid")
    rps=$(awk '/^Requests\/sec:/ { print $2 }' <<<"$out")
    awk -v r="$rps" -v c="$((c1 - c0))" -v hz="$CLK_TCK" -v d="${DURATION%s}" \
        'BEGIN { printf "%.0f %.2f\n", r, 1e6 * c / hz / (r * d) }'
}

write_config "$BENCH_TMP/a.json" '"managementApi": true,'
write_config "$BENCH_TMP/b.json" ''
rt_start "$BENCH_TMP/a.json" "$BENCH_TMP/a.log"; A_PID=$RT_PID
rt_wait_listening "$A_PID" "$BENCH_TMP/a.log"; A_URL=$RT_URL
rt_start "$BENCH_TMP/b.json" "$BENCH_TMP/b.log"; B_PID=$RT_PID
rt_wait_listening "$B_PID" "$BENCH_TMP/b.log"; B_URL=$RT_URL
say "A (management API, history ring) pid $A_PID at $A_URL; B (neither) pid $B_PID at $B_URL; $WORKERS back workers each"
say "warming up both (wrk ${DURATION} each, twice)"
for _ in 1 2; do load_run "$A_URL" "$A_PID" >/dev/null; load_run "$B_URL" "$B_PID" >/dev/null; done

ADMIN_PID=""
CHROMIUM_PID=""
open_dashboard() {
    java -jar "$RT_JAR" admin -p "$A_PID" --no-open >"$BENCH_TMP/admin.log" 2>&1 &
    ADMIN_PID=$!
    BENCH_OTHER_PIDS+=("$ADMIN_PID")
    local url="" i
    for i in $(seq 1 600); do
        url=$(grep -o 'http://127.0.0.1:[0-9]*/?token=[A-Za-z0-9_-]*' "$BENCH_TMP/admin.log" || true)
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "$url" ] || die "rt admin printed no URL: $(cat "$BENCH_TMP/admin.log")"
    rm -rf "$BENCH_TMP/chromium"
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$BENCH_TMP/chromium" "$url" \
        >"$BENCH_TMP/chromium.log" 2>&1 &
    CHROMIUM_PID=$!
    BENCH_OTHER_PIDS+=("$CHROMIUM_PID")
    sleep 5 # the page loads, fetches its fifteen minutes and follows /events
}
close_dashboard() {
    kill -TERM "$CHROMIUM_PID" "$ADMIN_PID" 2>/dev/null || true
    wait "$CHROMIUM_PID" "$ADMIN_PID" 2>/dev/null || true
    ADMIN_PID=""
    CHROMIUM_PID=""
}

: >"$BENCH_TMP/rows"
for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) -eq 1 ]; then order="closed open"; else order="open closed"; fi
    for side in $order; do
        [ "$side" = open ] && open_dashboard
        admin_c0=0
        [ -n "$ADMIN_PID" ] && admin_c0=$(tree_ticks "$ADMIN_PID")
        a0=$(cpu_ticks "$A_PID"); b0=$(cpu_ticks "$B_PID"); t0=$(now)
        sleep "$MEASURE"
        a1=$(cpu_ticks "$A_PID"); b1=$(cpu_ticks "$B_PID"); t1=$(now)
        admin_idle="-"
        if [ -n "$ADMIN_PID" ]; then
            admin_idle=$(awk -v c="$(($(tree_ticks "$ADMIN_PID") - admin_c0))" -v hz="$CLK_TCK" -v t="$(minus "$t1" "$t0")" \
                'BEGIN { printf "%.2f", 1000 * c / hz / t }')
        fi
        idle_a=$(awk -v c="$((a1 - a0))" -v hz="$CLK_TCK" -v t="$(minus "$t1" "$t0")" 'BEGIN { printf "%.2f", 1000 * c / hz / t }')
        idle_b=$(awk -v c="$((b1 - b0))" -v hz="$CLK_TCK" -v t="$(minus "$t1" "$t0")" 'BEGIN { printf "%.2f", 1000 * c / hz / t }')
        read -r rps_a us_a <<<"$(load_run "$A_URL" "$A_PID")"
        read -r rps_b us_b <<<"$(load_run "$B_URL" "$B_PID")"
        say "round $round $side: idle A $idle_a B $idle_b ms/s (rt admin $admin_idle); load A $rps_a/s ${us_a}µs B $rps_b/s ${us_b}µs"
        echo "$side $idle_a $idle_b $admin_idle $rps_a $us_a $rps_b $us_b" >>"$BENCH_TMP/rows"
        [ "$side" = open ] && close_dashboard
    done
done

col() { awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$BENCH_TMP/rows" | median; }
echo
echo "## rt admin: the supervisor's CPU with and without a dashboard ($(date -u +%Y-%m-%dT%H:%MZ), $(git -C "$BENCH_ROOT" rev-parse --short HEAD))"
echo
echo "WORKERS=$WORKERS back workers (+ front and its spare), ROUNDS=$ROUNDS, MEASURE=${MEASURE}s idle, DURATION=$DURATION of wrk -t1 -c8; load average before: $BENCH_LOADAVG"
echo
echo "| dashboard on A | A supervisor idle, ms CPU/s | B supervisor idle, ms CPU/s | rt admin idle, ms CPU/s | A req/s | A µs CPU/req | B req/s | B µs CPU/req |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for side in closed open; do
    admin="-"
    [ "$side" = open ] && admin=$(col open 4)
    echo "| $side | $(col "$side" 2) | $(col "$side" 3) | $admin | $(col "$side" 5) | $(col "$side" 6) | $(col "$side" 7) | $(col "$side" 8) |"
done
