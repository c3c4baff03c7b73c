#!/usr/bin/env bash
# Start-up of a runtime with 8 one-worker services versus 1, with and without the agent's class-data sharing
# archive, and where the time goes.
#
# For each case, ROUNDS times: launch `java -jar rt.jar start`, measure until "rt is now listening" (wall time),
# and read from the log each worker's "Started ... in N ms" (its JVM launch to ready), then SIGTERM. Services are
# listed, so they start one after the other (SPEC: in the order listed); the 8-service time is about 8 worker
# starts plus the supervisor's own start-up.
# Where the time goes, for one worker: a bare JVM (java -version), a JVM that loads the agent's main class and
# exits (WorkerMain without its environment), and the classes a worker loads (-Xlog:class+load), counting those
# mapped from a shared archive (the JDK's default one, plus rt's when on).
#
# Settings (environment): ROUNDS (5), COUNT (8), QUIET_WAIT and QUIET_LOAD (lib.sh). Markdown on stdout.
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
COUNT=${COUNT:-8}

ensure_rt_built
wait_quiet
export XDG_CACHE_HOME="$BENCH_TMP/cache" # a private agent jar and archive: nothing shared with other runs
probe="$BENCH_ROOT/testdata/apps/probe"

# write_config FILE N [NODE_OPTIONS]
write_config() {
    local file=$1 n=$2 options=${3:-} i services=""
    for i in $(seq 1 "$n"); do
        [ -z "$services" ] || services="$services,"
        services="$services { \"id\": \"s$i\", \"path\": \"$probe\", \"nodeOptions\": \"$options\" }"
    done
    cat >"$file" <<EOF
{ "entrypoint": "s1", "server": { "hostname": "127.0.0.1", "port": 0 }, "services": [ $services ] }
EOF
}

# One start of CONFIG with RT_CLASS_DATA_SHARING=$2; prints "wall_ms worker_ms_sum worker_ms_median".
start_once() {
    local config=$1 sharing=$2 log="$BENCH_TMP/start.log" t0 t1 workers
    t0=$(now)
    RT_CLASS_DATA_SHARING=$sharing rt_start "$config" "$log"
    rt_wait_listening "$RT_PID" "$log" 120
    t1=$(now)
    workers=$(grep -o 'on port [0-9]* in [0-9]* ms' "$log" | sed 's/.* in \([0-9]*\) ms/\1/')
    rt_stop "$RT_PID" "$log"
    echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", (b - a) * 1000 }')" \
        "$(awk '{ s += $1 } END { print s + 0 }' <<<"$workers")" "$(median <<<"$workers")"
}

# Makes the agent archive (the first run's background training) and waits for it.
make_archive() {
    local config="$BENCH_TMP/one.json" log="$BENCH_TMP/archive.log" deadline
    write_config "$config" 1
    rt_start "$config" "$log"
    rt_wait_listening "$RT_PID" "$log" 120
    deadline=$((SECONDS + 120))
    until grep -q 'use the class-data sharing archive' "$log"; do
        [ "$SECONDS" -lt "$deadline" ] || die "the class-data sharing archive was not made within 120 s"
        sleep 0.2
    done
    rt_stop "$RT_PID" "$log"
}

say "making the agent's class-data sharing archive"
make_archive
results="$BENCH_TMP/results.tsv"
: >"$results"
write_config "$BENCH_TMP/1.json" 1
write_config "$BENCH_TMP/$COUNT.json" "$COUNT"
for round in $(seq 1 "$ROUNDS"); do
    for sharing in true false; do
        for n in 1 "$COUNT"; do
            line=$(start_once "$BENCH_TMP/$n.json" "$sharing")
            echo "$sharing $n $line" >>"$results"
            say "round $round, $n service(s), class-data sharing $sharing: wall, sum of workers, median worker (ms) = $line"
        done
    done
done

# column COL of the results for SHARING and N, as a median
med() { awk -v s="$1" -v n="$2" -v c="$3" '$1 == s && $2 == n { print $c }' "$results" | median; }

# ---- where the time goes, one worker
agent_jar=$(ls "$XDG_CACHE_HOME"/rt/*/rt-worker-agent.jar | head -n 1)
archive=$(ls "$XDG_CACHE_HOME"/rt/*/rt-worker-agent-*.jsa | head -n 1)
time_ms() { local t0 t1; t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now); awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f\n", (b - a) * 1000 }'; }
bare=$(for i in $(seq 1 "$ROUNDS"); do time_ms java -Xshare:auto -version; done | median)
agent_off=$(for i in $(seq 1 "$ROUNDS"); do time_ms java -cp "$agent_jar" dev.rt.agent.WorkerMain; done | median)
agent_on=$(for i in $(seq 1 "$ROUNDS"); do time_ms java -XX:SharedArchiveFile="$archive" -cp "$agent_jar" dev.rt.agent.WorkerMain; done | median)
classes() {
    local sharing=$1 dir="$BENCH_TMP/classes-$1" config="$BENCH_TMP/classes-$1.json" log="$BENCH_TMP/classes-$1.log"
    mkdir -p "$dir"
    write_config "$config" 1 "-Xlog:class+load=info:file=$dir/classes.log"
    RT_CLASS_DATA_SHARING=$sharing rt_start "$config" "$log"
    rt_wait_listening "$RT_PID" "$log" 120
    rt_stop "$RT_PID" "$log"
    echo "$(grep -c 'source:' "$dir/classes.log") $(grep -c 'source: shared objects file' "$dir/classes.log")"
}
read -r classes_off shared_off <<<"$(classes false)"
read -r classes_on shared_on <<<"$(classes true)"

w1_on=$(med true 1 3); w8_on=$(med true "$COUNT" 3); w1_off=$(med false 1 3); w8_off=$(med false "$COUNT" 3)
cat <<EOF
### Start-up: $COUNT one-worker services versus 1 (\`bench/startup-many.sh\`)

\`java -jar rt.jar start\` to "rt is now listening", median of $ROUNDS rounds; services listed, so started one
after the other. $(machine_info)

| class-data sharing | 1 service (ms) | $COUNT services (ms) | ratio | worker JVM launch to ready, median (ms) | sum of the $COUNT workers (ms) |
|---|---|---|---|---|---|
| agent archive (default) | $w1_on | $w8_on | $(div "$w8_on" "$w1_on") | $(med true "$COUNT" 5) | $(med true "$COUNT" 4) |
| off (\`RT_CLASS_DATA_SHARING=false\`) | $w1_off | $w8_off | $(div "$w8_off" "$w1_off") | $(med false "$COUNT" 5) | $(med false "$COUNT" 4) |

Where one worker's time goes (median of $ROUNDS):
- a bare JVM (\`java -version\`): $bare ms;
- a JVM that loads the agent's main class and exits: $agent_off ms, or $agent_on ms with the agent archive;
- classes a worker loads up to ready and a few stats: $classes_off, $shared_off of them from the JDK's archive
  without rt's; $classes_on, $shared_on of them mapped from the archives with it.
EOF
