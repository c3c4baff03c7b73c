#!/usr/bin/env bash
# Resident memory of the demo (supervisor, greeter worker, hello worker, and the spare JVM kept for hello, the
# entrypoint: spareWorker's default): start it, read RSS once started and idle, send REQUESTS requests to /hello (curl, CONNECTIONS in parallel), wait IDLE seconds,
# read RSS again (VmRSS of /proc/<pid>/status). REPEAT fresh starts; medians. Summary to stdout.
#
# NMT=1 also starts every JVM with -XX:NativeMemoryTracking=summary (through JAVA_TOOL_OPTIONS, which adds a
# few MB of its own) and prints where each process's committed memory goes after the load (jcmd
# VM.native_memory summary, last run).
#
# COMPARE=<another rt checkout> (an older commit, say) measures its demo with its own bin/rt in the same run,
# alternating A (this checkout) and B (that one), and adds B ÷ A.
#
# Settings (environment): REPEAT (3), REQUESTS (2000), IDLE (5), CONNECTIONS (8), NMT (0), COMPARE, QUIET_WAIT
# and QUIET_LOAD (lib.sh). Uses port 3042.
source "$(dirname -- "$0")/lib.sh"

REPEAT=${REPEAT:-3}
REQUESTS=${REQUESTS:-2000}
IDLE=${IDLE:-5}
CONNECTIONS=${CONNECTIONS:-8}
NMT=${NMT:-0}
URL=http://127.0.0.1:3042/hello
DEMO="$BENCH_ROOT/testdata/demo"

# A curl configuration with REQUESTS transfers of URL, each to /dev/null.
write_curl_config() {
    local i
    for i in $(seq 1 "$REQUESTS"); do
        printf 'url = "%s"\noutput = "/dev/null"\n' "$URL"
    done >"$BENCH_TMP/load.curl"
}

# "supervisor greeter hello" RSS in MB.
rss_all() {
    echo "$(rss_mb "$RT_PID") $(rss_mb "$PID_GREETER") $(rss_mb "$PID_HELLO")"
}

# RSS in MB of the spare JVM LOG says was prepared for hello ("-" when there is none: spareWorker off, or an
# rt without spares under COMPARE).
rss_spare() {
    local pid
    pid=$(grep -o 'Preparing the worker [0-9]* of the service \\"hello\\" (pid [0-9]*) as a spare' "$1" \
        | tail -n 1 | sed 's/.*(pid \([0-9]*\)).*/\1/')
    if [ -n "$pid" ] && [ -r "/proc/$pid/status" ]; then rss_mb "$pid"; else echo -; fi
}

# One fresh start: sets RESULT to "idle-after-start RSS ×3, after-load RSS ×3, requests sent, errors,
# seconds the load took, the spare's RSS idle after start and after the load". Runs in the
# main shell (never in $(...)), so that the EXIT trap knows the rt it started.
measure_once() {
    local run=$1 root=${2:-$BENCH_ROOT} side=${3:-a}
    local log="$BENCH_TMP/memory-$1$side.log" before after spare_before spare_after out="$BENCH_TMP/load-$1$side.txt" sent errors t0 seconds
    wait_port_free 3042
    if [ "$NMT" = 1 ]; then
        JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -XX:NativeMemoryTracking=summary" \
            rt_start "$root/testdata/demo" "$log" "$root/bin/rt"
    else
        rt_start "$root/testdata/demo" "$log" "$root/bin/rt"
    fi
    rt_wait_listening "$RT_PID" "$log"
    PID_GREETER=$(rt_worker_pid "$log" greeter 0)
    PID_HELLO=$(rt_worker_pid "$log" hello 0)
    sleep "$IDLE"
    before=$(rss_all)
    spare_before=$(rss_spare "$log")
    # Exactly REQUESTS requests, CONNECTIONS at a time on keep-alive connections; one status code a line.
    t0=$(now)
    curl -s --no-progress-meter -Z --parallel-max "$CONNECTIONS" -K "$BENCH_TMP/load.curl" \
        -w '%{http_code}\n' >"$out" 2>&1 || true
    seconds=$(minus "$(now)" "$t0")
    sent=$(grep -c '^[0-9][0-9][0-9]$' "$out" || true)
    errors=$(grep -c -v '^200$' "$out" || true)
    [ "$errors" = 0 ] || say "run $run: $errors of $REQUESTS requests failed or were not 200 (reported)"
    sleep "$IDLE"
    after=$(rss_all)
    spare_after=$(rss_spare "$log")
    if [ "$NMT" = 1 ]; then
        local name pid
        for name in supervisor greeter hello; do
            case $name in supervisor) pid=$RT_PID ;; greeter) pid=$PID_GREETER ;; hello) pid=$PID_HELLO ;; esac
            jcmd "$pid" VM.native_memory summary >"$BENCH_TMP/nmt-$name.txt" 2>&1 || true
        done
    fi
    rt_stop "$RT_PID" "$log"
    RESULT="$before $after $sent $errors $seconds $spare_before $spare_after"
}

