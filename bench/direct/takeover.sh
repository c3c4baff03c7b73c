#!/usr/bin/env bash
# Issue 35's experiment (TakeoverExperiment.java): SIGKILL of an accepting worker under load, for a descriptor
# handed over with SCM_RIGHTS (fd) and for an SO_REUSEPORT group (reuseport), with 1 and 2 workers.
# Settings (environment): CLIENTS (16), REPEAT (3).
set -euo pipefail
here=$(cd "$(dirname -- "$0")" && pwd)
R=~/.m2/repository/io/netty; V=4.2.18.Final; cp=""
for a in netty-common netty-buffer netty-transport netty-transport-native-unix-common netty-transport-classes-epoll \
         netty-codec-base netty-codec-http netty-resolver; do cp="$cp:$R/$a/$V/$a-$V.jar"; done
cp="${cp#:}:$R/netty-transport-native-epoll/$V/netty-transport-native-epoll-$V-linux-x86_64.jar"
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
javac -q -d "$out" -cp "$cp" "$here/TakeoverExperiment.java" 2>/dev/null || javac -d "$out" -cp "$cp" "$here/TakeoverExperiment.java"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); net.ipv4.tcp_migrate_req=$(sysctl -n net.ipv4.tcp_migrate_req)"
for i in $(seq "${REPEAT:-3}"); do
  for technique in fd reuseport; do
    for workers in 1 2; do
      java -cp "$out:$cp" TakeoverExperiment run "$technique" "$workers" "${CLIENTS:-16}"
    done
  done
done
