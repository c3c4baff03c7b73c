#!/usr/bin/env bash
# Configuration loading: `java -jar cli/target/rt/lib/rt.jar start --check -c rt.json` on a generated runtime of
# SERVICES services (default 50) full of placeholders: workers, server and health sizes from {PLACEHOLDERS}
# set in a .env, env values with several placeholders each, {RT_ROOT}, {RT_<ID>_URL}, each service with its
# own configuration file (a class path glob to expand). --check finds, parses and validates the runtime file
# and every service's own file, prints one line and exits; nothing is started. Interleaved with each run,
# `java -jar cli/target/rt/lib/rt.jar --version` (the JVM plus the CLI, no configuration) as the baseline. Then the
# same two commands again with an AppCDS archive of the CLI jar (-XX:SharedArchiveFile, made by one
# -XX:ArchiveClassesAtExit run of --check), and with that archive plus the JVM options a launcher could add
# for short runs (-XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:+UseSerialGC), and last both through
# bin/rt itself, as people run them (LAUNCHER=1). Wall-clock medians, and the CPU time (user +
# system) of each run, which moves much less than wall time when other jobs share the machine.
# Target: median of --check under 300 ms, JVM start included.
#
# Settings (environment): N runs of each (15), SERVICES (50), CDS (1; 0 skips the AppCDS rounds), LAUNCHER (1;
# 0 skips the bin/rt round),
# JAVA_OPTS (extra options for every java run), QUIET_WAIT (0: seconds to wait for the 1-minute load average
# to drop below QUIET_LOAD, default 1). Markdown on stdout, progress on stderr; the generated configuration
# and archive live in a temporary directory removed on exit (BENCH_KEEP_TMP=1 keeps it).
set -euo pipefail

ROOT=$(CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
RT_JAR="$ROOT/cli/target/rt/lib/rt.jar"
N=${N:-15}
SERVICES=${SERVICES:-50}
CDS=${CDS:-1}
LAUNCHER=${LAUNCHER:-1}
read -r -a JAVA_OPTIONS <<<"${JAVA_OPTS:-}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/rt-config-load.XXXXXX")
LOADAVG=$(cut -d' ' -f1-3 /proc/loadavg)

cleanup() { if [ "${BENCH_KEEP_TMP:-0}" = 1 ]; then say "kept $TMP"; else rm -rf -- "$TMP"; fi; }
trap cleanup EXIT
say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { say "error: $*"; exit 1; }
now() { echo "${EPOCHREALTIME/,/.}"; }
ms_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f\n", (b - a) * 1000 }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
min() { sort -g | head -n 1; }
verdict() { awk -v m="$1" 'BEGIN { print (m < 300 ? "met" : "NOT met") " (" m " ms)" }'; }
max() { sort -g | tail -n 1; }

# The runtime: rt.json, .env and services/svc-NN/{rt.json,classes/,lib/dep.jar}.
generate() {
    local dir=$1 i id next
    mkdir -p "$dir/services"
    cat >"$dir/.env" <<'EOF'
RT_WORKERS=2
RT_HOST=127.0.0.1
RT_PORT=3042
DB_USER=shop
DB_PASSWORD='s3cret'
DB_HOST=db.internal
DB_PORT=5432
DB_NAME=orders
HEAP=512M
APP_NAME=bench
EOF
    {
        printf '{\n  "$schema": "https://schemas.rt.dev/runtime/1.0.0.json",\n'
        printf '  "entrypoint": "svc-01",\n  "workers": "{RT_WORKERS}",\n'
        printf '  "server": { "hostname": "{RT_HOST}", "port": "{RT_PORT}" },\n'
        printf '  "health": { "maxHeapTotal": "{HEAP}" },\n'
        printf '  "env": { "DATABASE_URL": "postgres://{DB_USER}:{DB_PASSWORD}@{DB_HOST}:{DB_PORT}/{DB_NAME}" },\n'
        printf '  "services": [\n'
        for i in $(seq 1 "$SERVICES"); do
            id=$(printf 'svc-%02d' "$i")
            next=$(printf 'RT_SVC_%02d_URL' $((i % SERVICES + 1)))
            mkdir -p "$dir/services/$id/classes" "$dir/services/$id/lib"
            : >"$dir/services/$id/lib/dep.jar"
            printf '{ "$schema": "https://schemas.rt.dev/java/1.0.0.json",\n  "java": { "classpath": ["classes", "lib/*"], "build": "com.example.%s.App" } }\n' \
                "${id/-/}" >"$dir/services/$id/rt.json"
            printf '    { "id": "%s", "path": "{RT_ROOT}/services/%s", "env": { "NEXT": "{%s}/api", "LABEL": "{APP_NAME}-%s-{DB_NAME}", "DB": "{DB_HOST}:{DB_PORT}" } }%s\n' \
                "$id" "$id" "$next" "$id" "$([ "$i" -lt "$SERVICES" ] && echo ,)"
        done
        printf '  ]\n}\n'
    } >"$dir/rt.json"
}

