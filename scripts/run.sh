#!/usr/bin/env bash
# Entry point of the root npm scripts: provisions Node/pnpm/dependencies, then runs the
# named workspace task with the provisioned toolchain.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
# Where the user typed the command (npm's INIT_CWD; pnpm resets INIT_CWD to its own
# directory): CLIs resolve relative file arguments against it (e.g. db:import -- x.csv).
export BOTOX_CALLER_CWD="${BOTOX_CALLER_CWD:-${INIT_CWD:-$PWD}}"
cd "$ROOT"
task="$1"; shift
exec pnpm run --silent "$task" "$@"
