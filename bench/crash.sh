#!/usr/bin/env bash
# Crash to serving again, with and without a spare JVM: how long the demo's entrypoint ("hello", one worker) answers
# nothing but errors when its worker dies under a steady request load.
#
# Two rts run the demo side by side, each on a free port: A with the default spareWorker ("entrypoint": a spare JVM,
# booted, agent connected, application not started, takes over), B with "spareWorker": false (a new JVM starts).
# Each round kills the entrypoint's worker of one side with SIGKILL while CLIENTS clients (bash builtins, one
# connection per request, PAUSE seconds between requests) call GET /hello on that side, and measures:
#   serving  = the end of the outage, minus the moment of the kill: the 200 (any client) that closes the longest
#              wait between two consecutive 200s after the kill
#   failed   = the requests answered otherwise (503 while no worker serves) between the kill and that 200
#   start    = the new worker's own "Started ... in N ms" (from its release to Ready; for A, the spare's
#              application start alone)
# Sides alternate A B B A ...; a side is killed again only once its worker has run RESTART_GAP seconds (longer than
# the crash-loop window, so every restart is immediate) and, for A, its new spare is ready.
#
# Settings (environment): ROUNDS (6 per side), CLIENTS (4), PAUSE (0.01), RESTART_GAP (11), QUIET_WAIT and
# QUIET_LOAD (lib.sh). Markdown summary on stdout, progress on stderr.
source "$(dirname -- "$0")/lib.sh"

ROUNDS=${ROUNDS:-6}
CLIENTS=${CLIENTS:-4}
PAUSE=${PAUSE:-0.01}
RESTART_GAP=${RESTART_GAP:-11}
DEMO="$BENCH_ROOT/testdata/demo/services"

ensure_rt_built
wait_quiet

# Writes the demo's runtime with spareWorker SPARE (a JSON value) to FILE, on a free port.
demo_config() {
    cat >"$1" <<EOF
{
  "entrypoint": "hello",
  "server": { "hostname": "127.0.0.1", "port": 0 },
  "spareWorker": $2,
  "services": [
    { "id": "greeter", "path": "$DEMO/greeter" },
    { "id": "hello", "path": "$DEMO/hello" }
  ]
}
EOF
}

declare -A LOG URL PID
for side in a b; do
    demo_config "$BENCH_TMP/$side.json" "$([ "$side" = a ] && echo '"entrypoint"' || echo false)"
    LOG[$side]="$BENCH_TMP/$side.log"
    rt_start "$BENCH_TMP/$side.json" "${LOG[$side]}"
    PID[$side]=$RT_PID
done
# The first request of each side, which may take longer than check_url's 5 s on a loaded machine (JIT, the mesh
# call's first connection): up to 6 tries of 30 s each.
warm_up() {
    local url=$1 i
    for i in 1 2 3 4 5 6; do
        curl -fsS --max-time 30 "$url" 2>/dev/null | grep -q "hello from the entrypoint" && return 0
        sleep 1
    done
    die "GET $url did not answer \"hello from the entrypoint\" in 6 tries"
}

for side in a b; do
    rt_wait_listening "${PID[$side]}" "${LOG[$side]}"
    URL[$side]=$RT_URL
    warm_up "$RT_URL/hello"
    say "side $side listening at $RT_URL"
done

mkfifo "$BENCH_TMP/pause"
exec 4<>"$BENCH_TMP/pause" # nothing is ever written: reading it with a timeout is a builtin sleep

