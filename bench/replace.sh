#!/usr/bin/env bash
# Failed requests while workers are replaced under load: by a health check, and by a reload (SIGUSR2).
#
# health: the entrypoint runs the leaks-heap scenario (its worker 0 holds 60 % of its 128 MiB heap; maxHeapUsed
#         0.5, checks every second after 1 s, 2 bad checks replace it). wrk runs GET /hello against it for
#         DURATION; during the run the worker is found unhealthy, a new one starts, takes the traffic, and the old
#         one stops gracefully.
# reload: "api" (1 worker) relays to "back" (2 workers) over the mesh; wrk runs GET /relay?url=http://back.rt.local/hello
#         for DURATION while rt gets SIGUSR2 RELOADS times: every worker is replaced, one at a time per service.
# Target: zero failed requests (socket errors or non-2xx responses) in both.
#
# Settings (environment): DURATION (30s), RELOADS (2), THREADS (2), CONNECTIONS (32), QUIET_WAIT and QUIET_LOAD
# (lib.sh). Markdown summary on stdout, progress on stderr.
source "$(dirname -- "$0")/lib.sh"

DURATION=${DURATION:-30s}
RELOADS=${RELOADS:-2}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}

ensure_rt_built
ensure_wrk
wait_quiet
seconds=${DURATION%s}

# ---- health replacement
config="$BENCH_TMP/health.json"
cat >"$config" <<EOF
{
  "entrypoint": "api",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "health": { "interval": 1000, "gracePeriod": 1000, "maxUnhealthyChecks": 2, "maxHeapTotal": "128M",
              "maxHeapUsed": 0.5 },
  "services": [ { "id": "api", "path": "$BENCH_ROOT/testdata/apps/leaks-heap" } ]
}
EOF
log="$BENCH_TMP/health.log"
rt_start "$config" "$log"
rt_wait_listening "$RT_PID" "$log"
say "health: wrk for $DURATION while worker 0 leaks"
run_wrk "$RT_URL/hello" "$DURATION" "$THREADS" "$CONNECTIONS" "$BENCH_TMP/health.txt"
read -r h_rps h_p50 h_p99 h_errors h_requests <<<"$(parse_wrk "$BENCH_TMP/health.txt")"
h_replaced=$(grep -c 'has been replaced by the worker' "$log" || true)
h_killed=$(grep -c 'Killing it' "$log" || true)
rt_stop "$RT_PID" "$log"
say "health: $h_replaced replacements, $h_errors failed of $h_requests"

# ---- reload
config=$(api_and_back_config reload)
log="$BENCH_TMP/reload.log"
rt_start "$config" "$log"
rt_wait_listening "$RT_PID" "$log"
url="$RT_URL/relay?url=http://back.rt.local/hello"
check_url "$url" hello
reloader() {
    local gap=$((seconds / (RELOADS + 1))) i
    for i in $(seq 1 "$RELOADS"); do
        sleep "$gap"
        kill -USR2 "$RT_PID"
        say "reload: SIGUSR2 $i sent"
    done
}
say "reload: wrk for $DURATION with $RELOADS reloads"
reloader &
BENCH_OTHER_PIDS+=("$!")
run_wrk "$url" "$DURATION" "$THREADS" "$CONNECTIONS" "$BENCH_TMP/reload.txt"
wait "$!" 2>/dev/null || true
read -r r_rps r_p50 r_p99 r_errors r_requests <<<"$(parse_wrk "$BENCH_TMP/reload.txt")"
r_done=$(grep -c 'All services have been restarted' "$log" || true)
r_replaced=$(grep -c 'has been replaced by the worker' "$log" || true)
r_killed=$(grep -c 'Killing it' "$log" || true)
rt_stop "$RT_PID" "$log"

cat <<EOF
### Health replacement and reload under load (\`bench/replace.sh\`)

wrk -t$THREADS -c$CONNECTIONS -d$DURATION. $(machine_info)

| scenario | replacements | requests/s | p99 ms | requests | failed |
|---|---|---|---|---|---|
| health (leaking entrypoint worker replaced) | $h_replaced | $h_rps | $h_p99 | $h_requests | **$h_errors** |
| reload ×$RELOADS ($r_done completed; api 1 worker, back 2) | $r_replaced | $r_rps | $r_p99 | $r_requests | **$r_errors** |

Target zero failed requests: health $(yesno [ "$h_errors" = 0 ]), reload $(yesno [ "$r_errors" = 0 ]).
Old workers killed after the grace period instead of stopping: health $h_killed, reload $r_killed.
EOF