# "wall_ms cpu_ms" of one run of a command (output checked, then dropped).
time_cmd() {
    local t0 out status=0 ms
    t0=$(now)
    out=$(/usr/bin/time -f '%U %S' -o "$TMP/cpu.txt" "$@" 2>&1) || status=$?
    ms=$(ms_since "$t0")
    [ "$status" = 0 ] || die "$* exited $status: $out"
    echo "$ms $(awk '{ printf "%.0f\n", ($1 + $2) * 1000 }' "$TMP/cpu.txt")"
}

# "wall_ms cpu_ms" of one java run of the CLI with the given arguments.
time_rt() {
    time_cmd java "${JAVA_OPTIONS[@]}" "$@"
}

# Waits up to QUIET_WAIT seconds for the 1-minute load average to drop below QUIET_LOAD.
wait_quiet() {
    local deadline=$((SECONDS + ${QUIET_WAIT:-0}))
    while awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v m="${QUIET_LOAD:-1}" 'BEGIN { exit !(l >= m) }'; do
        [ "$SECONDS" -lt "$deadline" ] || { say "load average $(cut -d' ' -f1 /proc/loadavg): going on"; return 0; }
        sleep 5
    done
    LOADAVG=$(cut -d' ' -f1-3 /proc/loadavg)
}

# Classes loaded by one run (from -Xlog:class+load), a measure of the work done at start-up.
classes_loaded() {
    java "${JAVA_OPTIONS[@]}" -Xlog:class+load:file="$TMP/classes.log" "$@" >/dev/null 2>&1
    wc -l <"$TMP/classes.log"
}

# One table row: "| label | median | min | max | CPU median | classes |" from a file of "wall cpu" lines.
row() {
    local label=$1 file=$2 classes=$3
    printf '| %s | %s | %s | %s | %s | %s |\n' "$label" "$(cut -d' ' -f1 "$file" | median)" \
        "$(cut -d' ' -f1 "$file" | min)" "$(cut -d' ' -f1 "$file" | max)" "$(cut -d' ' -f2 "$file" | median)" "$classes"
}

# Runs both commands N times, interleaved, with extra java options $2 (may be empty); appends the table rows
# to ROWS and sets CHECK_MEDIAN.
round() {
    local label=$1 extra=$2 i v c
    local version_file="$TMP/version-${label// /_}.txt" check_file="$TMP/check-${label// /_}.txt"
    : >"$version_file"; : >"$check_file"
    local -a opts=()
    [ -z "$extra" ] || read -r -a opts <<<"$extra"
    time_rt "${opts[@]}" -jar "$RT_JAR" --version >/dev/null
    time_rt "${opts[@]}" -jar "$RT_JAR" start --check -c "$CONFIG" >/dev/null
    for i in $(seq 1 "$N"); do
        v=$(time_rt "${opts[@]}" -jar "$RT_JAR" --version)
        c=$(time_rt "${opts[@]}" -jar "$RT_JAR" start --check -c "$CONFIG")
        echo "$v" >>"$version_file"; echo "$c" >>"$check_file"
        say "${label:-plain} run $i/$N: --version ${v% *} ms (CPU ${v#* }), start --check ${c% *} ms (CPU ${c#* })"
    done
    local vm cm
    vm=$(cut -d' ' -f1 "$version_file" | median); cm=$(cut -d' ' -f1 "$check_file" | median)
    ROWS+=$(row "\`rt --version\`$label" "$version_file" "$(classes_loaded "${opts[@]}" -jar "$RT_JAR" --version)")$'\n'
    ROWS+=$(row "\`rt start --check\`, $SERVICES services$label" "$check_file" \
        "$(classes_loaded "${opts[@]}" -jar "$RT_JAR" start --check -c "$CONFIG")")$'\n'
    ROWS+="| difference of the medians$label | $(awk -v a="$cm" -v b="$vm" 'BEGIN { print a - b }') | | | | |"$'\n'
    CHECK_MEDIAN=$cm
}