# Table of NMT committed MB per category for the three processes (from the last run's nmt-*.txt).
nmt_table() {
    echo "| NMT committed MB after the load (last run) | supervisor | greeter | hello |"
    echo "|---|---:|---:|---:|"
    local name
    for name in supervisor greeter hello; do
        awk -v n="$name" '
            /^Total: / { match($0, /committed=[0-9]+KB/); print n "\tTotal\t" substr($0, RSTART + 10, RLENGTH - 12) }
            /^-  *[A-Za-z].*\(reserved=[0-9]+KB, committed=[0-9]+KB/ {
                c = $0; sub(/^- */, "", c); sub(/ *\(reserved.*$/, "", c)
                match($0, /committed=[0-9]+KB/); print n "\t" c "\t" substr($0, RSTART + 10, RLENGTH - 12) }' \
            "$BENCH_TMP/nmt-$name.txt"
    done | awk -F'\t' '
        { if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 } v[$1, $2] = $3 }
        END { for (i = 1; i <= k; i++) { c = order[i]
                  if (v["supervisor", c] + v["greeter", c] + v["hello", c] < 1024 && c != "Total") continue
                  printf "| %s | %.1f | %.1f | %.1f |\n", c, v["supervisor", c] / 1024, v["greeter", c] / 1024, v["hello", c] / 1024 } }'
}

# One fresh start of SIDE (a: this checkout, b: COMPARE), recorded in memory-SIDE.tsv.
one_run() {
    local i=$1 side=$2 root=$BENCH_ROOT line
    [ "$side" = a ] || root=$COMPARE
    measure_once "$i" "$root" "$side"
    line=$RESULT
    echo "$line" >>"$BENCH_TMP/memory-$side.tsv"
    say "run $i$side: RSS MB supervisor/greeter/hello idle after start: $(cut -d' ' -f1-3 <<<"$line");" \
        "after $(cut -d' ' -f7 <<<"$line") requests + ${IDLE}s idle: $(cut -d' ' -f4-6 <<<"$line")"
}

main() {
    ensure_rt_built
    [ -z "${COMPARE:-}" ] || ensure_compare_built "$COMPARE"
    write_curl_config
    wait_quiet
    local results="$BENCH_TMP/memory-a.tsv"
    : >"$results"
    : >"$BENCH_TMP/memory-b.tsv"
    interleaved_runs "$REPEAT"

    local sup_after hello_after greeter_after
    m() { cut -d' ' -f"$1" "$results" | median; }
    sup_after=$(m 4); greeter_after=$(m 5); hello_after=$(m 6)
    echo "## memory.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "| RSS MB, median of $REPEAT fresh starts | supervisor | greeter worker | hello worker | hello's spare JVM | total |"
    echo "|---|---:|---:|---:|---:|---:|"
    total() { awk -v c="$*" 'BEGIN { n = split(c, f, " "); for (i = 1; i <= n; i++) if (f[i] != "-") t += f[i]; printf "%.1f\n", t }'; }
    echo "| idle, ${IDLE}s after start | $(m 1) | $(m 2) | $(m 3) | $(m 10) | $(total "$(m 1) $(m 2) $(m 3) $(m 10)") |"
    echo "| idle, ${IDLE}s after $(m 7) requests to /hello (curl, $CONNECTIONS in parallel) | $sup_after | $greeter_after | $hello_after | $(m 11) | $(total "$sup_after $greeter_after $hello_after $(m 11)") |"
    echo
    echo "- per run (after load) supervisor/greeter/hello: $(awk '{ printf "%s/%s/%s  ", $4, $5, $6 }' "$results")"
    echo "- per run, seconds the $REQUESTS requests took and failed ones (no answer or not 200):" \
        "$(awk '{ printf "%.1f s, %s errors;  ", $9, $8 }' "$results")"
    echo "- targets (issue 2), idle after start: supervisor ≤ 96 MB: $(yesno le "$(m 1)" 96); each worker ≤ 80 MB:" \
        "$(yesno le "$(printf '%s\n%s\n' "$(m 2)" "$(m 3)" | max)" 80); after the requests (no target):" \
        "supervisor $sup_after, workers $greeter_after and $hello_after MB"
    if [ -n "${COMPARE:-}" ]; then
        local b="$BENCH_TMP/memory-b.tsv" col
        mb() { cut -d' ' -f"$1" "$b" | median; }
        echo
        echo "| RSS MB, medians, A: this checkout ($(git -C "$BENCH_ROOT" rev-parse --short HEAD)), B: COMPARE ($(git -C "$COMPARE" rev-parse --short HEAD 2>/dev/null || echo "$COMPARE")) | A | B | B ÷ A |"
        echo "|---|---:|---:|---:|"
        for col in 1:"supervisor idle" 2:"greeter idle" 3:"hello idle" 4:"supervisor after load" 5:"greeter after load" 6:"hello after load"; do
            echo "| ${col#*:} | $(m "${col%%:*}") | $(mb "${col%%:*}") | $(div "$(mb "${col%%:*}")" "$(m "${col%%:*}")") |"
        done
    fi
    echo
    if [ "$NMT" = 1 ]; then
        echo "Measured with -XX:NativeMemoryTracking=summary on every JVM (it costs a few MB itself)."
        echo
        nmt_table
        echo
    fi
}

main "$@"
