#!/usr/bin/env bash
# Throughput and latency through rt's proxies versus straight at the worker.
#
#   entrypoint: A = GET <entrypoint>/hello                 (wrk -> supervisor -> worker a)
#               B = GET http://127.0.0.1:<a's port>/hello   (wrk -> worker a)
#   mesh:       A = GET <a>/call?url=http://b.rt.local/hello         (a -> mesh proxy -> worker b)
#               B = GET <a>/call?url=http://127.0.0.1:<b's port>/hello (a -> worker b)
#
# Runs are interleaved A, B, A, B ... (after one warm-up run of each) with wrk --latency; the summary gives
# medians of requests/s, p50 and p99, the ratio A/B and the added p50, and the CPU each process used
# during the runs (percent of one core). The markdown summary goes to stdout, progress to stderr.
#
# Settings (environment): ROUNDS (5), DURATION (10s), WARMUP (30s: the supervisor's JIT
# compiles the proxy over the first 30 s of load), THREADS (2), CONNECTIONS (32),
# PORT (0: any free port for the entrypoint), PAIRS ("entrypoint mesh"; add "entrypoint-c1" for the
# entrypoint with one connection, latency without queueing), QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-30s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
PORT=${PORT:-0}
PAIRS=${PAIRS:-entrypoint mesh}
APP=${APP:-"$BENCH_ROOT/testdata/apps/probe"}
ENTRY_PATH=${ENTRY_PATH:-/hello}
TARGET_RATIO=${TARGET_RATIO:-0.80}

# One wrk run of SIDE (A or B) against URL, recorded as a line of PAIR.tsv:
#   side round rps p50_ms p99_ms errors requests
#   cpu%_wrk cpu%_supervisor cpu%_a cpu%_b          (percent of one core over the run)
#   us_wrk us_supervisor us_a us_b                  (CPU microseconds per request)
#   cpu%_others                                     (the rest of the machine: other jobs, kernel threads)
measure() {
    local pair=$1 side=$2 round=$3 url=$4 duration=$5 out t0 t1 s0 a0 b0 m0 s1 a1 b1 m1 result cpu
    out="$BENCH_TMP/$pair-$side-$round.txt"
    s0=$(cpu_ticks "$RT_PID"); a0=$(cpu_ticks "$PID_A"); b0=$(cpu_ticks "$PID_B"); m0=$(machine_busy_ticks); t0=$(now)
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out"
    t1=$(now); s1=$(cpu_ticks "$RT_PID"); a1=$(cpu_ticks "$PID_A"); b1=$(cpu_ticks "$PID_B"); m1=$(machine_busy_ticks)
    result=$(parse_wrk "$out")
    cpu=$(awk -v w="$(cat "$out.cpu")" -v s=$((s1 - s0)) -v a=$((a1 - a0)) -v b=$((b1 - b0)) -v m=$((m1 - m0)) \
              -v hz="$CLK_TCK" -v t="$(minus "$t1" "$t0")" -v n="$(cut -d' ' -f5 <<<"$result")" \
              'BEGIN { s /= hz; a /= hz; b /= hz; m /= hz; o = m - w - s - a - b; if (o < 0) o = 0
                       printf "%.0f %.0f %.0f %.0f ", 100 * w / t, 100 * s / t, 100 * a / t, 100 * b / t
                       printf "%.1f %.1f %.1f %.1f ", 1e6 * w / n, 1e6 * s / n, 1e6 * a / n, 1e6 * b / n
                       printf "%.0f", 100 * o / t }')
    [ "$round" = warmup ] || echo "$side $round $result $cpu" >>"$BENCH_TMP/$pair.tsv"
    say "$pair $side $round: rps p50 p99 errors requests = $result;" \
        "CPU % and µs/request wrk/supervisor/a/b, CPU % others = $cpu"
}

# Warm-up of each side, then ROUNDS interleaved rounds A, B.
run_pair() {
    local pair=$1 url_a=$2 url_b=$3 round
    say "$pair: A = $url_a"
    say "$pair: B = $url_b"
    : >"$BENCH_TMP/$pair.tsv"
    measure "$pair" A warmup "$url_a" "$WARMUP"
    measure "$pair" B warmup "$url_b" "$WARMUP"
    for round in $(seq 1 "$ROUNDS"); do
        measure "$pair" A "$round" "$url_a" "$DURATION"
        measure "$pair" B "$round" "$url_b" "$DURATION"
    done
}

# Median of column COLUMN (1-based, counting from the side) of SIDE's rows in PAIR.tsv.
col() {
    awk -v s="$2" -v c="$3" '$1 == s { print $c }' "$BENCH_TMP/$1.tsv" | median
}

