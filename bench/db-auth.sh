#!/usr/bin/env bash
# What authorization costs the db kind, and the db kind with authorization against the reference's @platformatic/db
# with the same rules (installed by bench/db.sh's ensure_reference into bench/.reference). One SQLite schema, written
# once by sqlite3 and copied for each side: movies (10,000 rows), each owned by one of 100 users (owner_id
# 'user-0' .. 'user-99', indexed, as a schema that serves a row check would be).
#
#   list: GET /movies?limit=10
#   get:  GET /movies/<id>, the id drawn at random among user-7's rows (a wrk Lua script)
#
# Sides: A the db kind with `authorization` (jwt.jwks trusting a local issuer, the rule
# {"role": "user", "entity": "movie", "find": {"checks": {"ownerId": "X-RT-USER-ID"}}}) called with user-7's RS256
# token; N the same service without `authorization`, called without a token; R @platformatic/db with the same rule
# ("X-PLATFORMATIC-USER-ID") and the same token. A and N through rt's entrypoint; R its own server. The issuer is
# a key set made by bench/db-auth/Tokens.java (nimbus-jose-jwt: an RSA key, its public half as a key set, tokens
# signed with it) and served as a static file by Python's http.server at <issuer>/.well-known/jwks.json; both servers
# fetch it once and keep it. Before measuring: A and R answer the same JSON, A's rows are all user-7's, A refuses a
# request without a token with 401 (R with 403, the reference's answer to the anonymous role). Then per route one
# warm-up run of each side and ROUNDS rounds in which the sides take turns (the order reversed every other round);
# wrk -t2 -c32; medians.
#
# Targets: A ÷ N ≥ 0.90 (authorization costs at most a tenth), A ÷ R ≥ 1.5.
# Settings: ROUNDS (4), DURATION (10s), WARMUP (30s), ROUTES_AUTH (list get), bench/db.sh's REFERENCE_* settings.
source "$(dirname -- "$0")/db.sh"
read -r -a ROUTES <<<"${ROUTES_AUTH:-list get}"
USER_ID=user-7

write_owned_database() {
    ensure_package sqlite3 sqlite3
    sqlite3 "$1" >/dev/null <<'EOF'
PRAGMA journal_mode = WAL;
CREATE TABLE movies (id INTEGER PRIMARY KEY, title VARCHAR(255) NOT NULL, year INTEGER NOT NULL,
    owner_id VARCHAR(64) NOT NULL);
CREATE INDEX movies_owner_id ON movies (owner_id);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
INSERT INTO movies (id, title, year, owner_id) SELECT i, 'Movie ' || i, 1950 + i % 70, 'user-' || (i % 100) FROM n;
EOF
}

# The issuer: a free port, the key set and user-7's token (TOKEN), the key set served from there.
start_issuer() {
    local nimbus version
    version=$(sed -n 's:.*<nimbus-jose-jwt.version>\(.*\)</nimbus-jose-jwt.version>.*:\1:p' "$BENCH_ROOT/pom.xml")
    nimbus="$HOME/.m2/repository/com/nimbusds/nimbus-jose-jwt/$version/nimbus-jose-jwt-$version.jar"
    if [ ! -f "$nimbus" ]; then
        (cd "$BENCH_ROOT" && ./mvnw -B -q -ntp dependency:get -Dartifact="com.nimbusds:nimbus-jose-jwt:$version" >&2) \
            || die "cannot fetch nimbus-jose-jwt $version"
    fi
    ISSUER_PORT=$(free_port 18600)
    ISSUER="http://127.0.0.1:$ISSUER_PORT"
    TOKEN=$(java -cp "$nimbus" "$BENCH_ROOT/bench/db-auth/Tokens.java" "$BENCH_TMP/issuer" "$ISSUER" "$USER_ID") \
        || die "Tokens.java failed"
    python3 -m http.server --bind 127.0.0.1 --directory "$BENCH_TMP/issuer" "$ISSUER_PORT" \
        >"$BENCH_TMP/issuer.log" 2>&1 &
    BENCH_OTHER_PIDS+=("$!")
    local deadline=$((SECONDS + 30))
    until curl -sf -o /dev/null "$ISSUER/.well-known/jwks.json"; do
        [ "$SECONDS" -lt "$deadline" ] || die "the key set server did not answer within 30 s"
        sleep 0.1
    done
}

