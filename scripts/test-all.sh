#!/usr/bin/env bash
# The whole suite: types, lint, unused code (knip) and formatting; unit and integration tests on
# the embedded database (PGlite); the database-backed test files again on a real PostgreSQL when
# TEST_DATABASE_URL is set; then the browser tests (Debian's Chromium). Ends with one
# "N passed, N failed" line.
#
# The typecheck runs first (its packages already side by side). Then two lanes run side by side
# (the machine has 2 cores, and these checks are single-threaded):
#   checks: lint → knip (default, then production mode) → format → the PostgreSQL pass (test:db:
#           only the files that reach a database, scripts/database-tests.ts) → the API's tests on
#           the embedded database
#   tests:  every other package's tests on the embedded database, one package at a time
# The API's embedded pass is in the checks lane to even the lanes out: on a 2-core machine of
# 2026-11-26 the checks took 351 s and the embedded tests 492 s, of which the API's 79 s. It
# builds nothing on disk (the site's and the publisher's tests build the site, so they stay
# one after the other in the tests lane).
# The browser tests run after both: the site's and the admin's side by side, each against its
# own product stack (E2E_SERIAL=1: one after the other).
#
# SKIP_E2E=1 leaves out the browser tests; FAST=1 (npm run test:fast) also the PostgreSQL pass.
# Each step's output is printed whole when it ends (never interleaved with the other lane's).
set -uo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
started=$SECONDS
server_url="${TEST_DATABASE_URL:-}"
[ "${FAST:-}" = "1" ] && server_url=""

# step ID TITLE COMMAND...: runs the command with its output in its own log, then prints the log
# (under a lock, so the two lanes' blocks never mix) with the step's time, and records its status.
step() {
  local id=$1 title=$2
  shift 2
  local t0=$SECONDS
  echo "… $title: started"
  "$@" >"$logs/$id.log" 2>&1
  local rc=$?
  echo "$rc" >"$logs/$id.rc"
  [ "$rc" -eq 0 ] || echo "$title (exit $rc)" >>"$logs/failed-steps"
  {
    flock 9
    echo "› $title"
    cat "$logs/$id.log"
    echo "‹ $title: $((SECONDS - t0)) s$([ "$rc" -eq 0 ] || echo ", FAILED (exit $rc)")"
  } 9>"$logs/print.lock"
}

# Alone first: pnpm already typechecks the packages side by side (both cores), and `astro check`
# must not run while a test builds the site (both write site/.astro/ and the check reads it).
step 1-typecheck "typecheck" pnpm run typecheck:all

checks_lane() {
  step 2-lint "lint" pnpm run lint:all
  step 3-knip "unused files, exports and dependencies (knip)" pnpm run knip
  step 3-knip-production "code only the tests use: production files, exports and dependencies (knip --production)" pnpm run knip:production
  step 4-format "formatting (Prettier)" pnpm run format:check
  if [ -n "$server_url" ]; then
    step 6-postgres "database-backed tests on PostgreSQL" env TEST_DATABASE_URL="$server_url" pnpm -r --no-bail --no-sort --workspace-concurrency=1 --if-present run test:db
  fi
  step 5-embedded-api "tests of @botox/api on the embedded database (PGlite)" env -u TEST_DATABASE_URL pnpm --filter @botox/api run test
}
tests_lane() {
  step 5-embedded "tests on the embedded database (PGlite), every package but @botox/api" env -u TEST_DATABASE_URL pnpm -r --no-bail --no-sort --workspace-concurrency=1 --filter '!@botox/api' run test
  step 5-scripts "launcher tests (scripts)" pnpm run test:scripts
}

checks_lane &
checks=$!
tests_lane &
tests=$!
wait "$checks" "$tests"

if [ "${SKIP_E2E:-}" != "1" ] && [ "${FAST:-}" != "1" ]; then
  if bash scripts/ensure-chromium.sh; then
    # Every package with a test:e2e script (site, admin): each has its own product stack on
    # free ports and its own throwaway database, so the apps run side by side (their tests
    # mostly wait on the browser, not the CPU). E2E_SERIAL=1 runs them one after another.
    e2e_packages=$(node -e 'for (const d of process.argv.slice(1)) { try { const p = JSON.parse(require("fs").readFileSync(d + "/package.json", "utf8")); if (p.scripts && p.scripts["test:e2e"]) console.log(p.name); } catch {} }' site admin api packages/*)
    for name in $e2e_packages; do
      if [ "${E2E_SERIAL:-}" = "1" ]; then
        step "7-browser-${name#@botox/}" "browser tests of $name (Chromium)" env -u TEST_DATABASE_URL pnpm --filter "$name" run test:e2e
      else
        step "7-browser-${name#@botox/}" "browser tests of $name (Chromium)" env -u TEST_DATABASE_URL pnpm --filter "$name" run test:e2e &
      fi
    done
    wait
  else
    echo 1 >"$logs/7-browser.rc"
  fi
fi

status=0
for rc in "$logs"/*.rc; do
  [ "$(cat "$rc")" -eq 0 ] || status=1
done
# A CI log is often read from its tail: repeat what failed just above the closing line.
if [ -s "$logs/failed-steps" ]; then
  echo "failed steps:"
  sed 's/^/  /' "$logs/failed-steps"
  # Each failed test with the first lines of its error (the message, the test's line): a tail
  # that names only the test leaves nobody able to tell a flake's cause from a CI log.
  cat "$logs"/*.log | sed -r 's/\x1b\[[0-9;]*m//g' | awk '
    /^[[:space:]]*(FAIL|×)[[:space:]]/ { sub(/^[[:space:]]*/, "  "); print; n = 8; next }
    n > 0 { n--; if ($0 ~ /(→|[A-Za-z]*Error[:[]|❯ [^ ]+:[0-9]+:[0-9]+|Caused by)/) { sub(/^[[:space:]]*/, "      "); print } }
  ' | awk '!seen[$0]++' | head -80
fi
echo "(whole suite: $((SECONDS - started)) s)"
# Vitest prints "Tests  N passed | M failed (T)" per run; sum them into one closing line.
cat "$logs"/*.log | sed -r 's/\x1b\[[0-9;]*m//g' | awk '
  /^[[:space:]]+Tests[[:space:]]/ {
    for (i = 1; i <= NF; i++) {
      if ($(i) ~ /^passed/) p += $(i-1)
      if ($(i) ~ /^failed/) f += $(i-1)
    }
  }
  END { printf "%d passed, %d failed\n", p, f }'
exit "$status"
