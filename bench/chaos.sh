#!/usr/bin/env bash
# Throughput and failed requests of a two-worker service while one of its workers is killed every few seconds.
#
# wrk drives GET <entrypoint>/relay?url=http://back.rt.local/sleep?ms=SLEEP_MS: the entrypoint worker relays
# each request over the mesh to "back", which runs two workers and holds each request SLEEP_MS (default 20: a
# database call, say, so that requests really are in flight on a worker when it dies), and answers with back's
# status (so a failure at back shows up as a non-2xx response in wrk). First an undisturbed run, then the same run while every KILL_EVERY seconds
# the oldest worker of "back" gets SIGKILL (production mode: restarted at once). Just before each kill the
# script asks that worker how many requests it is handling (GET /in-flight on its own port): the requests that
# its death can fail. Reported: requests/s of both runs and their ratio, failed requests, and the sum of the
# requests in flight on the killed workers.
#
# Settings (environment): DURATION (60s), KILL_EVERY (5), SLEEP_MS (20), THREADS (2), CONNECTIONS (32), QUIET_WAIT and
# QUIET_LOAD (lib.sh). Markdown summary on stdout, progress on stderr.
source "$(dirname -- "$0")/lib.sh"

DURATION=${DURATION:-60s}
KILL_EVERY=${KILL_EVERY:-5}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
SLEEP_MS=${SLEEP_MS:-20}

ensure_rt_built
ensure_wrk
wait_quiet

config=$(api_and_back_config rt)
log="$BENCH_TMP/rt.log"
rt_start "$config" "$log"
rt_wait_listening "$RT_PID" "$log"
url="$RT_URL/relay?url=http://back.rt.local/sleep?ms=$SLEEP_MS"
check_url "$url" slept
say "rt listening at $RT_URL; warming up for 10 s"
run_wrk "$url" 10s "$THREADS" "$CONNECTIONS" "$BENCH_TMP/warmup.txt"

say "undisturbed run, $DURATION"
run_wrk "$url" "$DURATION" "$THREADS" "$CONNECTIONS" "$BENCH_TMP/calm.txt"
read -r calm_rps calm_p50 calm_p99 calm_errors calm_requests <<<"$(parse_wrk "$BENCH_TMP/calm.txt")"
say "undisturbed: $calm_rps requests/s, $calm_errors failed of $calm_requests"

# Live worker indexes of "back", from the log (started and not yet seen exiting); the lowest is the oldest.
back_workers() {
    local started exited
    started=$(grep -o 'Started the worker [0-9]* of the service \\"back\\"' "$log" | grep -o '[0-9]*' || true)
    exited=$(grep -o 'The worker [0-9]* of the service \\"back\\" unexpectedly exited' "$log" | grep -o '[0-9]*' || true)
    for i in $started; do grep -qx "$i" <<<"$exited" || echo "$i"; done
}

kills="$BENCH_TMP/kills.tsv"
: >"$kills"
chaos() {
    local seconds=${DURATION%s} elapsed=0 index pid port in_flight
    while [ $((elapsed + KILL_EVERY)) -lt "$seconds" ]; do
        sleep "$KILL_EVERY"
        elapsed=$((elapsed + KILL_EVERY))
        index=$(back_workers | sort -n | sed -n 1p) # sed reads everything: no SIGPIPE under pipefail
        [ -n "$index" ] || continue
        pid=$(rt_worker_pid "$log" back "$index")
        port=$(rt_worker_port "$log" back "$index")
        in_flight=$(curl -s --max-time 1 "http://127.0.0.1:$port/in-flight" || echo "?")
        is_rt_worker "$pid" && kill -KILL "$pid"
        echo "$elapsed $index $in_flight" >>"$kills"
        say "t=${elapsed}s: killed back:$index (pid $pid) with $in_flight requests in flight"
    done
}

say "disturbed run, $DURATION, a worker of back killed every ${KILL_EVERY} s"
chaos &
chaos_pid=$!
BENCH_OTHER_PIDS+=("$chaos_pid")
run_wrk "$url" "$DURATION" "$THREADS" "$CONNECTIONS" "$BENCH_TMP/chaos.txt"
wait "$chaos_pid" || true
read -r chaos_rps chaos_p50 chaos_p99 chaos_errors chaos_requests <<<"$(parse_wrk "$BENCH_TMP/chaos.txt")"
killed=$(wc -l <"$kills")
in_flight_sum=$(awk '$3 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }' "$kills")
ratio=$(div "$chaos_rps" "$calm_rps")
restarted=$(grep -c 'of the service \\"back\\" has been successfully restarted' "$log" || true)
delayed=$(grep -o 'of the service \\"back\\" will be restarted in [0-9]*ms' "$log" | grep -o '[0-9]*ms' | tr '\n' ' ' || true)

cat <<EOF
### Two-worker service with a worker killed every ${KILL_EVERY} s (\`bench/chaos.sh\`)

wrk -t$THREADS -c$CONNECTIONS -d$DURATION against \`/relay?url=http://back.rt.local/sleep?ms=$SLEEP_MS\` (entrypoint worker →
mesh → one of back's two workers, which holds each request $SLEEP_MS ms). $(machine_info)

| run | requests/s | p50 ms | p99 ms | requests | failed |
|---|---|---|---|---|---|
| undisturbed | $calm_rps | $calm_p50 | $calm_p99 | $calm_requests | $calm_errors |
| $killed workers killed | $chaos_rps | $chaos_p50 | $chaos_p99 | $chaos_requests | $chaos_errors |

- Throughput under kills / undisturbed: **$ratio** (target ≥ 0.6: $(yesno ge "$ratio" 0.6)).
- Failed requests: **$chaos_errors**; requests in flight on the killed workers just before each kill: **$in_flight_sum**
  (target failed ≤ in flight: $(yesno le "$chaos_errors" "$in_flight_sum")). Per kill (seconds into the run, worker, in flight):
  $(awk '{ printf "%ss back:%s %s; ", $1, $2, $3 }' "$kills")
- Restarts completed: $restarted; crash-loop delays applied: ${delayed:-none}.
EOF
