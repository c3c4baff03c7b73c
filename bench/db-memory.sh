#!/usr/bin/env bash
# Resident memory of the db kind's worker under load, for several sets of the service's JVM options: each variant a
# one-service runtime on its own copy of db.sh's SQLite database (movies 10,000 rows, quotes 50,000), started, loaded
# through rt's entrypoint in turn with wrk -t2 -c32 for DURATION per route (list, filter, post, graphql), RSS sampled
# every second during the load. Variants run one after the other, ROUNDS times, in alternating order.
#
#   VARIANTS: sets of options separated by '|', each split on spaces into the service's jvmOptions; "default" is
#             none (the kind's own defaults). Default: "default|-XX:-UseSerialGC -XX:+UseG1GC" (the serial collector
#             the kind picks, against G1, the JVM's choice on this machine, which workers had before)
#   Settings: ROUNDS (2), DURATION (10s).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-2}
DURATION=${DURATION:-10s}
IFS="|" read -r -a VARIANTS <<<"${VARIANTS:-default|-XX:-UseSerialGC -XX:+UseG1GC}"
ROUTES=(list filter post graphql)
GRAPHQL='{"query":"{ movies(limit: 10) { id title quotes { id quote } } }"}'

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
}

# A runtime in DIR whose service has the JVM options OPTIONS ("default": none).
write_runtime() {
    local dir=$1 options=$2 json="[]"
    mkdir -p "$dir/movies"
    cp "$BENCH_TMP/movies.sqlite" "$dir/movies/db.sqlite"
    cat >"$dir/movies/rt.json" <<'EOF'
{ "$schema": "https://schemas.rt.dev/db/1.0.0.json", "server": { "disableRequestLogging": true },
  "db": { "connectionString": "sqlite://./db.sqlite" } }
EOF
    if [ "$options" != default ]; then
        json=$(python3 -c 'import json, sys; print(json.dumps(sys.argv[1].split()))' "$options")
    fi
    cat >"$dir/rt.json" <<EOF
{ "entrypoint": "movies", "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [{ "id": "movies", "path": "movies", "jvmOptions": $json }] }
EOF
}

load() {
    local route=$1 url=$2 out=$3 file="$BENCH_TMP/$1.lua"
    case $route in
        list) run_wrk "$url/movies?limit=10" "$DURATION" 2 32 "$out" ;;
        filter) run_wrk "$url/movies?where.year.gte=1990&orderby.title=asc&limit=5" "$DURATION" 2 32 "$out" ;;
        post)
            printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' \
                "'{\"title\":\"Bench\",\"year\":2001}'" >"$file"
            run_wrk "$url/movies" "$DURATION" 2 32 "$out" -s "$file" ;;
        graphql)
            printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' \
                "'$GRAPHQL'" >"$file"
            run_wrk "$url/graphql" "$DURATION" 2 32 "$out" -s "$file" ;;
    esac
}

# One variant once: start, RSS after start, every route with RSS sampled each second, RSS after, stop.
run_variant() {
    local index=$1 round=$2 dir="$BENCH_TMP/v$1-r$2" worker peak=0 rss route sampler
    write_runtime "$dir" "${VARIANTS[$index]}"
    rt_start "$dir" "$dir/rt.log"; local rt_pid=$RT_PID
    rt_wait_listening "$rt_pid" "$dir/rt.log"
    worker=$(rt_worker_pid "$dir/rt.log" movies 0)
    local idle; idle=$(rss_mb "$worker")
    : >"$dir/samples"
    (while kill -0 "$worker" 2>/dev/null; do rss_mb "$worker" >>"$dir/samples"; sleep 1; done) &
    sampler=$!
    local rps=""
    for route in "${ROUTES[@]}"; do
        load "$route" "$RT_URL" "$dir/$route.out"
        rps+="$route $(parse_wrk "$dir/$route.out" | cut -d' ' -f1); "
    done
    local after; after=$(rss_mb "$worker")
    kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true
    peak=$(max <"$dir/samples")
    rt_stop "$rt_pid" "$dir/rt.log"
    echo "$idle $peak $after" >>"$BENCH_TMP/variant-$index.tsv"
    say "variant $index (${VARIANTS[$index]}) round $round: RSS MB after start $idle, peak $peak, after $after; req/s $rps"
}

main() {
    ensure_rt_built
    ensure_wrk
    wait_quiet
    write_database "$BENCH_TMP/movies.sqlite"
    local round i
    for round in $(seq 1 "$ROUNDS"); do
        if [ $((round % 2)) -eq 1 ]; then
            for i in "${!VARIANTS[@]}"; do run_variant "$i" "$round"; done
        else
            for ((i = ${#VARIANTS[@]} - 1; i >= 0; i--)); do run_variant "$i" "$round"; done
        fi
    done
    echo "## db-memory.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "The db kind's worker, SQLite; through the entrypoint, wrk -t2 -c32, $DURATION per route (list, filter, post," \
        "graphql), RSS sampled each second; $ROUNDS runs per variant, medians."
    echo
    echo "| the service's jvmOptions | RSS MB after start | peak under load | after the load |"
    echo "|---|---:|---:|---:|"
    for i in "${!VARIANTS[@]}"; do
        echo "| ${VARIANTS[$i]} | $(cut -d' ' -f1 "$BENCH_TMP/variant-$i.tsv" | median)" \
            "| $(cut -d' ' -f2 "$BENCH_TMP/variant-$i.tsv" | median) | $(cut -d' ' -f3 "$BENCH_TMP/variant-$i.tsv" | median) |"
    done
}

main "$@"