# A runtime in DIR serving the db service "movies" on its own copy of the database; AUTH 1 adds authorization.
write_auth_runtime() {
    local dir=$1 auth=$2 authorization=""
    mkdir -p "$dir/movies"
    cp "$BENCH_TMP/movies.sqlite" "$dir/movies/db.sqlite"
    [ "$auth" = 1 ] && authorization=', "authorization": { "jwt": { "jwks": { "allowedDomains": ["'"$ISSUER"'"] } },
    "rules": [{ "role": "user", "entity": "movie", "find": { "checks": { "ownerId": "X-RT-USER-ID" } } }] }'
    cat >"$dir/movies/rt.json" <<EOF
{ "\$schema": "https://schemas.rt.dev/db/1.0.0.json", "server": { "disableRequestLogging": true },
  "db": { "connectionString": "sqlite://./db.sqlite" }$authorization }
EOF
    cat >"$dir/rt.json" <<'EOF'
{ "entrypoint": "movies", "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [{ "id": "movies", "path": "movies" }] }
EOF
}

start_auth_reference() {
    local dir="$BENCH_TMP/reference" log="$BENCH_TMP/reference.log" deadline
    mkdir -p "$dir"
    cp "$BENCH_ROOT/bench/db-reference/start.mjs" "$dir/"
    cp "$BENCH_TMP/movies.sqlite" "$dir/reference.sqlite"
    cat >"$dir/platformatic.json" <<EOF
{ "\$schema": "https://schemas.platformatic.dev/@platformatic/db/$REFERENCE_DB.json",
  "server": { "hostname": "127.0.0.1", "port": "{PORT}", "logger": { "level": "warn" }, "disableRequestLogging": true },
  "db": { "connectionString": "sqlite://$dir/reference.sqlite", "graphql": true, "openapi": true },
  "authorization": { "jwt": { "jwks": { "allowedDomains": ["$ISSUER"] } },
    "rules": [{ "role": "user", "entity": "movie", "find": { "checks": { "ownerId": "X-PLATFORMATIC-USER-ID" } } }] } }
EOF
    REF_PORT=$(free_port 18700)
    (cd "$dir" && REFERENCE_MODULES="$REFERENCE_DIR/node_modules" PORT=$REF_PORT exec "$NODE" start.mjs >"$log" 2>&1) &
    REF_PID=$!
    BENCH_OTHER_PIDS+=("$REF_PID")
    deadline=$((SECONDS + 120))
    until curl -s -o /dev/null "http://127.0.0.1:$REF_PORT/movies?limit=1"; do
        alive "$REF_PID" || { cat "$log" >&2; die "the reference exited"; }
        [ "$SECONDS" -lt "$deadline" ] || die "the reference did not answer within 120 s"
        sleep 0.1
    done
}

auth_path_of() { [ "$1" = list ] && echo "/movies?limit=10" || echo "/"; }

# wrk on ROUTE of SIDE; A and R send the token.
auth_load() {
    local route=$1 side=$2 duration=$3 out=$4 args=()
    [ "$side" = N ] || args+=(-H "Authorization: Bearer $TOKEN")
    if [ "$route" = get ]; then
        printf 'request = function() return wrk.format("GET", "/movies/" .. (7 + 100 * math.random(0, 99))) end\n' \
            >"$BENCH_TMP/get.lua"
        args+=(-s "$BENCH_TMP/get.lua")
    fi
    run_wrk "${URLS[$side]}$(auth_path_of "$route")" "$duration" 2 32 "$out" "${args[@]}"
}

normalized() { python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))'; }

check_auth_answers() {
    local path a r status
    for path in "/movies?limit=10" "/movies/1207"; do
        a=$(curl -sf -H "Authorization: Bearer $TOKEN" "${URLS[A]}$path" | normalized) || die "GET $path failed on A"
        r=$(curl -sf -H "Authorization: Bearer $TOKEN" "${URLS[R]}$path" | normalized) || die "GET $path failed on R"
        [ "$a" = "$r" ] || die "GET $path: the db kind answers $a, the reference $r"
        say "same answer from A and R: GET $path (${a:0:100}...)"
    done
    python3 -c 'import json, sys; rows = json.load(sys.stdin); sys.exit(0 if len(rows) == 10 and all(r["ownerId"] == "'"$USER_ID"'" for r in rows) else 1)' \
        <<<"$(curl -sf -H "Authorization: Bearer $TOKEN" "${URLS[A]}/movies?limit=10")" || die "A answers rows of other users"
    status=$(curl -s -o /dev/null -w '%{http_code}' "${URLS[A]}/movies?limit=10")
    [ "$status" = 401 ] || die "A answers $status without a token, not 401"
    status=$(curl -s -o /dev/null -w '%{http_code}' "${URLS[R]}/movies?limit=10")
    case $status in 401 | 403) ;; *) die "R answers $status without a token" ;; esac
    say "without a token A answers 401, R $status (the reference's answer to the anonymous role); A's rows are all $USER_ID's"
}

