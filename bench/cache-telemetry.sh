#!/usr/bin/env bash
# What the HTTP cache and tracing cost, and what the cache saves (issue 21).
#
#   telemetry:   two rts side by side, the bench app as the entrypoint "api". A: telemetry on (OTLP over HTTP to a
#                local receiver that answers 200 to every export, sampling 1: every request traced; the worker
#                records rt's light span of each request, which the supervisor exports); B: no telemetry. wrk on
#                <entrypoint>/hello. Target A/B ≥ 0.90.
#   cache-hit:   two rts, the relay app as "front" and "back". A: httpCache on; B: off. wrk straight at the mesh
#                (a port of the supervisor's other than the entrypoint's, Host: back.rt.local) on
#                /res?cc=max-age=3600: A answers from the cache, B from back's worker. Target A/B ≥ 2.
#   uncacheable: the same two rts, on /res?cc=no-store: every response goes through the cache's checks and is
#                not stored. Target A/B ≥ 0.97.
#
# Each part: one warm-up of each side, then ROUNDS interleaved rounds (A then B in odd rounds, B then A in even
# ones); medians of requests/s and the ratio of the medians. The markdown summary goes to stdout.
#
# Settings (environment): ROUNDS (4), DURATION (10s), WARMUP (15s), THREADS (2), CONNECTIONS (32),
# PARTS ("telemetry cache-hit uncacheable"), WORKER_AGENT (off: rt's light spans in the worker, the default; on: the
# OpenTelemetry Java agent in the worker instead, its "telemetry": {"javaagent": true}, with startTimeout 300 s since
# the agent's start costs the worker seconds of CPU), QUIET_WAIT and QUIET_LOAD (lib.sh).
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-15s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
PARTS=${PARTS:-telemetry cache-hit uncacheable}
WORKER_AGENT=${WORKER_AGENT:-off}
BENCH_APP="$BENCH_ROOT/testdata/apps/bench"
RELAY_APP="$BENCH_ROOT/testdata/apps/relay"

# An OTLP/HTTP receiver that accepts every export (an empty ExportTraceServiceResponse); sets OTLP_PORT.
start_otlp_sink() {
    local port
    port=$(free_port 14318)
    python3 - "$port" >"$BENCH_TMP/otlp.log" 2>&1 <<'PY' &
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class Sink(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        self.send_response(200)
        self.send_header("content-type", "application/x-protobuf")
        self.send_header("content-length", "0")
        self.end_headers()
    def log_message(self, *args):
        pass
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Sink).serve_forever()
PY
    BENCH_OTHER_PIDS+=("$!")
    local deadline=$((SECONDS + 10))
    until port_in_use "$port"; do
        [ "$SECONDS" -lt "$deadline" ] || die "the OTLP receiver did not listen on $port"
        sleep 0.1
    done
    OTLP_PORT=$port
}

# The supervisor's listening ports other than the entrypoint's: the mesh's.
mesh_port() {
    local pid=$1 entry_port=$2
    ss -ltnpH 2>/dev/null | awk -v p="pid=$pid," '$0 ~ p { n = split($4, a, ":"); print a[n] }' \
        | grep -vx "$entry_port" | head -n 1
}

# Starts rt with CONFIG as NAME; sets PID_<NAME> and URL_<NAME>.
start_rt() {
    local name=$1 config=$2 log="$BENCH_TMP/$1.log"
    rt_start "$config" "$log"
    rt_wait_listening "$RT_PID" "$log"
    printf -v "PID_$name" '%s' "$RT_PID"
    printf -v "URL_$name" '%s' "$RT_URL"
    printf -v "LOG_$name" '%s' "$log"
}

# One wrk run of SIDE of PART at URL (extra wrk options after it), appended to PART.tsv: side round rps.
measure() {
    local part=$1 side=$2 round=$3 url=$4 duration=$5 out
    shift 5
    out="$BENCH_TMP/$part-$side-$round.txt"
    run_wrk "$url" "$duration" "$THREADS" "$CONNECTIONS" "$out" "$@"
    local result
    result=$(parse_wrk "$out")
    [ "$(cut -d' ' -f4 <<<"$result")" = 0 ] || die "$part $side $round: errors in $out: $(cat "$out")"
    [ "$round" = warmup ] || echo "$side $round $result" >>"$BENCH_TMP/$part.tsv"
    say "$part $side $round: rps p50 p99 errors requests = $result"
}

# Warm-up of each side, then ROUNDS interleaved rounds; A_ARGS and B_ARGS are arrays (URL, then wrk options).
run_part() {
    local part=$1 round
    : >"$BENCH_TMP/$part.tsv"
    measure "$part" A warmup "${A_ARGS[0]}" "$WARMUP" "${A_ARGS[@]:1}"
    measure "$part" B warmup "${B_ARGS[0]}" "$WARMUP" "${B_ARGS[@]:1}"
    run_a() { measure "$part" A "$1" "${A_ARGS[0]}" "$DURATION" "${A_ARGS[@]:1}"; }
    run_b() { measure "$part" B "$1" "${B_ARGS[0]}" "$DURATION" "${B_ARGS[@]:1}"; }
    abba_rounds "$ROUNDS" run_a run_b
}

