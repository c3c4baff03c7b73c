#!/usr/bin/env bash
# The direct entrypoint (server.entrypointMode, issue 35): the service kind's GET /hello three ways, one worker
# each, interleaved rounds (after one warm-up run of each), wrk --latency, medians:
#
#   D = the public port of a runtime with "entrypointMode": "direct"    (wrk -> the worker, accepted on rt's socket)
#   P = the public port of a runtime with "entrypointMode": "proxied"   (wrk -> supervisor -> worker)
#   S = straight at the direct runtime's worker, its own 127.0.0.1 port (wrk -> the worker)
#
# Both runtimes run all along (the idle one costs nothing measurable). The machine is shared: the load average
# before and after the runs is printed with the figures; the ratios D/S and P/S are what to compare.
# Settings (environment): ROUNDS (5), DURATION (10s), WARMUP (15s), THREADS (2), CONNECTIONS (32).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
PLUGINS="$BENCH_ROOT/testdata/service-plugins/target/fixtures/hello"

# A one-service runtime in DIR whose entrypoint "hello" serves the hello fixture, in MODE.
write_runtime() {
    local dir=$1 mode=$2
    mkdir -p "$dir/hello"
    cat >"$dir/hello/rt.json" <<JSON
{ "\$schema": "https://schemas.rt.dev/service/1.0.0.json", "server": { "disableRequestLogging": true },
  "plugins": { "paths": ["$PLUGINS"] } }
JSON
    cat >"$dir/rt.json" <<JSON
{ "entrypoint": "hello", "server": { "hostname": "127.0.0.1", "port": 0, "entrypointMode": "$mode" },
  "services": [{ "id": "hello", "path": "hello" }] }
JSON
}

# One wrk run of SIDE against URL: a line "side round rps p50 p99 errors requests" in sides.tsv.
measure() {
    local side=$1 round=$2 url=$3 duration=$4 out="$BENCH_TMP/$1-$2.txt" result
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out"
    result=$(parse_wrk "$out")
    [ "$round" = warmup ] || echo "$side $round $result" >>"$BENCH_TMP/sides.tsv"
    say "$side $round: rps p50 p99 errors requests = $result"
}

col() { awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$BENCH_TMP/sides.tsv" | median; }

main() {
    ensure_rt_built
    ensure_wrk
    [ -d "$PLUGINS" ] || die "missing $PLUGINS: build testdata/service-plugins first (./mvnw -pl testdata/service-plugins -am package -DskipTests)"
    wait_quiet
    BENCH_LOADAVG=${BENCH_LOADAVG:-$(cut -d' ' -f1-3 /proc/loadavg)}
    write_runtime "$BENCH_TMP/direct" direct
    write_runtime "$BENCH_TMP/proxied" proxied
    rt_start "$BENCH_TMP/direct/rt.json" "$BENCH_TMP/direct.log"; local direct_pid=$RT_PID
    rt_wait_listening "$direct_pid" "$BENCH_TMP/direct.log"; local direct_url=$RT_URL
    grep -q 'accept on .* themselves' "$BENCH_TMP/direct.log" || die "the direct runtime is not direct: $(cat "$BENCH_TMP/direct.log")"
    rt_start "$BENCH_TMP/proxied/rt.json" "$BENCH_TMP/proxied.log"; local proxied_pid=$RT_PID
    rt_wait_listening "$proxied_pid" "$BENCH_TMP/proxied.log"; local proxied_url=$RT_URL
    local straight
    straight="http://127.0.0.1:$(rt_worker_port "$BENCH_TMP/direct.log" hello 0)/hello"
    check_url "$direct_url/hello" hello; check_url "$proxied_url/hello" hello; check_url "$straight" hello
    say "D = $direct_url/hello, P = $proxied_url/hello, S = $straight"

    : >"$BENCH_TMP/sides.tsv"
    measure D warmup "$direct_url/hello" "$WARMUP"
    measure P warmup "$proxied_url/hello" "$WARMUP"
    measure S warmup "$straight" "$WARMUP"
    local round
    for round in $(seq 1 "$ROUNDS"); do # the order turns each round, so that no side gains from its turn
        case $((round % 3)) in
            1) measure D "$round" "$direct_url/hello" "$DURATION"; measure P "$round" "$proxied_url/hello" "$DURATION"
               measure S "$round" "$straight" "$DURATION" ;;
            2) measure P "$round" "$proxied_url/hello" "$DURATION"; measure S "$round" "$straight" "$DURATION"
               measure D "$round" "$direct_url/hello" "$DURATION" ;;
            0) measure S "$round" "$straight" "$DURATION"; measure D "$round" "$direct_url/hello" "$DURATION"
               measure P "$round" "$proxied_url/hello" "$DURATION" ;;
        esac
    done
    local after; after=$(cut -d' ' -f1-3 /proc/loadavg)
    rt_stop "$direct_pid" "$BENCH_TMP/direct.log"
    rt_stop "$proxied_pid" "$BENCH_TMP/proxied.log"

    echo "## direct.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo "load average after the runs: $after"
    echo
    echo "$ROUNDS interleaved rounds of $DURATION, wrk -t$THREADS -c$CONNECTIONS, GET /hello of the service kind; medians."
    echo
    echo "| side | requests/s | p50 ms | p99 ms | errors | ÷ S |"
    echo "|---|---:|---:|---:|---:|---:|"
    local side label
    for side in D P S; do
        case $side in D) label="direct (public port, the worker accepts)" ;; P) label="proxied (public port, supervisor hop)" ;;
                      S) label="straight at the worker's own port" ;; esac
        echo "| $side $label | $(fmt 0 "$(col $side 3)") | $(fmt 3 "$(col $side 4)") | $(fmt 3 "$(col $side 5)")" \
             "| $(awk -v s=$side '$1 == s { e += $6 } END { print e + 0 }' "$BENCH_TMP/sides.tsv")" \
             "| $(div "$(col $side 3)" "$(col S 3)") |"
    done
    echo
}

main "$@"