auth_measure() {
    local route=$1 side round order r
    for side in A N R; do
        say "$route: warm-up $side ($WARMUP)"
        auth_load "$route" "$side" "$WARMUP" "$BENCH_TMP/warm-$route-$side.out"
    done
    for round in $(seq 1 "$ROUNDS"); do
        if [ $((round % 2)) -eq 1 ]; then order=(A N R); else order=(R N A); fi
        for side in "${order[@]}"; do
            auth_load "$route" "$side" "$DURATION" "$BENCH_TMP/$route-$side-$round.out"
            r=$(parse_wrk "$BENCH_TMP/$route-$side-$round.out")
            echo "$r" >>"$BENCH_TMP/$route-$side.tsv"
            say "$route round $round $side: $r"
        done
    done
}

auth_report() {
    local route=$1 side rps p50 p99 errors a n r
    a=$(cut -d' ' -f1 "$BENCH_TMP/$route-A.tsv" | median)
    n=$(cut -d' ' -f1 "$BENCH_TMP/$route-N.tsv" | median)
    r=$(cut -d' ' -f1 "$BENCH_TMP/$route-R.tsv" | median)
    echo "| $route: side | req/s median | per round | p50 ms | p99 ms | errors |"
    echo "|---|---:|---|---:|---:|---:|"
    for side in A N R; do
        rps=$(cut -d' ' -f1 "$BENCH_TMP/$route-$side.tsv" | median)
        p50=$(cut -d' ' -f2 "$BENCH_TMP/$route-$side.tsv" | median)
        p99=$(cut -d' ' -f3 "$BENCH_TMP/$route-$side.tsv" | median)
        errors=$(cut -d' ' -f4 "$BENCH_TMP/$route-$side.tsv" | paste -sd+ | bc)
        echo "| ${AUTH_NAMES[$side]} | $(fmt 0 "$rps") | $(cut -d' ' -f1 "$BENCH_TMP/$route-$side.tsv" | xargs printf '%.0f ') | $p50 | $p99 | $errors |"
    done
    echo
    VERDICTS+="$route: A÷N $(div "$a" "$n") (≥ 0.90: $(yesno ge "$(div "$a" "$n")" 0.90)), A÷R $(div "$a" "$r") (≥ 1.5: $(yesno ge "$(div "$a" "$r")" 1.5)); "
}

declare -A AUTH_NAMES=([A]="A: db kind, JWT (JWKS) + row check" [N]="N: db kind, no authorization"
    [R]="R: @platformatic/db, same rule")

auth_main() {
    ensure_rt_built
    ensure_wrk
    ensure_reference
    wait_quiet
    write_owned_database "$BENCH_TMP/movies.sqlite"
    start_issuer

    write_auth_runtime "$BENCH_TMP/rt-a" 1
    write_auth_runtime "$BENCH_TMP/rt-n" 0
    rt_start "$BENCH_TMP/rt-a" "$BENCH_TMP/rt-a.log"; local a_pid=$RT_PID
    rt_wait_listening "$a_pid" "$BENCH_TMP/rt-a.log"; URLS[A]=$RT_URL
    rt_start "$BENCH_TMP/rt-n" "$BENCH_TMP/rt-n.log"; local n_pid=$RT_PID
    rt_wait_listening "$n_pid" "$BENCH_TMP/rt-n.log"; URLS[N]=$RT_URL
    start_auth_reference; URLS[R]="http://127.0.0.1:$REF_PORT"
    check_auth_answers

    local route
    for route in "${ROUTES[@]}"; do
        auth_measure "$route"
    done
    rt_stop "$a_pid" "$BENCH_TMP/rt-a.log"
    rt_stop "$n_pid" "$BENCH_TMP/rt-n.log"
    kill -TERM "$REF_PID" 2>/dev/null || true

    echo "## db-auth.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "SQLite (WAL), movies 10,000 rows owned by 100 users (indexed owner_id); user-7's RS256 token (nimbus) checked" \
        "against a local key set; reference: @platformatic/db $(sed -n 's/.*"version": "\(.*\)".*/\1/p' \
        "$REFERENCE_DIR/node_modules/@platformatic/db/package.json" | head -n 1) on Node $("$NODE" --version);" \
        "wrk -t2 -c32, $ROUNDS rounds of $DURATION per side after a $WARMUP warm-up each, sides in turn" \
        "(reversed every other round); medians."
    echo
    VERDICTS=""
    for route in "${ROUTES[@]}"; do
        auth_report "$route"
    done
    echo "- targets: $VERDICTS"
}

auth_main "$@"
