#!/usr/bin/env bash
# What the metrics cost (issue 6).
#
#   scrape:     one rt with the metrics server on: the probe app as the entrypoint "front" (one worker, as
#               for every entrypoint) and as "api" on 4 workers; wrk on front's /call of http://api.rt.local
#               first (entrypoint and mesh: every worker has HTTP metrics), one cold scrape (each worker registers
#               its JVM metrics on the first request), WARM_SCRAPES unmeasured scrapes (the JIT compiles the
#               path; a long-running rt is in this state), then SCRAPES rounds of GET /metrics (A), each followed
#               by GET /ready on the same server (B, the baseline: the same HTTP path with nothing to
#               aggregate). Median and p99 of curl's time_total; targets: median ≤ 20 ms, p99 ≤ 100 ms.
#   throughput: two rts side by side, each the bench app on 1 worker. A: metrics server on, logger at info,
#               and a scrape of /metrics every second during A's runs. B: no metrics section, logger
#               silent, and request measurement off in the proxy (-Drt.httpMetrics=false): both off. Both
#               supervisors run with the same JVM options (BASE_OPTS, no class-data archive), and both
#               sides get the same once-a-second curl (B's at its own /hello): starting a curl process
#               costs ~9 ms of CPU and reshuffles the threads on 2 cores, a cost of the scraper, not of rt.
#               First TP_WARM_SCRAPES scrapes of A (steady state: over its first few hundred scrapes the JIT
#               spends seconds of C2 time compiling the scrape path, which on 2 cores comes out of the proxy's
#               share; a long-running rt has long paid that), then
#               wrk on <entrypoint>/hello, one warm-up of each, then ROUNDS interleaved rounds, A then B in odd
#               rounds and B then A in even ones. All that INSTANCES times, each with a fresh pair of rts: one
#               pair's ratio moved between 0.885 and 1.063 over nine runs (sessions 4 and 5), while one rt
#               against itself (windows with and without scrapes) moved by under 1 %, so most of the spread
#               comes with the pair of JVMs (their JIT's choices, their threads' placement), not with rt's
#               metrics. The ratio is the median of the pairs' ratios; target ≥ 0.95.
#
# Settings (environment): SCRAPES (200), WARM_SCRAPES (100), TP_WARM_SCRAPES (1000), INSTANCES (5), ROUNDS (4),
# DURATION (10s), WARMUP (15s), THREADS (2), CONNECTIONS (32), PARTS ("scrape throughput"), QUIET_WAIT and
# QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

SCRAPES=${SCRAPES:-200}
WARM_SCRAPES=${WARM_SCRAPES:-100}
TP_WARM_SCRAPES=${TP_WARM_SCRAPES:-1000}
ROUNDS=${ROUNDS:-4}
INSTANCES=${INSTANCES:-5}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
PARTS=${PARTS:-scrape throughput}
APP="$BENCH_ROOT/testdata/apps/bench"
BASE_OPTS="-XX:+UseSerialGC -Xms16m -Xmx512m -XX:+ExitOnOutOfMemoryError"

# Writes FILE: the bench app as service "api" with WORKERS workers, then EXTRA top-level settings.
write_config() {
    local file=$1 workers=$2 extra=$3
    cat >"$file" <<JSON
{
  $extra
  "entrypoint": "api",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [ { "id": "api", "path": "$APP", "workers": $workers } ]
}
JSON
}

# The metrics server's URL from LOG (the supervisor logs where it listens).
metrics_url() {
    grep -o 'The metrics server is listening at http://[^"]*' "$1" | head -n 1 | sed 's/.* at //'
}

# p-th percentile (nearest rank) of the numbers on stdin.
percentile() {
    sort -g | awk -v p="$1" '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit }
        r = int(p / 100 * NR); if (r < p / 100 * NR) r++; if (r < 1) r = 1; print v[r] }'
}

