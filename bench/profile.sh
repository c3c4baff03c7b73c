#!/usr/bin/env bash
# Where the time goes during one "A" run of proxy.sh: the supervisor runs under Java Flight Recorder
# (RT_JAVA_OPTS = rt's default options plus -XX:StartFlightRecording=...,settings=profile), wrk loads it
# after a warm-up, and the script reports, for the measured window only:
#   - CPU per process (wrk, supervisor, worker a, worker b) in percent of one core, user and system;
#   - CPU per supervisor thread (from /proc/<pid>/task/*/stat);
#   - JFR execution samples: threads, top (self) frames, inclusive methods; GC pauses;
#   - with perf installed (PERF=1, the default when perf works): a perf profile of the supervisor by
#     shared object and symbol (kernel, JVM, JIT-compiled Java through -XX:+DumpPerfMapAtExit).
#
# Usage: bench/profile.sh [entrypoint|mesh|cpu]   (default entrypoint; cpu: the entrypoint in front of
#        testdata/apps/bench's /cpu?us=CPU_MICROS, cpu-handler.sh's handler)
# Settings (environment): MEASURE (15, seconds of the measured run), WARMUP (10s), THREADS (2), CONNECTIONS
# (32), JFR_SECONDS (120, the recording's longest duration from JVM start; rt is stopped right after the
# measured run, and the JVM writes the recording as it exits), TOP (20 rows per table), PERF (1 when perf
# works), JFR_OUT (copy the recording there), CPU_MICROS (200), QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

