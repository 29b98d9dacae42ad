#!/usr/bin/env bash
# The whole suite: types, lint, unused code (knip), unit and integration tests on the embedded
# database, the database-backed suites again on a real PostgreSQL when TEST_DATABASE_URL is set, then the
# browser tests (Debian's Chromium). Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
status=0
step() {
  echo "› $1"; shift
  "$@" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || status=$rc
}
step "typecheck" pnpm run typecheck:all
step "lint" pnpm run lint:all
step "unused files, exports and dependencies (knip)" pnpm run knip
step "formatting (Prettier)" pnpm run format:check
server_url="${TEST_DATABASE_URL:-}"
step "tests on the embedded database (PGlite)" env -u TEST_DATABASE_URL pnpm -r --no-bail --workspace-concurrency=1 run test
if [ -n "$server_url" ]; then
  step "database-backed tests on PostgreSQL" env TEST_DATABASE_URL="$server_url" pnpm -r --no-bail --workspace-concurrency=1 --if-present run test:db
fi
if [ "${SKIP_E2E:-}" != "1" ]; then
  bash scripts/ensure-chromium.sh || status=1
  step "browser tests (Chromium)" env -u TEST_DATABASE_URL pnpm -r --no-bail --workspace-concurrency=1 --if-present run test:e2e
fi
# Vitest prints "Tests  N passed | M failed (T)" per run; sum them into one closing line.
sed -r 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /^[[:space:]]+Tests[[:space:]]/ {
    for (i = 1; i <= NF; i++) {
      if ($(i) ~ /^passed/) p += $(i-1)
      if ($(i) ~ /^failed/) f += $(i-1)
    }
  }
  END { printf "%d passed, %d failed\n", p, f }'
rm -f "$log"
exit "$status"