scrape_part() {
    local log="$BENCH_TMP/scrape.log" url ready i t probe="$BENCH_ROOT/testdata/apps/probe"
    cat >"$BENCH_TMP/scrape.json" <<JSON
{
  "metrics": { "hostname": "127.0.0.1", "port": 0 },
  "entrypoint": "front",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [ { "id": "front", "path": "$probe" }, { "id": "api", "path": "$probe", "workers": 4 } ]
}
JSON
    rt_start "$BENCH_TMP/scrape.json" "$log"
    rt_wait_listening "$RT_PID" "$log"
    local pid=$RT_PID
    url=$(metrics_url "$log")
    ready="${url%/metrics}/ready"
    say "scrape: rt pid $pid at $RT_URL, metrics at $url"
    check_url "$RT_URL/call?url=http://api.rt.local/hello" "200 hello"
    run_wrk "$RT_URL/call?url=http://api.rt.local/hello" 5s "$THREADS" "$CONNECTIONS" "$BENCH_TMP/scrape-traffic.txt"
    say "scrape: traffic $(parse_wrk "$BENCH_TMP/scrape-traffic.txt") (rps p50 p99 errors requests)"
    local cold
    cold=$(curl -fsS -o "$BENCH_TMP/first.txt" -w '%{time_total}' "$url")
    # wait until every worker answered (the first scrape may leave out one still registering)
    local deadline=$((SECONDS + 30))
    until [ "$(curl -fsS "$url" | grep -c '^jvm_threads_current{')" -ge 5 ]; do
        [ "$SECONDS" -lt "$deadline" ] || die "not every worker's JVM metrics within 30 s"
        sleep 0.2
    done
    curl -fsS -o "$BENCH_TMP/metrics.txt" "$url"
    for i in $(seq 1 "$WARM_SCRAPES"); do curl -fsS -o /dev/null "$url"; done
    : >"$BENCH_TMP/scrape-a.txt"; : >"$BENCH_TMP/scrape-b.txt"
    for i in $(seq 1 "$SCRAPES"); do
        curl -fsS -o /dev/null -w '%{time_total}\n' "$url" >>"$BENCH_TMP/scrape-a.txt"
        curl -fsS -o /dev/null -w '%{time_total}\n' "$ready" >>"$BENCH_TMP/scrape-b.txt"
    done
    rt_stop "$pid" "$log"
    local a50 a99 b50 b99 lines bytes
    a50=$(awk '{ print $1 * 1000 }' "$BENCH_TMP/scrape-a.txt" | median)
    a99=$(awk '{ print $1 * 1000 }' "$BENCH_TMP/scrape-a.txt" | percentile 99)
    b50=$(awk '{ print $1 * 1000 }' "$BENCH_TMP/scrape-b.txt" | median)
    b99=$(awk '{ print $1 * 1000 }' "$BENCH_TMP/scrape-b.txt" | percentile 99)
    lines=$(wc -l <"$BENCH_TMP/metrics.txt"); bytes=$(wc -c <"$BENCH_TMP/metrics.txt")
    echo "### scrape of /metrics, 5 workers (api on 4, front on 1) after traffic ($WARM_SCRAPES warm-up scrapes, then $SCRAPES interleaved rounds; curl time_total)"
    echo
    echo "| | median ms | p99 ms | max ms |"
    echo "|---|---:|---:|---:|"
    echo "| A GET /metrics ($lines lines, $bytes bytes) | $(fmt 2 "$a50") | $(fmt 2 "$a99") | $(awk '{ print $1 * 1000 }' "$BENCH_TMP/scrape-a.txt" | max | xargs printf '%.2f') |"
    echo "| B GET /ready (same server, nothing to aggregate) | $(fmt 2 "$b50") | $(fmt 2 "$b99") | $(awk '{ print $1 * 1000 }' "$BENCH_TMP/scrape-b.txt" | max | xargs printf '%.2f') |"
    echo
    echo "- first (cold) scrape: $(fmt 1 "$(awk -v t="$cold" 'BEGIN { print t * 1000 }')") ms (each worker loads and registers its JVM metrics)"
    echo "- target median ≤ 20 ms: $(yesno le "$a50" 20); target p99 ≤ 100 ms: $(yesno le "$a99" 100)"
    echo
}

