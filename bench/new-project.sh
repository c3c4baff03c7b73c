#!/usr/bin/env bash
# A new three-service project from nothing to its first 200, as a new user types it: `rt create --dir app` (a
# runtime with its first service, api; git repository and dependencies installed), `rt service create --name
# catalog` and `rt java create --name clock` inside it, `rt build`, then `rt start` until http://127.0.0.1:<port>/hello
# answers 200. N runs (default 3) after one warm-up run, each in a new directory; Maven works in a local repository
# of the script's own that reads the machine's (~/.m2/repository) as a tail, so rt's artifacts land nowhere else and
# the dependencies are the machine's (no download when they are there). Medians of each phase and of the total.
#
# Settings (environment or first argument): N (3).
source "$(dirname -- "$0")/lib.sh"

N=${1:-${N:-3}}
export MAVEN_ARGS="-Dmaven.repo.local=$BENCH_TMP/m2 -Dmaven.repo.local.tail=$HOME/.m2/repository"
ensure_rt_built

# Runs one project through; sets RESULT to "create_s services_s build_s start_s total_s".
time_new_project() {
    local run=$1 dir="$BENCH_TMP/run-$1" log="$BENCH_TMP/run-$1.log" port t0 t1 t2 t3 t4 code deadline
    mkdir -p "$dir"
    port=$(free_port)
    t0=$(now)
    (cd "$dir" && "$RT" create --dir app --port "$port" >>"$log" 2>&1) || { cat "$log" >&2; die "run $run: rt create failed"; }
    t1=$(now)
    (cd "$dir/app" && "$RT" service create --name catalog --no-install && "$RT" java create --name clock --no-install) \
        >>"$log" 2>&1 || { cat "$log" >&2; die "run $run: rt <kind> create failed"; }
    t2=$(now)
    (cd "$dir/app" && "$RT" build >>"$log" 2>&1) || { cat "$log" >&2; die "run $run: rt build failed"; }
    t3=$(now)
    rt_start "$dir/app" "$BENCH_TMP/start-$run.log"
    deadline=$((SECONDS + 300))
    while :; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/hello" || true)
        [ "$code" = 200 ] && break
        alive "$RT_PID" || { cat "$BENCH_TMP/start-$run.log" >&2; die "run $run: rt exited before answering 200"; }
        [ "$SECONDS" -lt "$deadline" ] || die "run $run: no 200 within 300 s"
        sleep 0.02
    done
    t4=$(now)
    rt_stop "$RT_PID" "$BENCH_TMP/start-$run.log"
    RESULT="$(minus "$t1" "$t0") $(minus "$t2" "$t1") $(minus "$t3" "$t2") $(minus "$t4" "$t3") $(minus "$t4" "$t0")"
}

say "load average before: $BENCH_LOADAVG"
results=()
for run in $(seq 0 "$N"); do
    time_new_project "$run"
    say "run $run: create, services, build, start, total (s): $RESULT$([ "$run" = 0 ] && echo ' (warm-up, not counted)')"
    [ "$run" = 0 ] || results+=("$RESULT")
done

column() { printf '%s\n' "${results[@]}" | cut -d' ' -f"$1" | median; }
echo "### New three-service project: create → build → start → first 200 ($N runs, medians, load average before $BENCH_LOADAVG)"
echo
echo "| rt create (with install) | rt service create + rt java create | rt build | rt start → first 200 | total |"
echo "|---|---|---|---|---|"
echo "| $(fmt 1 "$(column 1)") s | $(fmt 1 "$(column 2)") s | $(fmt 1 "$(column 3)") s | $(fmt 1 "$(column 4)") s | $(fmt 1 "$(column 5)") s |"
