#!/usr/bin/env bash
# The scheduler under load: JOBS jobs (1000) that each fire every second ("* * * * * *") and POST to a receiver
# (bench/scheduler-receiver, a JDK HttpServer on 127.0.0.1) that records how late each call arrives after the
# second it was due at. After WARMUP seconds (20) of firing, MEASURE seconds (30) are measured: calls received, the
# lateness p50, p90, p99 and max (target p99 <= 100 ms), and the supervisor's CPU (percent of one core) and RSS
# (MB, at the end). For comparison, the same runtime without a scheduler section, idle for MEASURE seconds (B).
#
# Settings (environment): JOBS (1000), WARMUP (20), MEASURE (30), QUIET_WAIT and QUIET_LOAD (lib.sh), LAUNCHER (the
# bin/rt that runs the runtimes: this checkout's by default, or another build's distribution to compare with).
source "$(dirname -- "$0")/lib.sh"

JOBS=${JOBS:-1000}
LAUNCHER=${LAUNCHER:-$RT}
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-30}

ensure_rt_built
wait_quiet

# Writes a runtime configuration: the probe app as entrypoint, and N jobs calling URL (none when N is 0).
write_config() {
    local file=$1 n=$2 url=$3 i
    {
        printf '{\n  "entrypoint": "a",\n  "server": { "hostname": "127.0.0.1", "port": 0 },\n'
        printf '  "services": [ { "id": "a", "path": "%s" } ]' "$BENCH_ROOT/testdata/apps/probe"
        if [ "$n" -gt 0 ]; then
            printf ',\n  "scheduler": [\n'
            for i in $(seq 1 "$n"); do
                printf '    { "name": "job-%d", "cron": "* * * * * *", "callbackUrl": "%s/job-%d", "method": "POST", "body": { "job": %d } }%s\n' \
                    "$i" "$url" "$i" "$i" "$([ "$i" -lt "$n" ] && echo ,)"
            done
            printf '  ]'
        fi
        printf '\n}\n'
    } >"$file"
}

# CPU of PID over SECONDS, in percent of one core.
cpu_percent_over() {
    local pid=$1 seconds=$2 t0 t1 c0 c1
    c0=$(cpu_ticks "$pid"); t0=$(now)
    sleep "$seconds"
    c1=$(cpu_ticks "$pid"); t1=$(now)
    awk -v c="$((c1 - c0))" -v hz="$CLK_TCK" -v t="$(minus "$t1" "$t0")" 'BEGIN { printf "%.1f\n", 100 * c / hz / t }'
}

# A: the scheduler with JOBS jobs.
say "A: $JOBS jobs every second, warm-up ${WARMUP}s, measured ${MEASURE}s"
java "$BENCH_ROOT/bench/scheduler-receiver/Receiver.java" "$BENCH_TMP/port" "$WARMUP" "$MEASURE" "$BENCH_TMP/late" \
    >"$BENCH_TMP/receiver.log" 2>&1 &
RECEIVER=$!
BENCH_OTHER_PIDS+=("$RECEIVER")
for _ in $(seq 1 600); do [ -s "$BENCH_TMP/port" ] && break; sleep 0.1; done
[ -s "$BENCH_TMP/port" ] || die "the receiver did not start: $(cat "$BENCH_TMP/receiver.log")"
write_config "$BENCH_TMP/jobs.json" "$JOBS" "http://127.0.0.1:$(cat "$BENCH_TMP/port")"
rt_start "$BENCH_TMP/jobs.json" "$BENCH_TMP/jobs.log" "$LAUNCHER"
rt_wait_listening "$RT_PID" "$BENCH_TMP/jobs.log"
touch "$BENCH_TMP/port.go"
sleep "$WARMUP"
CPU_A=$(cpu_percent_over "$RT_PID" "$MEASURE")
RSS_A=$(rss_mb "$RT_PID")
for _ in $(seq 1 600); do [ -s "$BENCH_TMP/late" ] || ! alive "$RECEIVER" && break; sleep 0.1; done
[ -s "$BENCH_TMP/late" ] || die "the receiver wrote no figures: $(cat "$BENCH_TMP/receiver.log")"
read -r CALLS SECONDS_MEASURED P50 P90 P99 MAX <"$BENCH_TMP/late"
# the runtime stops before the receiver, which answers until then: every error logged is a call that failed
rt_stop "$RT_PID" "$BENCH_TMP/jobs.log"
ERRORS=$(grep -c 'Error executing scheduler' "$BENCH_TMP/jobs.log" || true)
touch "$BENCH_TMP/port.stop"
wait "$RECEIVER" || die "the receiver failed: $(cat "$BENCH_TMP/receiver.log")"

# B: no scheduler.
say "B: the same runtime without a scheduler, idle ${MEASURE}s"
write_config "$BENCH_TMP/none.json" 0 ""
rt_start "$BENCH_TMP/none.json" "$BENCH_TMP/none.log" "$LAUNCHER"
rt_wait_listening "$RT_PID" "$BENCH_TMP/none.log"
sleep 5
CPU_B=$(cpu_percent_over "$RT_PID" "$MEASURE")
RSS_B=$(rss_mb "$RT_PID")
rt_stop "$RT_PID" "$BENCH_TMP/none.log"

EXPECTED=$((JOBS * SECONDS_MEASURED))
cat <<EOF
## Scheduler: $JOBS jobs every second

$(machine_info)

| | calls | expected | errors logged | late p50 | p90 | p99 | max | supervisor CPU | supervisor RSS |
|---|---|---|---|---|---|---|---|---|---|
| A: $JOBS jobs | $CALLS | $EXPECTED | $ERRORS | $P50 ms | $P90 ms | $P99 ms | $MAX ms | $CPU_A % | $RSS_A MB |
| B: no scheduler | | | | | | | | $CPU_B % | $RSS_B MB |

p99 lateness ≤ 100 ms: $(yesno le "$P99" 100)
EOF