# One wrk run of SIDE against URL; with SCRAPE_URL set, a scrape every second meanwhile.
measure() {
    local side=$1 round=$2 url=$3 duration=$4 scrape=${5:-} out="$BENCH_TMP/tp-$1-$2.txt" scraper=""
    if [ -n "$scrape" ]; then
        ( while :; do curl -fsS -o /dev/null "$scrape" || true; sleep 1; done ) &
        scraper=$!
        BENCH_OTHER_PIDS+=("$scraper")
    fi
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out"
    if [ -n "$scraper" ]; then
        kill -TERM "$scraper" 2>/dev/null || true
        wait "$scraper" 2>/dev/null || true
    fi
    local result
    result=$(parse_wrk "$out")
    [ "$round" = warmup ] || echo "$side $round $result" >>"$BENCH_TMP/tp.tsv"
    say "throughput $side $round: rps p50 p99 errors requests = $result"
}

# Starts rt A (metrics on) and rt B (both off) side by side; sets PID_A, PID_B, URL_A, URL_B, SCRAPE.
start_pair() {
    local log_a=$1 log_b=$2
    write_config "$BENCH_TMP/tp-a.json" 1 '"metrics": { "hostname": "127.0.0.1", "port": 0 }, "logger": { "level": "info" },'
    write_config "$BENCH_TMP/tp-b.json" 1 '"logger": { "level": "silent" },'
    # Both sides get the same JVM options, given the same way: with RT_JAVA_OPTS set, bin/rt uses no class-data
    # archive, so A must not use one either, or the runs would differ in more than metrics and logging.
    RT_JAVA_OPTS="$BASE_OPTS" rt_start "$BENCH_TMP/tp-a.json" "$log_a"; PID_A=$RT_PID
    rt_wait_listening "$PID_A" "$log_a"; URL_A="$RT_URL/hello"
    RT_JAVA_OPTS="$BASE_OPTS -Drt.httpMetrics=false" rt_start "$BENCH_TMP/tp-b.json" "$log_b"; PID_B=$RT_PID
    # silent: no "listening" line to wait for; the entrypoint's port comes from the process's sockets
    local deadline=$((SECONDS + 120)) port_b=""
    while [ -z "$port_b" ]; do
        port_b=$(ss -ltnpH 2>/dev/null | awk -v p="pid=$PID_B," '$0 ~ p { split($4, a, ":"); print a[length(a)] }' \
            | while read -r p; do [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$p/hello")" != 200 ] || echo "$p"; done \
            | head -n 1 || true)
        [ "$SECONDS" -lt "$deadline" ] || die "rt B did not answer within 120 s"
        alive "$PID_B" || { cat "$log_b" >&2; die "rt B exited"; }
        [ -n "$port_b" ] || sleep 0.2
    done
    URL_B="http://127.0.0.1:$port_b/hello"
    SCRAPE=$(metrics_url "$log_a")
    check_url "$URL_A" hello; check_url "$URL_B" hello; check_url "$SCRAPE" "jvm_threads_current"
}

# One pair of fresh rts: warm-up scrapes of A, one warm-up run of each, then ROUNDS rounds (ABBA).
throughput_pair() {
    local pair=$1 log_a="$BENCH_TMP/tp-a-$1.log" log_b="$BENCH_TMP/tp-b-$1.log"
    start_pair "$log_a" "$log_b"
    say "throughput pair $pair: A $URL_A (scraped at $SCRAPE), B $URL_B; $TP_WARM_SCRAPES warm-up scrapes of A"
    for i in $(seq 1 "$TP_WARM_SCRAPES"); do curl -fsS -o /dev/null "$SCRAPE"; done
    measure A warmup "$URL_A" "$WARMUP" "$SCRAPE"
    measure B warmup "$URL_B" "$WARMUP" "$URL_B"
    round_a() { measure A "$pair.$1" "$URL_A" "$DURATION" "$SCRAPE"; }
    round_b() { measure B "$pair.$1" "$URL_B" "$DURATION" "$URL_B"; }
    abba_rounds "$ROUNDS" round_a round_b
    [ ! -s "$log_b" ] || say "B logged $(wc -l <"$log_b") lines (silent: expected none)"
    rt_stop "$PID_A" "$log_a"; rt_stop "$PID_B" "$log_b"
}

