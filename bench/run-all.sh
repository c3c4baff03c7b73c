#!/usr/bin/env bash
# Runs the three benchmarks one after the other (proxy, startup, memory) and prints their markdown
# summaries to stdout (progress on stderr). Add "profile" as an argument to also run profile.sh for the
# entrypoint and the mesh. Settings are passed through the environment (see each script).
#
#   bench/run-all.sh > /tmp/bench.md            # about 5 minutes
#   bench/run-all.sh profile > /tmp/bench.md    # plus about 1.5 minutes
set -euo pipefail
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)

"$here/proxy.sh"
"$here/startup.sh"
"$here/memory.sh"
if [ "${1:-}" = profile ]; then
    "$here/profile.sh" entrypoint
    "$here/profile.sh" mesh
fi
