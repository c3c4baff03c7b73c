#!/usr/bin/env bash
# CPU per 1,000 requests of running processes while wrk loads a URL: user + system time from /proc/<pid>/stat
# (every thread of the process) before and after one wrk run, divided by the requests wrk completed. With THREADS=1
# the first PID's threads are listed one by one (/proc/<pid>/task/*/stat), grouped by name.
#
# Usage: bench/cpu-per-request.sh URL PID...   (e.g. the supervisor, its worker and a local OTLP receiver)
# Settings (environment): DURATION (15s), WRK_THREADS (2), CONNECTIONS (32), THREADS (0).
set -euo pipefail
url=$1; shift
DURATION=${DURATION:-15s}
HZ=$(getconf CLK_TCK)

ticks() { sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
thread_ticks() {
    for stat in /proc/"$1"/task/*/stat; do cat "$stat" 2>/dev/null || true; done | awk '{ o = index($0, "(");
        c = match($0, /\) [A-Z] /); name = substr($0, o + 1, c - o - 1); gsub(/[0-9]+/, "N", name);
        split(substr($0, c + 2), f, " "); print $1 "|" name "|" f[12] + f[13] }'
}

declare -A before
for pid in "$@"; do before[$pid]=$(ticks "$pid"); done
[ "${THREADS:-0}" = 1 ] && thread_ticks "$1" >"${TMPDIR:-/tmp}/cpu-per-request.$$"
out=$(wrk -t"${WRK_THREADS:-2}" -c"${CONNECTIONS:-32}" -d"$DURATION" "$url")
requests=$(awk '/requests in/ { print $1 }' <<<"$out")
line="requests/s $(awk '/Requests\/sec/ { print $2 }' <<<"$out")"
total=0
for pid in "$@"; do
    used=$(($(ticks "$pid") - ${before[$pid]})); total=$((total + used))
    line="$line; pid $pid $(awk -v t="$used" -v r="$requests" -v hz="$HZ" 'BEGIN { printf "%.1f", t * 1000 / hz * 1000 / r }') ms"
done
echo "$line; total $(awk -v t="$total" -v r="$requests" -v hz="$HZ" 'BEGIN { printf "%.1f", t * 1000 / hz * 1000 / r }') ms CPU per 1,000 requests; load $(cut -d' ' -f1 /proc/loadavg)"
if [ "${THREADS:-0}" = 1 ]; then
    thread_ticks "$1" | awk -F'|' -v r="$requests" -v hz="$HZ" 'NR == FNR { a[$1] = $3; next }
        { n[$2] += $3 - a[$1] } END { for (k in n) if (n[k] > 0) printf "%7.1f ms  %s\n", n[k] * 1000 / hz * 1000 / r, k }' \
        "${TMPDIR:-/tmp}/cpu-per-request.$$" - | sort -rn
    rm -f "${TMPDIR:-/tmp}/cpu-per-request.$$"
fi
