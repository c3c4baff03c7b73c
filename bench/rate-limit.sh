#!/usr/bin/env bash
# What server.rateLimit costs at the public port (issue 33).
#
# Two rts side by side, each the service kind's hello (testdata/service-plugins' Hello plugin, request logging off) as
# the entrypoint "hello":
#   A  server.rateLimit on: every request counted in memory by the client's address (max 1000000000 in a window of
#      1 minute, so that none is refused: what is measured is the counting and the RateLimit-* headers), and
#      maxConnectionsPerAddress 1000 (each connection counted at accept)
#   B  no rateLimit
# wrk on <entrypoint>/hello. One warm-up of each side, then ROUNDS interleaved rounds (A then B in odd rounds, B then
# A in even ones); medians of requests/s and the ratio of the medians. Target A/B ≥ 0.95.
#
# Settings (environment): ROUNDS (4), DURATION (10s), WARMUP (15s), THREADS (2), CONNECTIONS (32), WRK_TIMEOUT (10s:
# wrk's 2 s counts slow answers of a loaded machine as errors), QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
WRK_TIMEOUT=${WRK_TIMEOUT:-10s}
PLUGINS="$BENCH_ROOT/testdata/service-plugins/target/fixtures/hello"
SERVICE_JSON="{ \"\$schema\": \"https://schemas.rt.dev/service/1.0.0.json\", \"server\": { \"disableRequestLogging\": true }, \"plugins\": { \"paths\": [\"$PLUGINS\"] } }"

# DIR: the service "hello" alone as the entrypoint, with SERVER's extra settings (a JSON fragment, or nothing).
write_runtime() {
    local dir=$1 server=$2
    mkdir -p "$dir/hello"
    printf '%s\n' "$SERVICE_JSON" >"$dir/hello/rt.json"
    cat >"$dir/rt.json" <<EOF2
{ "entrypoint": "hello", "server": { "hostname": "127.0.0.1", "port": 0$server },
  "services": [ { "id": "hello", "path": "hello" } ] }
EOF2
}

# Starts the runtime of DIR as NAME; sets PID_<NAME> and URL_<NAME>.
start_rt() {
    local name=$1 dir=$2
    rt_start "$dir" "$BENCH_TMP/$name.log"
    rt_wait_listening "$RT_PID" "$BENCH_TMP/$name.log"
    printf -v "PID_$name" '%s' "$RT_PID"
    printf -v "URL_$name" '%s' "$RT_URL"
}

# One wrk run of SIDE at URL, appended to rounds.tsv: side round rps p50 p99.
measure() {
    local side=$1 round=$2 url=$3 duration=$4 out result
    out="$BENCH_TMP/$side-$round.txt"
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out" --timeout "$WRK_TIMEOUT"
    result=$(parse_wrk "$out")
    [ "$(cut -d' ' -f4 <<<"$result")" = 0 ] || die "$side $round: errors in $out: $(cat "$out")"
    [ "$round" = warmup ] || echo "$side $round $result" >>"$BENCH_TMP/rounds.tsv"
    say "$side $round: rps p50 p99 errors requests = $result"
}

column_median() {
    awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$BENCH_TMP/rounds.tsv" | median
}

main() {
    ensure_rt_built
    ensure_wrk
    [ -d "$PLUGINS" ] || die "$PLUGINS is missing: build rt (./mvnw -DskipTests package)"
    wait_quiet
    write_runtime "$BENCH_TMP/limited" ", \"maxConnectionsPerAddress\": 1000, \"rateLimit\": { \"max\": 1000000000, \"timeWindow\": \"1 minute\" }"
    write_runtime "$BENCH_TMP/open" ""
    start_rt LIMITED "$BENCH_TMP/limited"
    start_rt OPEN "$BENCH_TMP/open"
    # The first request of each loads its classes (1-3 s on a loaded machine): given time before the check.
    curl -s -o /dev/null --max-time 60 "$URL_LIMITED/hello" || true
    curl -s -o /dev/null --max-time 60 "$URL_OPEN/hello" || true
    check_url "$URL_LIMITED/hello" '"hello":"world"'; check_url "$URL_OPEN/hello" '"hello":"world"'
    curl -s -D - -o /dev/null "$URL_LIMITED/hello" | grep -qi '^ratelimit-limit: 1000000000' \
        || die "A answered without its RateLimit-Limit header"

    : >"$BENCH_TMP/rounds.tsv"
    measure A warmup "$URL_LIMITED/hello" "$WARMUP"
    measure B warmup "$URL_OPEN/hello" "$WARMUP"
    run_a() { measure A "$1" "$URL_LIMITED/hello" "$DURATION"; }
    run_b() { measure B "$1" "$URL_OPEN/hello" "$DURATION"; }
    abba_rounds "$ROUNDS" run_a run_b
    rt_stop "$PID_LIMITED" "$BENCH_TMP/LIMITED.log"
    rt_stop "$PID_OPEN" "$BENCH_TMP/OPEN.log"

    local a b ratio
    a=$(column_median A 3); b=$(column_median B 3); ratio=$(div "$a" "$b")
    echo "## rate-limit.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "wrk -t$THREADS -c$CONNECTIONS on the service kind's /hello through the public port, $ROUNDS interleaved rounds of $DURATION after a $WARMUP warm-up each; medians."
    echo
    echo "| | requests/s (median) | per round | p50 ms (median) | p99 ms (median) |"
    echo "|---|---:|---|---:|---:|"
    local side label
    for side in A B; do
        label="server.rateLimit on (in memory, by address) and maxConnectionsPerAddress"
        [ "$side" = B ] && label="no rateLimit"
        echo "| $side $label | $(fmt 0 "$(column_median $side 3)")" \
            "| $(awk -v s=$side '$1 == s { printf "%.0f ", $3 }' "$BENCH_TMP/rounds.tsv")" \
            "| $(fmt 3 "$(column_median $side 4)") | $(fmt 3 "$(column_median $side 5)") |"
    done
    echo
    echo "- ratio A/B of the medians: **$ratio**; target ≥ 0.95: $(yesno ge "$ratio" 0.95)"
}

main "$@"
