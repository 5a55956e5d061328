#!/bin/sh
# How the built server runs, defined once: `pnpm start` and the image (docker/Dockerfile) run this file, and the
# benchmarks (tests/perf/load/server.ts) run its lines up to the `exec env` line and read that line's words. Why each
# setting: docs/decisions/215-server-memory.md. `exec` twice (sh, then env): node keeps this process, so SIGTERM
# reaches it and the server drains.
cd "$(dirname "$0")" || exit 1
# V8's young generation (MB per semi-space): small beside the embedded database, whose own memory shares the
# process's 300 MB; beside PostgreSQL, large enough that a request's garbage dies young (15-25 % less CPU per answer)
if [ -n "${DATABASE_URL:-}" ]; then semi_space_mb=32; else semi_space_mb=4; fi
exec env MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 node --max-old-space-size=512 --max-semi-space-size=$semi_space_mb --wasm-num-compilation-tasks=1 --import=./dist/telemetry.js dist/index.js
