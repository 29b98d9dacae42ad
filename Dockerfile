# syntax=docker/dockerfile:1
# One image for every service of compose.yaml: the API instances, the site and admin servers
# and the one-off migration, each started with its entry point (scripts/entry-points.ts).
# Stages: deps (production dependencies only) → build (all dependencies, builds the admin)
# → runtime (production dependencies, the sources the API runs with Node's type stripping,
# admin/dist; runs as the unprivileged `node` user).

FROM node:24-bookworm-slim AS base
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true
RUN npm install --global --no-audit --no-fund pnpm@12
WORKDIR /app

FROM base AS deps
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY patches ./patches
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY packages/e2e/package.json packages/e2e/
COPY packages/publish/package.json packages/publish/
COPY packages/site-build/package.json packages/site-build/
COPY api/package.json api/
COPY site/package.json site/
COPY admin/package.json admin/
# The site's build (Astro) runs inside the API containers in local publish mode, so its
# dependencies are production dependencies of the image.
RUN pnpm install --frozen-lockfile --prod --filter "botox-near-me..." --filter "@botox/api..." --filter "@botox/site..." --filter "@botox/db..."

FROM base AS build
COPY --from=deps /app /app
RUN pnpm install --frozen-lockfile
COPY . .
# The admin's API origin is fixed at build time (Vite); same-origin "/api/v1" behind the proxy.
ARG VITE_API_URL=/api/v1
ARG VITE_SITE_URL=http://localhost:8080
RUN VITE_API_URL="$VITE_API_URL" VITE_SITE_URL="$VITE_SITE_URL" \
    pnpm --filter @botox/admin exec vite build --outDir dist --emptyOutDir

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    SITE_DIR=/data/site \
    UPLOADS_DIR=/data/uploads
COPY --from=deps --chown=node:node /app /app
COPY --chown=node:node package.json pnpm-workspace.yaml ./
COPY --chown=node:node packages ./packages
COPY --chown=node:node api/src ./api/src
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node site ./site
COPY --from=build --chown=node:node /app/admin/dist ./admin/dist
RUN mkdir -p /data/site /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data/site", "/data/uploads"]
EXPOSE 8787 4321 5173
# Health checks are per service in compose.yaml (the API's /api/v1/ready).
CMD ["node", "api/src/index.ts"]
