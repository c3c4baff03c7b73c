#!/usr/bin/env bash
# rt's entrypoint against nginx as a plain HTTP reverse proxy and nginx as a TCP proxy, all in front of the same
# worker, and that worker straight, in one run:
#
#   R = GET http://127.0.0.1:<rt>/hello          (wrk -> rt's entrypoint -> worker a)
#   N = GET http://127.0.0.1:<nginx>/hello       (wrk -> nginx, proxy_pass with keep-alive -> worker a)
#   L = GET http://127.0.0.1:<nginx stream>/hello (wrk -> nginx copying bytes, no HTTP parsed -> worker a)
#   D = GET http://127.0.0.1:<a's port>/hello    (wrk -> worker a)
#
# So the entrypoint's ratio (R ÷ D, the target of issues 2 and 5) sits next to what a proxy written in C gets
# on the same machine (N ÷ D), and next to the least any proxy can do, relaying bytes over a second TCP
# connection (L ÷ D): with wrk, the proxy and the worker sharing the cores, a ratio is bounded by the CPU the
# proxy's extra hop takes from the other two. nginx runs with its defaults (worker_processes auto) and is
# installed with apt-get when missing, with its stream module. One warm-up run of each, then ROUNDS rounds in
# turn (R N L D, then D L N R); medians, ratios, CPU µs per request of the supervisor, nginx (master and
# workers; its HTTP and stream servers are one nginx) and the worker.
# The markdown summary goes to stdout, progress to stderr.
#
# Settings (environment): ROUNDS (6), DURATION (10s), WARMUP (30s), THREADS (2), CONNECTIONS (32),
# APP (testdata/apps/probe) and ENTRY_PATH (/hello): the application and the path, e.g.
# APP=testdata/apps/bench ENTRY_PATH=/cpu?us=200 for cpu-handler.sh's handler; QUIET_WAIT and QUIET_LOAD
# (lib.sh); RT_JAVA_OPTS (bin/rt) to try supervisor options.
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-6}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-30s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
APP=$(app_dir "${APP:-}") || exit 1
ENTRY_PATH=${ENTRY_PATH:-/hello}

# One wrk run of SIDE against URL: "side round rps p50 p99 errors requests us_wrk us_supervisor us_nginx us_a".
measure() {
    local side=$1 round=$2 url=$3 duration=$4 out s0 n0 a0 s1 n1 a1 result cpu
    out="$BENCH_TMP/nginx-$side-$round.txt"
    s0=$(cpu_ticks "$RT_PID"); n0=$(tree_ticks "$NGINX_PID"); a0=$(cpu_ticks "$PID_A")
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out"
    s1=$(cpu_ticks "$RT_PID"); n1=$(tree_ticks "$NGINX_PID"); a1=$(cpu_ticks "$PID_A")
    result=$(parse_wrk "$out")
    cpu=$(awk -v w="$(cat "$out.cpu")" -v s=$((s1 - s0)) -v n=$((n1 - n0)) -v a=$((a1 - a0)) -v hz="$CLK_TCK" \
              -v r="$(cut -d' ' -f5 <<<"$result")" \
              'BEGIN { s /= hz; n /= hz; a /= hz
                       printf "%.1f %.1f %.1f %.1f", 1e6 * w / r, 1e6 * s / r, 1e6 * n / r, 1e6 * a / r }')
    [ "$round" = warmup ] || echo "$side $round $result $cpu" >>"$BENCH_TMP/nginx.tsv"
    say "$side $round: rps p50 p99 errors requests = $result; CPU µs/request wrk/supervisor/nginx/a = $cpu"
}

col() {
    awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$BENCH_TMP/nginx.tsv" | median
}

# "| side | requests/s | p50 | p99 | errors | wrk / supervisor / nginx / worker |" for SIDE, named LABEL.
row() {
    local side=$1 label=$2
    echo "| $label | $(fmt 0 "$(col "$side" 3)") | $(fmt 3 "$(col "$side" 4)") | $(fmt 3 "$(col "$side" 5)") |" \
        "$(awk -v s="$side" '$1 == s { e += $6 } END { print e + 0 }' "$BENCH_TMP/nginx.tsv") |" \
        "$(fmt 1 "$(col "$side" 8)") / $(fmt 1 "$(col "$side" 9)") /" \
        "$(fmt 1 "$(col "$side" 10)") / $(fmt 1 "$(col "$side" 11)") |"
}