# One client: GET /hello on 127.0.0.1:PORT again and again, one connection each, appending "<end time> <status>"
# to OUT ("refused" when nothing accepts the connection, "none" when no status line comes within 5 s).
client() {
    local port=$1 out=$2 status
    while :; do
        if exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null; then
            printf 'GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
            read -r -t 5 status <&3 || status="x none"
            exec 3<&-
            status=${status#* }
            status=${status%% *}
        else
            status=refused
        fi
        echo "$(now) $status" >>"$out"
        read -r -t "$PAUSE" -u 4 || true
    done
}

# Highest index of a worker of "hello" that LOG says started, and the JSON time of that line.
latest_started() {
    grep -o '"time":[0-9]*,[^}]*Started the worker [0-9]* of the service \\"hello\\"' "$1" | tail -n 1 \
        | sed 's/"time":\([0-9]*\),.*Started the worker \([0-9]*\) .*/\2 \1/'
}

# Waits (up to 120 s) until side SIDE may be killed again: its worker has run RESTART_GAP seconds and, on side a,
# a spare newer than that worker is ready. Sets INDEX to the worker's index.
await_killable() {
    local side=$1 deadline=$((SECONDS + 120)) started at spare
    while :; do
        read -r INDEX at <<<"$(latest_started "${LOG[$side]}")"
        spare=$(grep -o 'The spare worker [0-9]* of the service \\"hello\\" is ready' "${LOG[$side]}" | tail -n 1 \
            | grep -o '[0-9]*' || true)
        started=$(awk -v t="$at" -v n="$(now)" -v g="$RESTART_GAP" 'BEGIN { exit !(n * 1000 - t >= g * 1000) }' \
            && echo yes || echo no)
        if [ "$started" = yes ] && { [ "$side" = b ] || [ "${spare:-0}" -gt "$INDEX" ]; }; then
            return 0
        fi
        [ "$SECONDS" -lt "$deadline" ] || die "side $side: not ready to be killed again within 120 s"
        sleep 0.2
    done
}

rows="$BENCH_TMP/rounds.tsv"
: >"$rows"
one_kill() {
    local side=$1 round=$2 port pid killed i out next took took_line spare_used serving failed
    await_killable "$side"
    port=${URL[$side]##*:}
    out="$BENCH_TMP/clients-$side-$round"
    mkdir -p "$out"
    local clients=()
    for i in $(seq 1 "$CLIENTS"); do
        client "$port" "$out/$i" &
        clients+=("$!")
        BENCH_OTHER_PIDS+=("$!")
    done
    sleep 1 # the load is steady before the kill
    pid=$(rt_worker_pid "${LOG[$side]}" hello "$INDEX")
    [ -n "$pid" ] && is_rt_worker "$pid" || die "side $side: no live worker hello:$INDEX"
    killed=$(now)
    kill -KILL "$pid"
    next=$((INDEX + 1))
    local deadline=$((SECONDS + 60))
    until took_line=$(grep -o "Started the worker [0-9]* of the service \\\\\"hello\\\\\" on port [0-9]* in [0-9]* ms" \
            "${LOG[$side]}" | tail -n 1) && [ "$(sed 's/Started the worker \([0-9]*\) .*/\1/' <<<"$took_line")" -ge "$next" ]; do
        [ "$SECONDS" -lt "$deadline" ] || die "side $side: no worker of hello started within 60 s of the kill"
        sleep 0.05
    done
    # The clients' first 200s from the new worker (up to 30 s on a loaded machine), then half a second more.
    local started_at
    started_at=$(now)
    deadline=$((SECONDS + 30))
    until cat "$out"/* | awk -v t="$started_at" '$1 > t && $2 == "200" { found = 1 } END { exit !found }'; do
        [ "$SECONDS" -lt "$deadline" ] || die "side $side: no 200 within 30 s of the new worker's start"
        sleep 0.1
    done
    sleep 0.5
    kill -TERM "${clients[@]}" 2>/dev/null || true
    wait "${clients[@]}" 2>/dev/null || true
    took=$(sed 's/.* in \([0-9]*\) ms/\1/' <<<"$took_line")
    spare_used=$(grep -c 'The spare worker [0-9]* of the service \\"hello\\" takes over' "${LOG[$side]}" || true)
    # The outage ends with the 200 that closes the longest wait between two 200s (all clients together) after the
    # kill: an answer completed just after the kill (sent before it) does not end it, and neither 503s nor requests
    # held until a worker serves hide it.
    read -r serving failed <<<"$(sort -g "$out"/* | awk -v k="$killed" '
        { t[NR] = $1; s[NR] = $2 }
        END { last = ""; best = -1
              for (i = 1; i <= NR; i++) {
                  if (s[i] != "200") continue
                  if (t[i] > k) { from = (last == "" || last < k) ? k : last
                                  if (t[i] - from > best) { best = t[i] - from; end = t[i] } }
                  last = t[i] }
              if (best < 0) { print "nan 0"; exit }
              for (i = 1; i <= NR; i++) if (t[i] > k && t[i] < end && s[i] != "200") n++
              printf "%.0f %d\n", (end - k) * 1000, n }')"
    echo "$side $round $serving $failed $took $spare_used" >>"$rows"
    say "side $side round $round: serving again after ${serving} ms, $failed failed requests meanwhile;" \
        "new worker's application started in $took ms (spare takeovers so far: $spare_used)"
}

for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) -eq 1 ]; then one_kill a "$round"; one_kill b "$round"; else one_kill b "$round"; one_kill a "$round"; fi
done

col() { awk -v s="$1" -v c="$2" '$1 == s { print $c }' "$rows"; }
med_a=$(col a 3 | median); med_b=$(col b 3 | median)

cat <<EOF
### Crash of the demo's entrypoint worker to serving again (\`bench/crash.sh\`)

$(machine_info)

SIGKILL to the worker of \`hello\` (the demo's entrypoint, one worker) while $CLIENTS clients call \`GET /hello\`
(one connection per request, ${PAUSE} s between requests); A keeps a spare JVM (\`spareWorker\` default), B does not
(\`"spareWorker": false\`); $ROUNDS kills per side, A B B A ..., each side's kills ≥ ${RESTART_GAP} s apart.

| side | round | serving again (ms after the kill) | failed requests meanwhile | new worker: application start to ready (ms) |
|---|---|---|---|---|
$(sort -k1,1 -k2,2n "$rows" | awk '{ printf "| %s | %s | %s | %s | %s |\n", toupper($1), $2, $3, $4, $5 }')
| **A median** | | **$med_a** | $(col a 4 | median) | $(col a 5 | median) |
| **B median** | | **$med_b** | $(col b 4 | median) | $(col b 5 | median) |

A's kills were taken over by its spare: $(col a 6 | max) of $ROUNDS. Median B ÷ A: $(div "$med_b" "$med_a").
Target: A's median ≤ 500 ms: $(yesno le "$med_a" 500).
EOF
