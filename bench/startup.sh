#!/usr/bin/env bash
# Start-up time of the demo: from launching `bin/rt start -c testdata/demo` to the first HTTP 200 from
# http://127.0.0.1:3042/hello (entrypoint hello, which calls greeter over the mesh), N times; SIGTERM and
# wait for the exit after each. Interleaved with each run, the time of `java -jar <rt.jar> --version` (a JVM
# plus the CLI, nothing started) as a baseline. The markdown summary goes to stdout.
#
# COMPARE=<another rt checkout> (an older commit, say, built or not) runs its demo with its own bin/rt in the
# same run, alternating A (this checkout) and B (that one) as ABBA, and adds B ÷ A.
#
# Settings (environment or first argument): N (10), COMPARE. The demo's port 3042 must be free.
source "$(dirname -- "$0")/lib.sh"

N=${1:-${N:-10}}
URL=http://127.0.0.1:3042/hello
DEMO="$BENCH_ROOT/testdata/demo"

# Seconds from launching rt to the first 200 from URL; rt is stopped (and waited for) before returning.
# Sets RESULT to "startup_s stop_s boot greeter hello first" (see phases), or to "rebuilt". Runs in the
# main shell (never in $(...)), so that the EXIT trap knows the rt it started.
time_startup() {
    local run=$1 root=${2:-$BENCH_ROOT} log="$BENCH_TMP/startup-$1-${3:-a}.log" t0 t1 t2 code
    wait_port_free 3042
    t0=$(now)
    rt_start "$root/testdata/demo" "$log" "$root/bin/rt"
    # The measurement itself: poll with curl every 10 ms. rt binds 3042 before the workers are up (answering
    # 502/503 meanwhile), so only a 200 counts. Not as fast as curl goes: on 2 cores, back-to-back curl
    # processes took most of a core from the JVMs being timed (half a second of a 2.5 s start-up).
    local deadline=$((SECONDS + 300))
    while :; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$URL" || true)
        [ "$code" = 200 ] && break
        alive "$RT_PID" || { cat "$log" >&2; die "run $run: rt exited before answering 200"; }
        [ "$SECONDS" -lt "$deadline" ] || die "run $run: no 200 within 300 s"
        sleep 0.01
    done
    t1=$(now)
    # The warm-up start (run 0) also lets the workers' class-data archive be made (a training JVM, a few
    # seconds after the start; stopping rt ends it): a new build of rt needs a new one, and the timed starts
    # are meant to use it, as every start but a build's first does.
    if [ "$run" = 0 ]; then
        local until=$((SECONDS + 90))
        while ! grep -q 'class-data sharing archive' "$log" && [ "$SECONDS" -lt "$until" ]; do sleep 0.2; done
        grep -q 'class-data sharing archive' "$log" || say "warm-up: no class-data archive made within 90 s"
    fi
    rt_stop "$RT_PID" "$log"
    t2=$(now)
    # bin/rt rebuilt rt (sources changed since ensure_rt_built): this run timed Maven, not rt.
    if grep -q 'rt: building rt' "$log"; then RESULT=rebuilt; return 0; fi
    RESULT="$(minus "$t1" "$t0") $(minus "$t2" "$t1") $(phases "$log" "$t0" "$t1")"
}

# Where the start-up time went, from the log's "time" stamps (epoch ms) and the launch and first-200
# instants T0 and T1 (epoch s): "boot greeter hello first" in seconds, where boot is launch → the first
# worker spawned (launcher, supervisor JVM, configuration, binding), greeter the "Started ... in T ms" of
# its worker, hello the time from greeter ready to hello ready (hello's JVM boots while greeter starts, and
# its application starts once greeter is ready), first is "listening" → first 200.
phases() {
    local log=$1 t0=$2 t1=$3
    awk -v t0="$t0" -v t1="$t1" '
        function stamp(line) { match(line, /"time":[0-9]+/); return substr(line, RSTART + 7, RLENGTH - 7) / 1000 }
        /Starting the worker/ && !first { first = stamp($0) }
        /Started the worker/ { match($0, /in [0-9]+ ms/); ms = substr($0, RSTART + 3, RLENGTH - 6)
                               if ($0 ~ /greeter/) { g = ms / 1000; g_at = stamp($0) }
                               else if ($0 ~ /hello/) h_at = stamp($0) }
        /rt is now listening/ { listening = stamp($0) }
        END { printf "%.3f %.3f %.3f %.3f\n", first - t0, g, h_at - g_at, t1 - listening }' "$log"
}

# Seconds taken by `java -jar <the rt.jar of ROOT> --version`.
time_version() {
    local t0 t1 jar
    jar=$(rt_jar_of "${1:-$BENCH_ROOT}")
    t0=$(now)
    java -jar "$jar" --version >/dev/null
    t1=$(now)
    minus "$t1" "$t0"
}