# The same two commands through bin/rt, as people run them: the launcher's staleness check, its JVM options
# for short commands and the class-data archive that each command's first run writes (in a cache directory
# of this run's own). Appends the rows and sets CHECK_MEDIAN.
round_launcher() {
    local label=" (bin/rt)" i v c version_file="$TMP/version-launcher.txt" check_file="$TMP/check-launcher.txt"
    : >"$version_file"; : >"$check_file"
    export RT_CACHE_DIR="$TMP/cache"
    time_cmd "$ROOT/bin/rt" start --check -c "$CONFIG" >/dev/null
    time_cmd "$ROOT/bin/rt" --version >/dev/null
    for i in $(seq 1 "$N"); do
        v=$(time_cmd "$ROOT/bin/rt" --version)
        c=$(time_cmd "$ROOT/bin/rt" start --check -c "$CONFIG")
        echo "$v" >>"$version_file"; echo "$c" >>"$check_file"
        say "bin/rt run $i/$N: --version ${v% *} ms (CPU ${v#* }), start --check ${c% *} ms (CPU ${c#* })"
    done
    unset RT_CACHE_DIR
    local vm cm
    vm=$(cut -d' ' -f1 "$version_file" | median); cm=$(cut -d' ' -f1 "$check_file" | median)
    ROWS+=$(row "\`bin/rt --version\`" "$version_file" "")$'\n'
    ROWS+=$(row "\`bin/rt start --check\`, $SERVICES services" "$check_file" "")$'\n'
    ROWS+="| difference of the medians$label | $(awk -v a="$cm" -v b="$vm" 'BEGIN { print a - b }') | | | | |"$'\n'
    CHECK_MEDIAN=$cm
}

main() {
    [ -f "$RT_JAR" ] || { say "building rt (bin/rt --version) ..."; "$ROOT/bin/rt" --version >/dev/null; }
    [ -f "$RT_JAR" ] || die "$RT_JAR is missing"
    [ -x /usr/bin/time ] || die "needs /usr/bin/time for the CPU times (apt-get install time)"
    CONFIG="$TMP/runtime/rt.json"
    generate "$TMP/runtime"
    local summary
    summary=$(java "${JAVA_OPTIONS[@]}" -jar "$RT_JAR" start --check -c "$CONFIG") || die "rt start --check refused the generated configuration"
    say "$summary"

    wait_quiet
    ROWS=""
    round "" ""
    local plain=$CHECK_MEDIAN cds="" tuned=""
    if [ "$CDS" = 1 ]; then
        say "AppCDS: archiving the classes of one start --check run ..."
        java "${JAVA_OPTIONS[@]}" -XX:ArchiveClassesAtExit="$TMP/rt.jsa" -jar "$RT_JAR" start --check -c "$CONFIG" >/dev/null 2>&1
        round " (AppCDS)" "-XX:SharedArchiveFile=$TMP/rt.jsa"
        cds=$CHECK_MEDIAN
        round " (AppCDS, C1, SerialGC)" "-XX:SharedArchiveFile=$TMP/rt.jsa -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:+UseSerialGC"
        tuned=$CHECK_MEDIAN
    fi
    local launcher=""
    if [ "$LAUNCHER" = 1 ]; then
        round_launcher
        launcher=$CHECK_MEDIAN
    fi

    local commit
    commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
    echo "### Configuration loading ($(date -u +%Y-%m-%d))"
    echo
    echo "\`bench/config-load.sh\`: N=$N runs of each, interleaved; times in ms, JVM start included."
    echo "nproc: $(nproc); Java: $(java -version 2>&1 | head -n 1); rt: commit $commit; load average before the run: $LOADAVG."
    echo "Configuration: $summary"
    echo
    echo "| command | median ms | min ms | max ms | CPU ms (median) | classes loaded |"
    echo "|---|---|---|---|---|---|"
    printf '%s' "$ROWS"
    echo
    echo "Target (median of \`start --check\` under 300 ms): $(verdict "$plain")$([ -z "$cds" ] || echo "; with AppCDS $(verdict "$cds"); with AppCDS, C1 and SerialGC $(verdict "$tuned")")$([ -z "$launcher" ] || echo "; through bin/rt $(verdict "$launcher")")."
}

main "$@"
