#!/usr/bin/env bash
# How long a service is down when its only worker is killed with SIGKILL (production: immediate restart).
#
# For each round: SIGKILL the worker, then poll GET <entrypoint>/hello every few milliseconds until it answers
# 200 again. Reported per round and as medians:
#   noticed  = the supervisor's "unexpectedly exited" log line (its JSON time) minus the moment of the kill
#   serving  = the first 200 after the kill minus the moment of the kill
#   jvm      = the new worker's own "Started ... in N ms" (JVM launch to ready)
# Rounds are RESTART_GAP seconds apart (default 11), longer than the crash-loop window (Backoff.STABLE, 10 s),
# so every restart is immediate and none is slowed down by the crash-loop backoff.
#
# Settings (environment): ROUNDS (10), RESTART_GAP (11), JAVA_OPTIONS (extra nodeOptions for the worker),
# QUIET_WAIT and QUIET_LOAD (lib.sh). Markdown summary on stdout, progress on stderr.
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-10}
RESTART_GAP=${RESTART_GAP:-11}
JAVA_OPTIONS=${JAVA_OPTIONS:-}

ensure_rt_built
wait_quiet

config="$BENCH_TMP/rt.json"
cat >"$config" <<EOF
{
  "entrypoint": "api",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "services": [ { "id": "api", "path": "$BENCH_ROOT/testdata/apps/probe", "nodeOptions": "$JAVA_OPTIONS" } ]
}
EOF
log="$BENCH_TMP/rt.log"
rt_start "$config" "$log"
rt_wait_listening "$RT_PID" "$log"
check_url "$RT_URL/hello" hello
say "rt listening at $RT_URL"

# JSON "time" (epoch ms) of the first log line after line number SKIP that contains TEXT, waiting up to 30 s.
log_time_after() {
    local skip=$1 text=$2 deadline line
    deadline=$((SECONDS + 30))
    while :; do
        line=$(tail -n +"$((skip + 1))" "$log" | grep -F -m 1 -- "$text" || true)
        if [ -n "$line" ]; then
            sed 's/.*"time":\([0-9]*\).*/\1/' <<<"$line"
            return 0
        fi
        [ "$SECONDS" -lt "$deadline" ] || die "no log line with '$text' within 30 s"
        sleep 0.01
    done
}

# Whether GET /hello answers 200, with bash builtins only (no curl process per poll: under load starting one
# takes longer than what is measured).
host_port=${RT_URL#http://}
answers_200() {
    local status
    exec 3<>"/dev/tcp/${host_port%:*}/${host_port##*:}" 2>/dev/null || return 1
    printf 'GET /hello HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$host_port" >&3
    read -r -t 2 status <&3 || status=""
    exec 3<&-
    [[ $status == "HTTP/1.1 200"* ]]
}

mkfifo "$BENCH_TMP/pause"
exec 4<>"$BENCH_TMP/pause" # nothing is ever written: reading it with a timeout is a builtin sleep

rows="$BENCH_TMP/rounds.tsv"
: >"$rows"
index=0
for round in $(seq 1 "$ROUNDS"); do
    sleep "$RESTART_GAP"
    pid=$(rt_worker_pid "$log" api "$index")
    [ -n "$pid" ] && is_rt_worker "$pid" || die "no live worker api:$index"
    skip=$(wc -l <"$log")
    killed=$(now)
    kill -KILL "$pid"
    until answers_200; do
        read -r -t 0.002 -u 4 || true # a 2 ms pause without starting a process
    done
    serving=$(now)
    noticed_ms=$(log_time_after "$skip" "unexpectedly exited")
    index=$((index + 1))
    jvm_ms=$(grep -o "Started the worker $index of the service \\\\\"api\\\\\" on port [0-9]* in [0-9]* ms" "$log" \
        | sed 's/.* in \([0-9]*\) ms/\1/' | tail -n 1)
    notice=$(awk -v n="$noticed_ms" -v k="$killed" 'BEGIN { printf "%.1f", n - k * 1000 }')
    serve=$(awk -v s="$serving" -v k="$killed" 'BEGIN { printf "%.0f", (s - k) * 1000 }')
    echo "$round $notice $serve $jvm_ms" >>"$rows"
    say "round $round: noticed after ${notice} ms, serving again after ${serve} ms (new JVM ready in ${jvm_ms} ms)"
done

med_notice=$(cut -d' ' -f2 "$rows" | median)
max_notice=$(cut -d' ' -f2 "$rows" | max)
med_serve=$(cut -d' ' -f3 "$rows" | median)
max_serve=$(cut -d' ' -f3 "$rows" | max)
med_jvm=$(cut -d' ' -f4 "$rows" | median)

cat <<EOF
### Worker killed with SIGKILL to serving again (\`bench/restart.sh\`)

One probe worker behind the entrypoint, production mode (immediate restart), $ROUNDS kills ${RESTART_GAP} s apart
(outside the crash-loop window). $(machine_info)

| round | exit noticed (ms after kill) | serving again (ms after kill) | new JVM launch to ready (ms) |
|---|---|---|---|
$(awk '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$rows")
| **median** | **$med_notice** | **$med_serve** | **$med_jvm** |
| max | $max_notice | $max_serve | |

Targets: serving again median ≤ 1000 ms: $(yesno le "$med_serve" 1000); exit noticed ≤ 50 ms: $(yesno le "$max_notice" 50) (max).
EOF