# One run of SIDE (a: this checkout, b: COMPARE), recorded in results-SIDE.tsv.
one_run() {
    local i=$1 side=$2 root s v
    root=$BENCH_ROOT
    [ "$side" = a ] || root=$COMPARE
    v=$(time_version "$root")
    time_startup "$i" "$root" "$side"
    if [ "$RESULT" = rebuilt ]; then
        say "run $i$side: bin/rt rebuilt rt first (sources changed): not counted, running it again"
        time_startup "$i" "$root" "$side"
        [ "$RESULT" != rebuilt ] || die "sources keep changing: bin/rt rebuilds rt on every start"
    fi
    s=$RESULT
    echo "$s $v" >>"$BENCH_TMP/results-$side.tsv"
    say "run $i$side: start→200, stop, boot, greeter, hello, listening→200 (s): $s; java -jar rt.jar --version $v s"
}

main() {
    ensure_rt_built
    [ -z "${COMPARE:-}" ] || ensure_compare_built "$COMPARE"
    wait_quiet
    local results="$BENCH_TMP/results-a.tsv"
    : >"$results"
    : >"$BENCH_TMP/results-b.tsv"
    # One unrecorded start of each to warm the page cache and the class-data archives.
    say "warm-up start"
    time_startup 0
    time_version >/dev/null
    if [ -n "${COMPARE:-}" ]; then
        time_startup 0 "$COMPARE" b
        time_version "$COMPARE" >/dev/null
    fi
    interleaved_runs "$N"

    # results columns: start→200, stop, boot, greeter, hello, listening→200, --version
    local med mn mx vmed vmn vmx stop
    med=$(cut -d' ' -f1 "$results" | median); mn=$(cut -d' ' -f1 "$results" | min); mx=$(cut -d' ' -f1 "$results" | max)
    stop=$(cut -d' ' -f2 "$results" | median)
    vmed=$(cut -d' ' -f7 "$results" | median); vmn=$(cut -d' ' -f7 "$results" | min); vmx=$(cut -d' ' -f7 "$results" | max)
    echo "## startup.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "| $N runs, interleaved | median s | min s | max s |"
    echo "|---|---:|---:|---:|"
    echo "| \`bin/rt start -c testdata/demo\` → first 200 from /hello | $(fmt 3 "$med") | $(fmt 3 "$mn") | $(fmt 3 "$mx") |"
    echo "| baseline \`java -jar cli/target/rt/lib/rt.jar --version\` | $(fmt 3 "$vmed") | $(fmt 3 "$vmn") | $(fmt 3 "$vmx") |"
    echo
    local boot greeter hello first
    boot=$(cut -d' ' -f3 "$results" | median); greeter=$(cut -d' ' -f4 "$results" | median)
    hello=$(cut -d' ' -f5 "$results" | median); first=$(cut -d' ' -f6 "$results" | median)
    echo "| phase (from the log's time stamps), median s | |"
    echo "|---|---:|"
    echo "| launch → first worker spawned (launcher, supervisor JVM, configuration, binds) | $(fmt 3 "$boot") |"
    echo "| greeter worker: spawn → ready | $(fmt 3 "$greeter") |"
    echo "| hello worker: greeter ready → hello ready (its JVM boots meanwhile, its application starts then) | $(fmt 3 "$hello") |"
    echo "| \"listening\" logged → first 200 | $(fmt 3 "$first") |"
    echo
    echo "- start-up over the baseline (medians): $(div "$med" "$vmed")× (holds better than seconds on a busy machine)"
    echo "- SIGTERM → supervisor exited (median): $(fmt 3 "$stop") s"
    echo "- per-run start→200 s: $(cut -d' ' -f1 "$results" | tr '\n' ' ')"
    echo "- target median ≤ 1.5 s: $(yesno le "$med" 1.5)"
    if [ -n "${COMPARE:-}" ]; then
        local b="$BENCH_TMP/results-b.tsv" bmed bver
        bmed=$(cut -d' ' -f1 "$b" | median); bver=$(cut -d' ' -f7 "$b" | median)
        echo
        echo "| A: this checkout ($(git -C "$BENCH_ROOT" rev-parse --short HEAD)), B: COMPARE ($(git -C "$COMPARE" rev-parse --short HEAD 2>/dev/null || echo "$COMPARE")), ABBA | A median s | B median s | B ÷ A |"
        echo "|---|---:|---:|---:|"
        echo "| start → first 200 | $(fmt 3 "$med") | $(fmt 3 "$bmed") | $(div "$bmed" "$med") |"
        echo "| \`java -jar rt.jar --version\` | $(fmt 3 "$vmed") | $(fmt 3 "$bver") | $(div "$bver" "$vmed") |"
        echo "- B per-run start→200 s: $(cut -d' ' -f1 "$b" | tr '\n' ' ')"
    fi
    echo
}

main "$@"
