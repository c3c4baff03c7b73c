#!/usr/bin/env bash
# `rt ps` with 3 runtimes running (each with the management API, two probe services): wall time of
# `bin/rt ps`, N times, interleaved with two baselines in the same run: a bare JVM start (`java
# -XX:TieredStopAtLevel=1 -version`) and `bin/rt --version` (JVM plus the CLI, no socket), and `java -jar
# cli/target/rt/lib/rt.jar ps` without bin/rt's start-up options (what they gain). The first `rt ps`
# after a build writes the CLI's class-data sharing archive (bin/rt) and is reported on its own.
# All runtimes and commands use a private java.io.tmpdir (through JAVA_TOOL_OPTIONS), so runtimes of other
# jobs on the machine are not listed. The markdown summary goes to stdout.
#
# Settings (environment or first argument): N (15).
source "$(dirname -- "$0")/lib.sh"

N=${1:-${N:-15}}
trap bench_cleanup EXIT
ensure_rt_built
wait_quiet # QUIET_WAIT=<seconds>: wait for a quieter machine first
info=$(machine_info)
export JAVA_TOOL_OPTIONS="-Djava.io.tmpdir=$BENCH_TMP/tmp"
mkdir -p "$BENCH_TMP/tmp"
export RT_CACHE_DIR="$BENCH_TMP/cache" # a fresh archive: the first run below writes it

for name in one two three; do
    dir="$BENCH_TMP/$name"
    mkdir -p "$dir"
    write_probe_config "$dir/rt.json" 0
    sed -i 's/^{/{ "managementApi": true,/' "$dir/rt.json"
    rt_start "$dir/rt.json" "$BENCH_TMP/$name.log"
    rt_wait_listening "$RT_PID" "$BENCH_TMP/$name.log"
done

timed() { # seconds for one run of the command, its output discarded
    local t0 t1
    t0=$(now)
    "$@" >/dev/null 2>&1
    t1=$(now)
    minus "$t1" "$t0"
}

rows=$("$RT" ps 2>/dev/null | tail -n +2 | wc -l)
[ "$rows" -eq 3 ] || die "rt ps listed $rows runtimes, expected 3"
first=$(timed env RT_CACHE_DIR="$BENCH_TMP/cache-first" "$RT" ps)
: >"$BENCH_TMP/ps" ; : >"$BENCH_TMP/jvm" ; : >"$BENCH_TMP/version" ; : >"$BENCH_TMP/plain"
for i in $(seq "$N"); do
    timed "$RT" ps >>"$BENCH_TMP/ps"
    timed java -XX:+UseSerialGC -jar "$RT_JAR" ps >>"$BENCH_TMP/plain"
    timed java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -version >>"$BENCH_TMP/jvm"
    timed "$RT" --version >>"$BENCH_TMP/version"
done
ps_median=$(median <"$BENCH_TMP/ps")
jvm_median=$(median <"$BENCH_TMP/jvm")
version_median=$(median <"$BENCH_TMP/version")
plain_median=$(median <"$BENCH_TMP/plain")

cat <<MD
### rt ps with 3 runtimes ($N runs each, interleaved)

$info

Command: \`bench/ps.sh $N\`

| what | median s | min s | max s | ratio to bare JVM |
|---|---|---|---|---|
| \`bin/rt ps\` (3 runtimes) | $(fmt 3 "$ps_median") | $(min <"$BENCH_TMP/ps") | $(max <"$BENCH_TMP/ps") | $(div "$ps_median" "$jvm_median") |
| \`java -jar rt.jar ps\` (no CDS archive, C2, Netty JFR on) | $(fmt 3 "$plain_median") | $(min <"$BENCH_TMP/plain") | $(max <"$BENCH_TMP/plain") | $(div "$plain_median" "$jvm_median") |
| \`bin/rt --version\` (CLI, no socket) | $(fmt 3 "$version_median") | $(min <"$BENCH_TMP/version") | $(max <"$BENCH_TMP/version") | $(div "$version_median" "$jvm_median") |
| \`java -version\` (bare JVM) | $(fmt 3 "$jvm_median") | $(min <"$BENCH_TMP/jvm") | $(max <"$BENCH_TMP/jvm") | 1.000 |

First \`rt ps\` after a build (writes the class-data sharing archive): $(fmt 3 "$first") s.
Target \`rt ps\` median <= 0.5 s: $(yesno le "$ps_median" 0.5).
MD