# Ratio A/B of the median requests/s of the rounds whose label starts with PREFIX ("" for all).
pair_ratio() {
    local tsv="$BENCH_TMP/tp.tsv" a b
    a=$(awk -v p="$1" '$1 == "A" && index($2, p) == 1 { print $3 }' "$tsv" | median)
    b=$(awk -v p="$1" '$1 == "B" && index($2, p) == 1 { print $3 }' "$tsv" | median)
    div "$a" "$b"
}

throughput_part() {
    local pair ratio per_pair=""
    : >"$BENCH_TMP/tp.tsv"
    for pair in $(seq 1 "$INSTANCES"); do
        throughput_pair "$pair"
    done
    for pair in $(seq 1 "$INSTANCES"); do per_pair+="$(pair_ratio "$pair.") "; done
    ratio=$(printf '%s\n' $per_pair | median)
    local tsv="$BENCH_TMP/tp.tsv"
    echo "### hello throughput, metrics and logging on ÷ both off ($INSTANCES pairs of fresh rts × $ROUNDS interleaved rounds of $DURATION, wrk -t$THREADS -c$CONNECTIONS; medians)"
    echo
    echo "| | requests/s | min–max | p50 ms | p99 ms | errors |"
    echo "|---|---:|---:|---:|---:|---:|"
    local side label
    for side in A B; do
        [ "$side" = A ] && label="metrics server + request metrics + scrape/s, logger info" \
            || label="no metrics, request metrics off, logger silent, curl of /hello each second"
        echo "| $side $label | $(fmt 0 "$(awk -v s=$side '$1 == s { print $3 }' "$tsv" | median)")" \
            "| $(awk -v s=$side '$1 == s { print $3 }' "$tsv" | min | xargs printf '%.0f')–$(awk -v s=$side '$1 == s { print $3 }' "$tsv" | max | xargs printf '%.0f')" \
            "| $(fmt 3 "$(awk -v s=$side '$1 == s { print $4 }' "$tsv" | median)") | $(fmt 3 "$(awk -v s=$side '$1 == s { print $5 }' "$tsv" | median)")" \
            "| $(awk -v s=$side '$1 == s { e += $6 } END { print e + 0 }' "$tsv") |"
    done
    echo
    echo "- ratio A/B: **$ratio**, the median of the pairs' ratios (each pair's median A ÷ its median B): $per_pair"
    echo "- ratio of all rounds' medians: $(pair_ratio "")"
    echo "- per-round ratios: $(awk '$1 == "A" { a[$2] = $3; order[++n] = $2 } $1 == "B" { b[$2] = $3 }
        END { for (i = 1; i <= n; i++) printf "%s %.3f  ", order[i], a[order[i]] / b[order[i]] }' "$tsv")"
    echo "- A's metrics path was warmed with $TP_WARM_SCRAPES scrapes first (TP_WARM_SCRAPES)"
    echo "- target ≥ 0.95: $(yesno ge "$ratio" 0.95)"
    echo
}

main() {
    ensure_rt_built
    ensure_wrk
    wait_quiet
    echo "## Metrics (bench/metrics.sh)"
    echo
    echo "$(machine_info)"
    echo
    local part
    for part in $PARTS; do
        case $part in
            scrape) scrape_part ;;
            throughput) throughput_part ;;
            *) die "unknown part $part (scrape, throughput)" ;;
        esac
    done
}

main "$@"
