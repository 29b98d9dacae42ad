#!/usr/bin/env bash
# `npm run build`: every deployable artifact from a clean checkout.
#  1. admin/dist: the admin's static files, its API origin from VITE_API_URL (default this
#     machine's API, http://localhost:$PORT/api/v1) and the site's from SITE_URL;
#  2. the API: runs with plain `node` (Node 24 strips the types; tsconfig's
#     erasableSyntaxOnly keeps every file strippable): checked here by loading the whole
#     app graph with plain node, no tsx, no dev dependency;
#  3. site/dist: the static site from DATABASE_URL (or the embedded database), as a static
#     host or CDN in hook mode builds it (docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
port="${PORT:-8787}"
site_url="${SITE_URL:-http://localhost:${SITE_PORT:-4321}}"
api_url="${VITE_API_URL:-http://localhost:${port}/api/v1}"

echo "› admin → admin/dist (API ${api_url})"
VITE_API_URL="$api_url" VITE_SITE_URL="$site_url" pnpm --filter @botox/admin exec vite build --outDir dist --emptyOutDir --logLevel warn

echo "› API → runs with plain node (checking that every module loads without tsx)"
node --input-type=module -e 'await import("./api/src/app.ts"); await import("./api/src/serve/api-server.ts"); await import("./api/src/serve/admin-server.ts"); await import("./scripts/entry-points.ts")'

if [ -n "${DATABASE_URL:-}" ]; then db="DATABASE_URL"; else db="the embedded database under .data/"; fi
echo "› site → site/dist (from ${db})"
SITE_URL="$site_url" PUBLIC_API_URL="${PUBLIC_API_URL:-$api_url}" pnpm --filter @botox/site run build

echo "› built: admin/dist, site/dist; the API runs from source with node (npm run serve, npm run serve:api)"
