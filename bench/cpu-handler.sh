#!/usr/bin/env bash
# proxy.sh's entrypoint pair with a handler that spends 200 µs of CPU per request (testdata/apps/bench,
# /cpu?us=200): A through the entrypoint, B straight at the worker. With real work per request the proxy's
# share shrinks; the target ratio is 0.95. Settings as proxy.sh (ROUNDS, DURATION, WARMUP, CONNECTIONS...),
# plus CPU_MICROS (200).
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
APP="$here/../testdata/apps/bench" ENTRY_PATH="/cpu?us=${CPU_MICROS:-200}" PAIRS=entrypoint \
    TARGET_RATIO=${TARGET_RATIO:-0.95} exec "$here/proxy.sh" "$@"
