/**
 * The production entry points, as `node` arguments from the repository root. `npm run serve`
 * spawns them, compose.yaml and the Dockerfile run them, and
 * api/src/serve/entry-points.test.ts checks that all three agree.
 */
export const ENTRY_POINTS = {
  /** One API instance (npm run serve:api); in local mode it also serves the live site. */
  api: ["api/src/index.ts"],
  /** The built admin with its security headers (admin/dist). */
  admin: ["scripts/serve-admin.ts"],
  /** The live site alone (compose's site service, when API instances set SERVE_SITE=false). */
  site: ["scripts/serve-site.ts"],
  /** Committed migrations (npm run db:migrate without tsx). */
  migrate: ["packages/db/src/cli/migrate.ts"],
} as const;
