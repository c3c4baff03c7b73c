#!/usr/bin/env bash
# rt's TLS on BoringSSL (netty-tcnative, the default on linux-x86_64) versus the JDK's SSLEngine
# (-Dio.netty.handler.ssl.noOpenSsl=true), two rts side by side with the same certificate
# (testdata/tls/localhost-*.pem) in front of a worker of testdata/apps/probe each:
#
#   A = rt, BoringSSL        B = rt, the JDK's SSLEngine
#
# in two modes, one after the other:
#   keep-alive:  wrk keeps its connections: TLS records only (encryption of small requests and responses).
#   handshake:   wrk sends "Connection: close": one full TLS handshake per request, as many short-lived
#                clients make; the server's signature and key exchange dominate.
# Each mode: one warm-up run of each side, then ROUNDS interleaved rounds (ABBA); medians of requests/s and of
# the supervisor's CPU per request. The markdown summary goes to stdout, progress to stderr.
#
# Settings (environment): ROUNDS (4), DURATION (10s), WARMUP (15s), THREADS (2), CONNECTIONS (32),
# MODES ("keep-alive handshake"), QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
MODES=${MODES:-keep-alive handshake}
BASE_OPTS="-XX:+UseSerialGC -Xms16m -Xmx512m -XX:+ExitOnOutOfMemoryError"

# Starts one rt with OPTS as its JVM options; sets SIDE_PID and SIDE_URL (its /hello).
start_side() {
    local name=$1 opts=$2 log="$BENCH_TMP/rt-$1.log"
    write_tls_probe_config "$BENCH_TMP/rt-$name.json"
    RT_JAVA_OPTS="$opts" rt_start "$BENCH_TMP/rt-$name.json" "$log"
    rt_wait_listening "$RT_PID" "$log"
    SIDE_PID=$RT_PID SIDE_URL="$RT_URL/hello"
    local body
    body=$(curl -ksS --max-time 5 "$SIDE_URL") || die "GET $SIDE_URL failed"
    [ "$body" = hello ] || die "GET $SIDE_URL answered '$body'"
}

# One wrk run: "mode side round rps p50 p99 errors requests us_supervisor" into engines.tsv.
measure() {
    local mode=$1 side=$2 round=$3 pid=$4 url=$5 duration=$6 out="$BENCH_TMP/engines-$1-$2-$3.txt" s0 s1 result
    local header=()
    [ "$mode" = handshake ] && header=(-H "Connection: close")
    s0=$(cpu_ticks "$pid")
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out" "${header[@]}"
    s1=$(cpu_ticks "$pid")
    result=$(parse_wrk "$out")
    local us
    us=$(awk -v s=$((s1 - s0)) -v hz="$CLK_TCK" -v r="$(cut -d' ' -f5 <<<"$result")" \
        'BEGIN { printf "%.1f", 1e6 * s / hz / r }')
    [ "$round" = warmup ] || echo "$mode $side $round $result $us" >>"$BENCH_TMP/engines.tsv"
    say "$mode $side $round: rps p50 p99 errors requests = $result; supervisor CPU µs/request = $us"
}

col() {
    awk -v m="$1" -v s="$2" -v c="$3" '$1 == m && $2 == s { print $c }' "$BENCH_TMP/engines.tsv" | median
}

main() {
    ensure_rt_built
    ensure_wrk
    wait_quiet
    local pid_a url_a pid_b url_b mode
    start_side boringssl "$BASE_OPTS"; pid_a=$SIDE_PID url_a=$SIDE_URL
    start_side jdk "$BASE_OPTS -Dio.netty.handler.ssl.noOpenSsl=true"; pid_b=$SIDE_PID url_b=$SIDE_URL
    say "A (BoringSSL) $url_a pid $pid_a; B (JDK) $url_b pid $pid_b"
    : >"$BENCH_TMP/engines.tsv"
    round_a() { measure "$mode" A "$1" "$pid_a" "$url_a" "$DURATION"; }
    round_b() { measure "$mode" B "$1" "$pid_b" "$url_b" "$DURATION"; }
    for mode in $MODES; do
        measure "$mode" A warmup "$pid_a" "$url_a" "$WARMUP"
        measure "$mode" B warmup "$pid_b" "$url_b" "$WARMUP"
        abba_rounds "$ROUNDS" round_a round_b
    done
    rt_stop "$pid_a" "$BENCH_TMP/rt-boringssl.log"; rt_stop "$pid_b" "$BENCH_TMP/rt-jdk.log"
    echo "## tls-engines.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "$(machine_info)"
    echo
    echo "### rt's TLS: BoringSSL (A) ÷ the JDK's SSLEngine (B) ($ROUNDS interleaved rounds of $DURATION, wrk -t$THREADS -c$CONNECTIONS; medians)"
    echo
    echo "| mode | side | requests/s | p50 ms | p99 ms | errors | supervisor CPU µs per request |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    local side
    for mode in $MODES; do
        for side in A B; do
            echo "| $mode | $side | $(fmt 0 "$(col "$mode" $side 4)") | $(fmt 3 "$(col "$mode" $side 5)") |" \
                "$(fmt 3 "$(col "$mode" $side 6)") | $(awk -v m="$mode" -v s=$side '$1 == m && $2 == s { e += $7 } END { print e + 0 }' "$BENCH_TMP/engines.tsv") |" \
                "$(fmt 1 "$(col "$mode" $side 9)") |"
        done
    done
    echo
    for mode in $MODES; do
        echo "- $mode: requests/s A ÷ B **$(div "$(col "$mode" A 4)" "$(col "$mode" B 4)")**;" \
            "supervisor CPU per request A ÷ B **$(div "$(col "$mode" A 9)" "$(col "$mode" B 9)")**"
    done
    echo
}

main "$@"