main() {
    ensure_rt_built
    ensure_wrk
    ensure_nginx_stream
    wait_quiet
    local log="$BENCH_TMP/rt.log" port_a nginx_port stream_port
    write_probe_config "$BENCH_TMP/rt.json" 0 "$APP"
    rt_start "$BENCH_TMP/rt.json" "$log"
    rt_wait_listening "$RT_PID" "$log"
    PID_A=$(rt_worker_pid "$log" a 0)
    port_a=$(rt_worker_port "$log" a 0)
    nginx_port=$(free_port)
    stream_port=$(free_port $((nginx_port + 1)))
    start_nginx "$nginx_port" "$port_a" http "$stream_port"
    local url_r="$RT_URL$ENTRY_PATH" url_n="http://127.0.0.1:$nginx_port$ENTRY_PATH"
    local url_l="http://127.0.0.1:$stream_port$ENTRY_PATH" url_d="http://127.0.0.1:$port_a$ENTRY_PATH"
    local u round
    for u in "$url_r" "$url_n" "$url_l" "$url_d"; do check_url "$u" hello; done
    say "R = $url_r (rt pid $RT_PID), N = $url_n and L = $url_l (nginx pid $NGINX_PID)," \
        "D = $url_d (worker a pid $PID_A)"
    : >"$BENCH_TMP/nginx.tsv"
    measure R warmup "$url_r" "$WARMUP"
    measure N warmup "$url_n" "$WARMUP"
    measure L warmup "$url_l" "$WARMUP"
    measure D warmup "$url_d" "$WARMUP"
    for round in $(seq 1 "$ROUNDS"); do
        if [ $((round % 2)) -eq 1 ]; then
            measure R "$round" "$url_r" "$DURATION"; measure N "$round" "$url_n" "$DURATION"
            measure L "$round" "$url_l" "$DURATION"; measure D "$round" "$url_d" "$DURATION"
        else
            measure D "$round" "$url_d" "$DURATION"; measure L "$round" "$url_l" "$DURATION"
            measure N "$round" "$url_n" "$DURATION"; measure R "$round" "$url_r" "$DURATION"
        fi
    done
    stop_nginx
    rt_stop "$RT_PID" "$log"

    echo "## nginx.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "### rt's entrypoint, nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') (HTTP and TCP) and no proxy, same worker" \
        "($(basename "$APP") $ENTRY_PATH, $ROUNDS rounds of $DURATION in turn, wrk -t$THREADS -c$CONNECTIONS; medians)"
    echo
    echo "| side | requests/s | p50 ms | p99 ms | errors | CPU µs per request: wrk / supervisor / nginx / worker a |"
    echo "|---|---:|---:|---:|---:|---|"
    row R "R: rt → a"
    row N "N: nginx → a"
    row L "L: nginx stream (TCP) → a"
    row D "D: straight at a"
    echo
    echo "- rt ÷ direct **$(div "$(col R 3)" "$(col D 3)")**, nginx ÷ direct **$(div "$(col N 3)" "$(col D 3)")**," \
        "nginx stream ÷ direct **$(div "$(col L 3)" "$(col D 3)")**, rt ÷ nginx **$(div "$(col R 3)" "$(col N 3)")**" \
        "(requests/s)"
    echo "- per-round rt ÷ direct: $(awk '$1 == "R" { r[$2] = $3 } $1 == "D" { d[$2] = $3 }
        END { for (i = 1; i in r; i++) printf "%.3f ", r[i] / d[i] }' "$BENCH_TMP/nginx.tsv")"
    echo "- per-round nginx ÷ direct: $(awk '$1 == "N" { n[$2] = $3 } $1 == "D" { d[$2] = $3 }
        END { for (i = 1; i in n; i++) printf "%.3f ", n[i] / d[i] }' "$BENCH_TMP/nginx.tsv")"
    echo "- per-round nginx stream ÷ direct: $(awk '$1 == "L" { n[$2] = $3 } $1 == "D" { d[$2] = $3 }
        END { for (i = 1; i in n; i++) printf "%.3f ", n[i] / d[i] }' "$BENCH_TMP/nginx.tsv")"
    echo
}

main "$@"