MODE=${1:-entrypoint}
JFR_SECONDS=${JFR_SECONDS:-120}
MEASURE=${MEASURE:-15}
WARMUP=${WARMUP:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
TOP=${TOP:-20}
if [ -z "${PERF:-}" ]; then
    if command -v perf >/dev/null 2>&1 && perf stat -e task-clock true >/dev/null 2>&1; then PERF=1; else PERF=0; fi
fi
RT_DEFAULT_OPTS="-XX:+UseSerialGC -Xms16m -Xmx512m -XX:+ExitOnOutOfMemoryError"

# "tid ticks_user ticks_system name" for every thread of PID (names may hold spaces: they come last).
thread_ticks() {
    local stat
    for stat in /proc/"$1"/task/*/stat; do
        cat "$stat" 2>/dev/null || true
    done | awk '{ o = index($0, "("); c = match($0, /\) [A-Z] /)
                  name = substr($0, o + 1, c - o - 1); split(substr($0, c + 2), f, " ")
                  print $1, f[12], f[13], name }'
}

# "user_ticks system_ticks" of PID.
proc_ticks() {
    sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12, $13 }' || echo "0 0"
}

# The perf events counted per process: every system call, context switches, and the system calls a proxy
# makes per request (those the kernel has tracepoints for).
perf_events() {
    local events="raw_syscalls:sys_enter,context-switches" call dir
    dir=/sys/kernel/tracing/events/syscalls
    [ -d "$dir" ] || dir=/sys/kernel/debug/tracing/events/syscalls
    for call in read write readv writev recvfrom sendto recvmsg sendmsg epoll_wait epoll_pwait epoll_ctl futex; do
        [ -d "$dir/sys_enter_$call" ] && events="$events,syscalls:sys_enter_$call"
    done
    echo "$events"
}

# Table of the perf stat counts (CSV files NAME.perfstat for each NAME) divided by REQUESTS.
perf_stat_table() {
    local requests=$1; shift
    local name
    echo "| events per request ($requests requests) | ${*} |"
    echo "|---|$(printf -- '---:|%.0s' "$@")"
    for name in "$@"; do
        awk -F, -v n="$name" '$3 != "" { e = $3; sub(/^(raw_)?syscalls:sys_enter_?/, "", e); if (e == "") e = "all system calls"
                                        print n "\t" e "\t" $1 }' "$BENCH_TMP/$name.perfstat"
    done | awk -F'\t' -v r="$requests" -v names="$*" '
        BEGIN { k = split(names, col, " ") }
        { if (!($2 in seen)) { seen[$2] = 1; order[++m] = $2 } v[$1, $2] = $3 }
        END { for (i = 1; i <= m; i++) { e = order[i]; line = "| " e
                  for (j = 1; j <= k; j++) { x = v[col[j], e]; line = line " | " (x ~ /^[0-9.]+$/ && x > 0 ? sprintf("%.2f", x / r) : "0") }
                  print line " |" } }'
}

# Per-thread CPU table of the supervisor from snapshots BEFORE and AFTER over SECONDS.
thread_table() {
    local before=$1 after=$2 seconds=$3
    echo "| supervisor thread | user % | system % | total % |"
    echo "|---|---:|---:|---:|"
    awk -v hz="$CLK_TCK" -v t="$seconds" '
        NR == FNR { u[$1] = $2; s[$1] = $3; next }
        { name = $0; sub(/^[0-9]+ [0-9]+ [0-9]+ /, "", name)
          du = $2 - u[$1]; ds = $3 - s[$1]; if (du + ds == 0) next
          U[name] += du; S[name] += ds }
        END { for (n in U) printf "%s\t%.1f\t%.1f\t%.1f\n", n, 100 * U[n] / hz / t, 100 * S[n] / hz / t,
                                   100 * (U[n] + S[n]) / hz / t }' "$before" "$after" \
        | sort -t$'\t' -k4,4 -g -r | head -n "$TOP" | awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }'
}

# Flattens the text of `jfr print` for EVENT into one line per sample within [FROM, TO] (HH:MM:SS.mmm):
# "thread<TAB>frame1<TAB>frame2..." (frame1 is the top of the stack, line numbers dropped).
jfr_samples() {
    local file=$1 event=$2 from=$3 to=$4
    jfr print --events "$event" --stack-depth 64 "$file" | awk -v from="$from" -v to="$to" '
        function flush() { if (inside && time >= from && time <= to && n > 0) {
                               line = thread; for (i = 1; i <= n; i++) line = line "\t" frame[i]; print line }
                           inside = 0; n = 0; stack = 0 }
        /^[a-z]+\.[A-Za-z]+ \{$/ { flush(); inside = 1; next }
        /^  startTime = / { time = $3 }
        /^  sampledThread = / { thread = $0; sub(/^[^"]*"/, "", thread); sub(/".*$/, "", thread) }
        /^  stackTrace = \[/ { stack = 1; next }
        stack && /^  \]/ { stack = 0; next }
        stack && !/^ *\.\.\.$/ { f = $0; sub(/^ +/, "", f); sub(/ +line: [0-9]+.*$/, "", f); frame[++n] = f }
        END { flush() }'
}

# Markdown tables from the flattened samples in FILE: threads, top frames (self) and inclusive methods.
sample_tables() {
    local file=$1 title=$2 total
    total=$(wc -l <"$file")
    echo "**$title: $total samples in the window**"
    echo
    [ "$total" -gt 0 ] || return 0
    echo "| thread | samples | % |"
    echo "|---|---:|---:|"
    cut -f1 "$file" | sed 's/-[0-9]*$//' | sort | uniq -c | sort -rn | head -n "$TOP" \
        | awk -v t="$total" '{ c = $1; $1 = ""; sub(/^ /, ""); printf "| %s | %d | %.1f |\n", $0, c, 100 * c / t }'
    echo
    echo "| top frame (self) | samples | % |"
    echo "|---|---:|---:|"
    cut -f2 "$file" | sort | uniq -c | sort -rn | head -n "$TOP" \
        | awk -v t="$total" '{ c = $1; $1 = ""; sub(/^ /, ""); gsub(/\|/, "\\|"); printf "| `%s` | %d | %.1f |\n", $0, c, 100 * c / t }'
    echo
    echo "| method anywhere on the stack (inclusive) | samples | % |"
    echo "|---|---:|---:|"
    awk -F'\t' '{ delete seen; for (i = 2; i <= NF; i++) { m = $i; sub(/\(.*$/, "", m); if (!(m in seen)) { seen[m] = 1; print m } } }' "$file" \
        | sort | uniq -c | sort -rn | head -n "$TOP" \
        | awk -v t="$total" '{ printf "| `%s` | %d | %.1f |\n", $2, $1, 100 * $1 / t }'
    echo
    echo "| top frame by package | samples | % |"
    echo "|---|---:|---:|"
    cut -f2 "$file" | sed -E 's/\(.*$//; s/\.[^.]+\.[^.]+$//' | sort | uniq -c | sort -rn | head -n "$TOP" \
        | awk -v t="$total" '{ printf "| `%s` | %d | %.1f |\n", $2, $1, 100 * $1 / t }'
    echo
}

# GC pauses within the window: "count total_ms".
gc_pauses() {
    local file=$1 from=$2 to=$3
    jfr print --events jdk.GarbageCollection "$file" | awk -v from="$from" -v to="$to" '
        /startTime = / { time = $3 }
        /sumOfPauses = / { v = $3; u = $4; if (u == "s") v *= 1000; else if (u == "us") v /= 1000; else if (u == "ns") v /= 1e6
                           if (time >= from && time <= to) { n++; total += v } }
        END { printf "%d %.1f\n", n, total }'
}

main() {
    ensure_rt_built
    ensure_wrk
    command -v jfr >/dev/null 2>&1 || die "jfr (from the JDK) is not on PATH"
    wait_quiet
    local app="$BENCH_ROOT/testdata/apps/probe"
    [ "$MODE" = cpu ] && app="$BENCH_ROOT/testdata/apps/bench"
    write_probe_config "$BENCH_TMP/rt.json" 0 "$app"
    local jfr_file="$BENCH_TMP/rt.jfr" log="$BENCH_TMP/rt.log" t_launch
    local opts="$RT_DEFAULT_OPTS -XX:StartFlightRecording=duration=${JFR_SECONDS}s,filename=$jfr_file,settings=profile"
    [ "$PERF" = 1 ] && opts="$opts -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit"
    t_launch=$(now)
    # HotSpot on Linux suspends threads for JFR's execution sampler with SIGUSR2 (its SR_signum), which rt
    # takes over for "reload every service": under JFR, every sample would restart the workers. Move the
    # VM's suspend/resume signal to 39 (a free real-time signal) for this run.
    _JAVA_SR_SIGNUM=${_JAVA_SR_SIGNUM:-39} RT_JAVA_OPTS="$opts" rt_start "$BENCH_TMP/rt.json" "$log"
    local sup=$RT_PID
    # -XX:+DumpPerfMapAtExit writes /tmp/perf-<pid>.map when the supervisor exits.
    [ "$PERF" != 1 ] || BENCH_CLEAN_FILES+=("/tmp/perf-$sup.map")
    rt_wait_listening "$sup" "$log"
    local pid_a pid_b port_a url
    pid_a=$(rt_worker_pid "$log" a 0); pid_b=$(rt_worker_pid "$log" b 0)
    port_a=$(rt_worker_port "$log" a 0)
    case $MODE in
        entrypoint) url="$RT_URL/hello"; check_url "$url" hello ;;
        mesh) url="http://127.0.0.1:$port_a/call?url=http://b.rt.local/hello"; check_url "$url" "200 hello" ;;
        cpu) url="$RT_URL/cpu?us=${CPU_MICROS:-200}"; check_url "$url" hello ;;
        *) die "unknown mode $MODE (entrypoint, mesh, cpu)" ;;
    esac
    say "profiling $MODE: $url (supervisor pid $sup, a $pid_a, b $pid_b)"

    say "warm-up $WARMUP"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$url" >/dev/null
    # The measured run must end before the recording does.
    local seconds=$MEASURE
    awk -v l="$t_launch" -v n="$(now)" -v d="$JFR_SECONDS" -v m="$MEASURE" 'BEGIN { exit !(l + d - n - m >= 2) }' \
        || die "the recording ($JFR_SECONDS s from JVM start) would end before the measured run: raise JFR_SECONDS"

    local from to t0 t1 s0 s1 a0 a1 b0 b1 perf_pid=""
    thread_ticks "$sup" >"$BENCH_TMP/threads.before"
    s0=$(proc_ticks "$sup"); a0=$(proc_ticks "$pid_a"); b0=$(proc_ticks "$pid_b")
    local stat_pids=() events
    if [ "$PERF" = 1 ]; then
        perf record -q -F 499 -g -p "$sup" -o "$BENCH_TMP/perf.data" -- sleep "$seconds" >/dev/null 2>&1 &
        perf_pid=$!
        BENCH_OTHER_PIDS+=("$perf_pid")
        events=$(perf_events)
        local name pid
        for name in supervisor worker-a worker-b; do
            case $name in supervisor) pid=$sup ;; worker-a) pid=$pid_a ;; worker-b) pid=$pid_b ;; esac
            perf stat -x, -e "$events" -p "$pid" -o "$BENCH_TMP/$name.perfstat" -- sleep "$seconds" >/dev/null 2>&1 &
            stat_pids+=($!)
            BENCH_OTHER_PIDS+=($!)
        done
    fi
    from=$(date +%H:%M:%S.%3N); t0=$(now)
    say "measured run: ${seconds}s"
    run_wrk "$url" "${seconds}s" "$THREADS" "$CONNECTIONS" "$BENCH_TMP/wrk.txt"
    t1=$(now); to=$(date +%H:%M:%S.%3N)
    s1=$(proc_ticks "$sup"); a1=$(proc_ticks "$pid_a"); b1=$(proc_ticks "$pid_b")
    thread_ticks "$sup" >"$BENCH_TMP/threads.after"
    [ -z "$perf_pid" ] || wait "$perf_pid" || true
    local p
    for p in "${stat_pids[@]}"; do wait "$p" || true; done

    # Stopping rt makes the supervisor JVM write the recording (and the perf map) as it exits.
    rt_stop "$sup" "$log"
    [ -s "$jfr_file" ] || die "no recording at $jfr_file"
    [ -z "${JFR_OUT:-}" ] || cp "$jfr_file" "$JFR_OUT"

    # Reports only from here: a `head` that closes its pipe early is no failure.
    set +o pipefail
    local wall result wrk_cpu
    wall=$(minus "$t1" "$t0")
    result=$(parse_wrk "$BENCH_TMP/wrk.txt")
    wrk_cpu=$(tail -n 1 "$BENCH_TMP/wrk.txt.time")
    echo "## profile.sh $MODE — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    echo "Measured window: ${wall}s of wrk -t$THREADS -c$CONNECTIONS on $url, after a $WARMUP warm-up;" \
        "requests/s, p50 ms, p99 ms, errors, requests: $result"
    echo
    echo "| process | user % | system % | total % of one core |"
    echo "|---|---:|---:|---:|"
    cpu_row() { awk -v n="$1" -v u="$2" -v s="$3" -v hz="$4" -v t="$wall" \
        'BEGIN { printf "| %s | %.0f | %.0f | %.0f |\n", n, 100 * u / hz / t, 100 * s / hz / t, 100 * (u + s) / hz / t }'; }
    read -r wu ws <<<"$wrk_cpu"
    cpu_row wrk "$wu" "$ws" 1
    # shellcheck disable=SC2046
    cpu_row supervisor $(awk -v a="$s0" -v b="$s1" 'BEGIN { split(a, x); split(b, y); print y[1] - x[1], y[2] - x[2] }') "$CLK_TCK"
    # shellcheck disable=SC2046
    cpu_row "worker a" $(awk -v a="$a0" -v b="$a1" 'BEGIN { split(a, x); split(b, y); print y[1] - x[1], y[2] - x[2] }') "$CLK_TCK"
    # shellcheck disable=SC2046
    cpu_row "worker b" $(awk -v a="$b0" -v b="$b1" 'BEGIN { split(a, x); split(b, y); print y[1] - x[1], y[2] - x[2] }') "$CLK_TCK"
    echo
    thread_table "$BENCH_TMP/threads.before" "$BENCH_TMP/threads.after" "$wall"
    echo
    jfr_samples "$jfr_file" jdk.ExecutionSample "$from" "$to" >"$BENCH_TMP/exec.tsv"
    sample_tables "$BENCH_TMP/exec.tsv" "JFR jdk.ExecutionSample (threads running Java code)"
    jfr_samples "$jfr_file" jdk.NativeMethodSample "$from" "$to" >"$BENCH_TMP/native.tsv"
    echo "**JFR jdk.NativeMethodSample (threads inside native methods): $(wc -l <"$BENCH_TMP/native.tsv") samples; top frames:**"
    echo
    echo "| thread | native top frame | samples |"
    echo "|---|---|---:|"
    awk -F'\t' '{ t = $1; sub(/-[0-9]+$/, "", t); print t "\t" $2 }' "$BENCH_TMP/native.tsv" | sort | uniq -c | sort -rn \
        | head -n 10 | awk '{ c = $1; r = $0; sub(/^ *[0-9]+ /, "", r); split(r, p, "\t"); printf "| %s | `%s` | %d |\n", p[1], p[2], c }'
    echo
    local gc
    gc=$(gc_pauses "$jfr_file" "$from" "$to")
    echo "- GC in the window: $(cut -d' ' -f1 <<<"$gc") collections, $(cut -d' ' -f2 <<<"$gc") ms of pauses in total"
    echo
    if [ "$PERF" = 1 ] && [ -s "$BENCH_TMP/supervisor.perfstat" ]; then
        local requests
        requests=$(awk '/requests in/ { print $1 }' "$BENCH_TMP/wrk.txt")
        perf_stat_table "$requests" supervisor worker-a worker-b
        echo
    fi
    if [ "$PERF" = 1 ] && [ -s "$BENCH_TMP/perf.data" ]; then
        echo "**perf (supervisor process, ${wall}s at 499 Hz): by shared object, then top symbols (self)**"
        echo
        echo '```'
        perf report -i "$BENCH_TMP/perf.data" --no-children --sort dso --stdio -g none 2>/dev/null \
            | grep -v -e '^#' -e '^$' | head -n 12 || true
        echo
        perf report -i "$BENCH_TMP/perf.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null \
            | grep -v -e '^#' -e '^$' | head -n "$((TOP + 15))" | cut -c1-160 || true
        echo '```'
        echo
    fi
}

main "$@"
