#!/usr/bin/env bash
# Two rts side by side that differ only in the supervisor's JVM options, wrk on each entrypoint in turn:
#
#   A = rt with OPTS_A     B = rt with OPTS_B     (both: testdata/apps/probe as entrypoint "a", GET /hello,
#                                                  unless APP and ENTRY_PATH say otherwise)
#
# For trying a proxy setting (-Drt.proxy.transport=..., -Drt.proxy.ioThreads=..., a GC) against the default
# in one machine state. One warm-up run of each side, then ROUNDS interleaved rounds (ABBA); medians of
# requests/s, p50 and the CPU µs per request of each supervisor and its worker. The markdown summary goes to
# stdout, progress to stderr.
#
# Settings (environment): OPTS_A and OPTS_B (both default to bin/rt's supervisor options, BASE_OPTS below),
# ROUNDS (6), DURATION (10s), WARMUP (30s), THREADS (2), CONNECTIONS (32), APP (testdata/apps/probe) and
# ENTRY_PATH (/hello) as in nginx.sh, QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

BASE_OPTS="-XX:+UseSerialGC -Xms16m -Xmx512m -XX:+ExitOnOutOfMemoryError"
OPTS_A=${OPTS_A:-$BASE_OPTS}
OPTS_B=${OPTS_B:-$BASE_OPTS}
ROUNDS=${ROUNDS:-6}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-30s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
APP=$(app_dir "${APP:-}") || exit 1
ENTRY_PATH=${ENTRY_PATH:-/hello}

# Starts one rt with OPTS as its JVM options; sets SIDE_PID, SIDE_WORKER (a's worker) and SIDE_URL.
start_side() {
    local name=$1 opts=$2 log="$BENCH_TMP/rt-$1.log"
    write_probe_config "$BENCH_TMP/rt-$name.json" 0 "$APP"
    RT_JAVA_OPTS="$opts" rt_start "$BENCH_TMP/rt-$name.json" "$log"
    rt_wait_listening "$RT_PID" "$log"
    SIDE_PID=$RT_PID SIDE_URL="$RT_URL$ENTRY_PATH"
    SIDE_WORKER=$(rt_worker_pid "$log" a 0)
    [ -n "$SIDE_WORKER" ] || die "no worker of a in $log"
    check_url "$SIDE_URL" hello
}

# One wrk run: "side round rps p50 p99 errors requests us_supervisor us_worker" into options.tsv.
measure() {
    local side=$1 round=$2 pid=$3 worker=$4 url=$5 duration=$6 out="$BENCH_TMP/options-$1-$2.txt"
    local s0 s1 w0 w1 result us
    s0=$(cpu_ticks "$pid"); w0=$(cpu_ticks "$worker")
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out"
    s1=$(cpu_ticks "$pid"); w1=$(cpu_ticks "$worker")
    result=$(parse_wrk "$out")
    us=$(awk -v s=$((s1 - s0)) -v w=$((w1 - w0)) -v hz="$CLK_TCK" -v r="$(cut -d' ' -f5 <<<"$result")" \
        'BEGIN { printf "%.1f %.1f", 1e6 * s / hz / r, 1e6 * w / hz / r }')
    [ "$round" = warmup ] || echo "$side $round $result $us" >>"$BENCH_TMP/options.tsv"
    say "$side $round: rps p50 p99 errors requests = $result; CPU µs/request supervisor worker = $us"
}

col() {
    awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$BENCH_TMP/options.tsv" | median
}

main() {
    ensure_rt_built
    ensure_wrk
    wait_quiet
    local pid_a worker_a url_a pid_b worker_b url_b side
    start_side a "$OPTS_A"; pid_a=$SIDE_PID worker_a=$SIDE_WORKER url_a=$SIDE_URL
    start_side b "$OPTS_B"; pid_b=$SIDE_PID worker_b=$SIDE_WORKER url_b=$SIDE_URL
    say "A: $url_a pid $pid_a, options $OPTS_A"
    say "B: $url_b pid $pid_b, options $OPTS_B"
    : >"$BENCH_TMP/options.tsv"
    measure A warmup "$pid_a" "$worker_a" "$url_a" "$WARMUP"
    measure B warmup "$pid_b" "$worker_b" "$url_b" "$WARMUP"
    round_a() { measure A "$1" "$pid_a" "$worker_a" "$url_a" "$DURATION"; }
    round_b() { measure B "$1" "$pid_b" "$worker_b" "$url_b" "$DURATION"; }
    abba_rounds "$ROUNDS" round_a round_b
    rt_stop "$pid_a" "$BENCH_TMP/rt-a.log"; rt_stop "$pid_b" "$BENCH_TMP/rt-b.log"
    echo "## options.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "$(machine_info)"
    echo
    echo "- A: \`$OPTS_A\`"
    echo "- B: \`$OPTS_B\`"
    echo
    echo "$ROUNDS interleaved rounds of $DURATION after $WARMUP of warm-up each, wrk -t$THREADS -c$CONNECTIONS on" \
        "the entrypoint's $ENTRY_PATH ($(basename "$APP")); medians."
    echo
    echo "| side | requests/s | p50 ms | p99 ms | errors | CPU µs per request: supervisor | worker |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for side in A B; do
        echo "| $side | $(fmt 0 "$(col $side 3)") | $(fmt 3 "$(col $side 4)") | $(fmt 3 "$(col $side 5)") |" \
            "$(awk -v s=$side '$1 == s { e += $6 } END { print e + 0 }' "$BENCH_TMP/options.tsv") |" \
            "$(fmt 1 "$(col $side 8)") | $(fmt 1 "$(col $side 9)") |"
    done
    echo
    echo "- requests/s A ÷ B **$(div "$(col A 3)" "$(col B 3)")**; supervisor CPU per request A ÷ B" \
        "**$(div "$(col A 8)" "$(col B 8)")**"
    echo
}

main "$@"
