#!/usr/bin/env bash
# Entry point of the root npm scripts: provisions Node/pnpm/dependencies, then runs the
# named workspace task with the provisioned toolchain.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
cd "$ROOT"
task="$1"; shift
exec pnpm run --silent "$task" "$@"
