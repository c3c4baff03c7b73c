#!/usr/bin/env bash
# Replicas on several hosts: what a killed host, a rolling upgrade and a host cut off cost, measured by
# deploy-it's MultiHostIT on hosts made of network namespaces (needs root, ip, nginx, PostgreSQL and Redis:
# .ci/tools installs them). Three replicas of one runtime (each rt of the distribution, a job every 3 s in
# Quartz's clustered store on the PostgreSQL host, the HTTP cache on the Redis host) behind Debian's nginx; the
# test sends CLIENTS (8) clients' requests through nginx and receives the job's calls.
#
#   kill            SIGKILL to the replica that fired the last job, under load: failed requests (at most those in
#                   flight on it, one per client), jobs doubled and missed, the longest gap between two firings
#                   (the time the others take to take its jobs over; checkinInterval is 1000 ms)
#   rolling upgrade SIGTERM to each replica in turn (drain 3000 ms, then the graceful stop), started again, awaited
#                   ready: failed requests (target 0), jobs doubled
#   cache           a response stored through one host is a hit through another; an invalidation through one is a
#                   miss through a third
#   cut             the link of the replica that fired last taken down, then up: when it fires again, failed
#                   requests, jobs doubled and missed
#
# RUNS (1) runs of the test, each printing its figures; a markdown summary on stdout, Maven's output in
# deploy-it/target/multi-host/maven-<n>.log.
set -euo pipefail
root=$(cd "$(dirname -- "$0")/.." && pwd)
RUNS=${RUNS:-1}
if [ "$(id -u)" -ne 0 ]; then
    echo "multi-host.sh: network namespaces need root" >&2
    exit 2
fi
cd "$root"
"$root/.ci/tools" >&2
echo "## Replicas on several hosts (bench/multi-host.sh, $(date -u '+%Y-%m-%d %H:%M') UTC, $(git rev-parse --short HEAD))"
echo
for run in $(seq 1 "$RUNS"); do
    mkdir -p deploy-it/target/multi-host
    rm -f deploy-it/target/multi-host/figures.txt
    log=deploy-it/target/multi-host/maven-$run.log
    echo "multi-host.sh: run $run of $RUNS (Maven's output in $log)" >&2
    status=0
    ./mvnw -B -ntp -pl deploy-it -am verify -Dtest=NoSuchTest -Dit.test=MultiHostIT \
        -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false >"$log" 2>&1 || status=$?
    echo "Run $run (the test $( [ "$status" -eq 0 ] && echo passed || echo "FAILED, see $log")):"
    echo
    sed 's/^/- /' deploy-it/target/multi-host/figures.txt 2>/dev/null || echo "- no figures"
    echo
done