# Markdown summary of PAIR.
summarize() {
    local pair=$1 tsv="$BENCH_TMP/$1.tsv" rps_a rps_b p50_a p50_b ratio added side
    rps_a=$(col "$pair" A 3); rps_b=$(col "$pair" B 3)
    p50_a=$(col "$pair" A 4); p50_b=$(col "$pair" B 4)
    ratio=$(div "$rps_a" "$rps_b")
    added=$(minus "$p50_a" "$p50_b")
    local threads=$THREADS connections=$CONNECTIONS
    [ "$pair" != entrypoint-c1 ] || { threads=1; connections=1; }
    echo "### $pair ($ROUNDS interleaved rounds of $DURATION, wrk -t$threads -c$connections; medians)"
    echo
    echo "| | requests/s | min–max | p50 ms | p99 ms | errors | CPU % of a core: wrk / supervisor / a / b | CPU µs per request: wrk / supervisor / a / b | CPU % rest of the machine |"
    echo "|---|---:|---:|---:|---:|---:|---|---|---:|"
    for side in A B; do
        echo "| $side ${LABEL[$pair$side]} | $(fmt 0 "$(col "$pair" $side 3)")" \
            "| $(awk -v s=$side '$1 == s { print $3 }' "$tsv" | min | xargs printf '%.0f')–$(awk -v s=$side '$1 == s { print $3 }' "$tsv" | max | xargs printf '%.0f')" \
            "| $(fmt 3 "$(col "$pair" $side 4)") | $(fmt 3 "$(col "$pair" $side 5)")" \
            "| $(awk -v s=$side '$1 == s { e += $6 } END { print e + 0 }' "$tsv")" \
            "| $(col "$pair" $side 8) / $(col "$pair" $side 9) / $(col "$pair" $side 10) / $(col "$pair" $side 11)" \
            "| $(col "$pair" $side 12) / $(col "$pair" $side 13) / $(col "$pair" $side 14) / $(col "$pair" $side 15)" \
            "| $(col "$pair" $side 16) |"
    done
    echo
    echo "- ratio A/B of median requests/s: **$ratio**; added median latency (p50 A − p50 B): **$(fmt 3 "$added") ms**"
    # Per-round ratios (A of round i over B of round i) show the drift between rounds.
    echo "- per-round ratios: $(awk '$1 == "A" { a[$2] = $3 } $1 == "B" { b[$2] = $3 }
        END { for (r = 1; r in a; r++) printf "%.3f ", a[r] / b[r] }' "$tsv")"
    if [ "$pair" = entrypoint ]; then
        local added99
        added99=$(minus "$(col "$pair" A 5)" "$(col "$pair" B 5)")
        echo "- target ratio ≥ $TARGET_RATIO: $(yesno ge "$ratio" "$TARGET_RATIO"); target added p50 ≤ 0.5 ms:" \
            "$(yesno le "$added" 0.5); added p99: $(fmt 3 "$added99") ms, target ≤ 2 ms: $(yesno le "$added99" 2)"
    fi
    echo
}

main() {
    ensure_rt_built
    ensure_wrk
    wait_quiet
    write_probe_config "$BENCH_TMP/rt.json" "$PORT" "$APP"
    local log="$BENCH_TMP/rt.log"
    rt_start "$BENCH_TMP/rt.json" "$log"
    rt_wait_listening "$RT_PID" "$log"
    PID_A=$(rt_worker_pid "$log" a 0); PID_B=$(rt_worker_pid "$log" b 0)
    local port_a port_b
    port_a=$(rt_worker_port "$log" a 0); port_b=$(rt_worker_port "$log" b 0)
    say "rt pid $RT_PID at $RT_URL; worker a pid $PID_A port $port_a; worker b pid $PID_B port $port_b"

    local ep="$RT_URL$ENTRY_PATH" direct="http://127.0.0.1:$port_a$ENTRY_PATH"
    local mesh="http://127.0.0.1:$port_a/call?url=http://b.rt.local/hello"
    local meshless="http://127.0.0.1:$port_a/call?url=http://127.0.0.1:$port_b/hello"
    check_url "$ep" hello; check_url "$direct" hello
    case " $PAIRS " in *" mesh "*) check_url "$mesh" "200 hello"; check_url "$meshless" "200 hello" ;; esac

    declare -gA LABEL=(
        [entrypointA]="(entrypoint → a)" [entrypointB]="(straight at a)"
        [meshA]="(a → mesh → b)" [meshB]="(a → b direct)"
        [entrypoint-c1A]="(entrypoint → a)" [entrypoint-c1B]="(straight at a)"
    )
    local pair
    for pair in $PAIRS; do
        case $pair in
            entrypoint) run_pair entrypoint "$ep" "$direct" ;;
            mesh) run_pair mesh "$mesh" "$meshless" ;;
            # Optional: the entrypoint with one connection (latency without queueing).
            entrypoint-c1) THREADS=1 CONNECTIONS=1 run_pair entrypoint-c1 "$ep" "$direct" ;;
            *) die "unknown pair $pair (entrypoint, mesh, entrypoint-c1)" ;;
        esac
    done
    rt_stop "$RT_PID" "$log"

    echo "## proxy.sh — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    machine_info
    echo
    for pair in $PAIRS; do summarize "$pair"; done
}

main "$@"
