#!/bin/sh
# How the built server runs, defined once: `pnpm start`, the image (docker/Dockerfile) and the benchmarks
# (tests/perf/load/server.ts reads the `exec env` line) all start it with this line. Why each setting:
# docs/decisions/215-server-memory.md. `exec` twice (sh, then env): node keeps this process, so SIGTERM reaches it
# and the server drains.
cd "$(dirname "$0")" || exit 1
exec env MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 node --max-old-space-size=512 --max-semi-space-size=4 --wasm-num-compilation-tasks=1 --import=./dist/telemetry.js dist/index.js