summarize() {
    local part=$1 label_a=$2 label_b=$3 target=$4 tsv="$BENCH_TMP/$1.tsv" a b ratio
    a=$(awk '$1 == "A" { print $3 }' "$tsv" | median); b=$(awk '$1 == "B" { print $3 }' "$tsv" | median)
    ratio=$(div "$a" "$b")
    echo "### $part ($ROUNDS interleaved rounds of $DURATION, wrk -t$THREADS -c$CONNECTIONS; medians)"
    echo
    echo "| | requests/s (median) | per round | p50 ms (median) | p99 ms (median) |"
    echo "|---|---:|---|---:|---:|"
    for side in A B; do
        local label=$label_a
        [ "$side" = B ] && label=$label_b
        echo "| $side $label | $(fmt 0 "$(awk -v s=$side '$1 == s { print $3 }' "$tsv" | median)")" \
            "| $(awk -v s=$side '$1 == s { printf "%.0f ", $3 }' "$tsv")" \
            "| $(fmt 3 "$(awk -v s=$side '$1 == s { print $4 }' "$tsv" | median)")" \
            "| $(fmt 3 "$(awk -v s=$side '$1 == s { print $5 }' "$tsv" | median)") |"
    done
    echo
    echo "- ratio A/B of the medians: **$ratio**; target ≥ $target: $(yesno ge "$ratio" "$target")"
    echo
}

write_json() {
    printf '%s\n' "$2" >"$BENCH_TMP/$1.json"
    printf '%s\n' "$BENCH_TMP/$1.json"
}

main() {
    ensure_rt_built
    ensure_wrk
    wait_quiet
    echo "## cache-telemetry.sh ($(date -u +%Y-%m-%d))"
    echo
    echo "$(machine_info)"
    echo
    case " $PARTS " in *" telemetry "*)
        start_otlp_sink
        local agent=""
        [ "$WORKER_AGENT" = on ] && agent=", \"telemetry\": { \"javaagent\": true }"
        start_rt TRACED "$(write_json traced "{
  \"telemetry\": { \"serviceName\": \"bench\", \"sampling\": 1,
                 \"exporter\": { \"type\": \"otlp\", \"options\": { \"url\": \"http://127.0.0.1:$OTLP_PORT/v1/traces\" } } },
  \"startTimeout\": 300000,
  \"entrypoint\": \"api\", \"server\": { \"hostname\": \"127.0.0.1\", \"port\": 0 },
  \"services\": [ { \"id\": \"api\", \"path\": \"$BENCH_APP\"$agent } ] }")"
        start_rt PLAIN "$(write_json plain "{
  \"entrypoint\": \"api\", \"server\": { \"hostname\": \"127.0.0.1\", \"port\": 0 },
  \"services\": [ { \"id\": \"api\", \"path\": \"$BENCH_APP\" } ] }")"
        check_url "$URL_TRACED/hello" hello; check_url "$URL_PLAIN/hello" hello
        A_ARGS=("$URL_TRACED/hello"); B_ARGS=("$URL_PLAIN/hello")
        run_part telemetry
        summarize telemetry "(telemetry on, OTLP, sampling 1, worker agent $WORKER_AGENT)" "(no telemetry)" 0.90
        rt_stop "$PID_TRACED" "$LOG_TRACED"; rt_stop "$PID_PLAIN" "$LOG_PLAIN"
        ;;
    esac
    case " $PARTS " in *" cache-hit "*|*" uncacheable "*)
        local services="\"entrypoint\": \"front\", \"server\": { \"hostname\": \"127.0.0.1\", \"port\": 0 },
  \"services\": [ { \"id\": \"back\", \"path\": \"$RELAY_APP\" }, { \"id\": \"front\", \"path\": \"$RELAY_APP\" } ]"
        start_rt CACHED "$(write_json cached "{ \"httpCache\": true, $services }")"
        start_rt UNCACHED "$(write_json uncached "{ $services }")"
        local mesh_a mesh_b
        mesh_a=$(mesh_port "$PID_CACHED" "${URL_CACHED##*:}"); mesh_b=$(mesh_port "$PID_UNCACHED" "${URL_UNCACHED##*:}")
        [ -n "$mesh_a" ] && [ -n "$mesh_b" ] || die "cannot find the mesh ports (ss -ltnp)"
        say "mesh ports: cached $mesh_a, uncached $mesh_b"
        local part cc
        for part in cache-hit uncacheable; do
            case " $PARTS " in *" $part "*) ;; *) continue ;; esac
            cc="max-age%3D3600"; [ "$part" = uncacheable ] && cc="no-store"
            A_ARGS=("http://127.0.0.1:$mesh_a/res?key=bench&cc=$cc" -H "Host: back.rt.local")
            B_ARGS=("http://127.0.0.1:$mesh_b/res?key=bench&cc=$cc" -H "Host: back.rt.local")
            curl -fsS -H "Host: back.rt.local" "${A_ARGS[0]}" >/dev/null || die "the mesh of the cached rt does not answer"
            run_part "$part"
            if [ "$part" = cache-hit ]; then
                summarize "$part" "(answered from the cache)" "(answered by back's worker, no cache)" 2
            else
                summarize "$part" "(cache on, every response no-store)" "(no cache)" 0.97
            fi
        done
        ;;
    esac
}

main "$@"
