#!/usr/bin/env bash
# TLS termination: rt's entrypoint with server.https versus Debian's nginx with the same certificate
# (testdata/tls/localhost-*.pem), both in front of the same worker (service a of testdata/apps/probe):
#
#   A = GET https://127.0.0.1:<rt>/hello      (wrk -> rt: TLS, HTTP/1.1 -> worker a)
#   B = GET https://127.0.0.1:<nginx>/hello   (wrk -> nginx: TLS, proxy_pass with keep-alive -> worker a)
#
# wrk keeps its connections, so this measures TLS records (encryption), not handshakes. nginx runs with its
# defaults (worker_processes auto) and is installed with apt-get when missing. One warm-up run of each,
# then ROUNDS interleaved rounds A, B; medians; CPU of rt's supervisor and of nginx (master and workers).
# The markdown summary goes to stdout, progress to stderr.
#
# Settings (environment): ROUNDS (5), DURATION (10s), WARMUP (30s: the supervisor's JIT
# compiles the proxy over the first 30 s of load), THREADS (2), CONNECTIONS (32),
# QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-30s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}

# One wrk run of SIDE against URL, recorded as "side round rps p50 p99 errors requests us_supervisor us_nginx us_a".
measure() {
    local side=$1 round=$2 url=$3 duration=$4 out s0 n0 a0 s1 n1 a1 result
    out="$BENCH_TMP/tls-$side-$round.txt"
    s0=$(cpu_ticks "$RT_PID"); n0=$(tree_ticks "$NGINX_PID"); a0=$(cpu_ticks "$PID_A")
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out"
    s1=$(cpu_ticks "$RT_PID"); n1=$(tree_ticks "$NGINX_PID"); a1=$(cpu_ticks "$PID_A")
    result=$(parse_wrk "$out")
    local cpu
    cpu=$(awk -v s=$((s1 - s0)) -v n=$((n1 - n0)) -v a=$((a1 - a0)) -v hz="$CLK_TCK" -v r="$(cut -d' ' -f5 <<<"$result")" \
        'BEGIN { printf "%.1f %.1f %.1f", 1e6 * s / hz / r, 1e6 * n / hz / r, 1e6 * a / hz / r }')
    [ "$round" = warmup ] || echo "$side $round $result $cpu" >>"$BENCH_TMP/tls.tsv"
    say "tls $side $round: rps p50 p99 errors requests = $result; CPU µs/request supervisor/nginx/a = $cpu"
}

col() {
    awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$BENCH_TMP/tls.tsv" | median
}

main() {
    ensure_rt_built
    ensure_wrk
    ensure_nginx
    wait_quiet
    local log="$BENCH_TMP/rt.log"
    write_tls_probe_config "$BENCH_TMP/rt.json"
    rt_start "$BENCH_TMP/rt.json" "$log"
    rt_wait_listening "$RT_PID" "$log"
    PID_A=$(rt_worker_pid "$log" a 0)
    local port_a nginx_port
    port_a=$(rt_worker_port "$log" a 0)
    nginx_port=$(free_port)
    start_nginx "$nginx_port" "$port_a" https
    local url_a="$RT_URL/hello" url_b="https://127.0.0.1:$nginx_port/hello" body round
    for u in "$url_a" "$url_b"; do
        body=$(curl -ksS --max-time 5 "$u") || die "GET $u failed"
        [ "$body" = hello ] || die "GET $u answered '$body'"
    done
    say "tls: A = $url_a (rt pid $RT_PID), B = $url_b (nginx pid $NGINX_PID), worker a pid $PID_A port $port_a"
    : >"$BENCH_TMP/tls.tsv"
    measure A warmup "$url_a" "$WARMUP"
    measure B warmup "$url_b" "$WARMUP"
    for round in $(seq 1 "$ROUNDS"); do
        measure A "$round" "$url_a" "$DURATION"
        measure B "$round" "$url_b" "$DURATION"
    done
    stop_nginx
    rt_stop "$RT_PID" "$log"

    local ratio
    ratio=$(div "$(col A 3)" "$(col B 3)")
    echo "## tls.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "### TLS: rt's entrypoint versus nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), same certificate, same worker ($ROUNDS interleaved rounds of $DURATION, wrk -t$THREADS -c$CONNECTIONS; medians)"
    echo
    echo "| | requests/s | p50 ms | p99 ms | errors | CPU µs per request: supervisor / nginx / worker a |"
    echo "|---|---:|---:|---:|---:|---|"
    echo "| A (rt TLS → a) | $(fmt 0 "$(col A 3)") | $(fmt 3 "$(col A 4)") | $(fmt 3 "$(col A 5)") | $(awk '$1 == "A" { e += $6 } END { print e + 0 }' "$BENCH_TMP/tls.tsv") | $(col A 8) / – / $(col A 10) |"
    echo "| B (nginx TLS → a) | $(fmt 0 "$(col B 3)") | $(fmt 3 "$(col B 4)") | $(fmt 3 "$(col B 5)") | $(awk '$1 == "B" { e += $6 } END { print e + 0 }' "$BENCH_TMP/tls.tsv") | – / $(col B 9) / $(col B 10) |"
    echo
    echo "- ratio A/B of median requests/s: **$ratio** (target ≥ 1.0: $(yesno ge "$ratio" 1.0))"
    echo "- per-round ratios: $(awk '$1 == "A" { a[$2] = $3 } $1 == "B" { b[$2] = $3 }
        END { for (r = 1; r in a; r++) printf "%.3f ", a[r] / b[r] }' "$BENCH_TMP/tls.tsv")"
    echo
}

main "$@"
