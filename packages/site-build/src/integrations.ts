/**
 * What the site's astro.config.mjs takes from the build engine: its settings from the build's
 * environment (contract.ts) and the integrations that write the page index and the targeted
 * build's plan, the host rule file, and move the output into place.
 */
import type { AstroIntegration } from "astro";
import { buildEnv } from "./env.ts";
import { hostFiles } from "./host-files.ts";
import { outDirInsideSite } from "./out-dir.ts";
import { targetedPublish } from "./targeted-publish.ts";

/** The engine's part of the site's Astro config. */
export function siteBuildConfig(): { outDir: string; cacheDir: string; targetedOnly: boolean; integrations: AstroIntegration[] } {
  const env = buildEnv();
  const out = outDirInsideSite(env.OUT_DIR);
  const targeted = targetedPublish(env);
  return {
    outDir: out.outDir,
    cacheDir: env.ASTRO_CACHE_DIR,
    // A targeted build (decision 039) renders a few pages for the publisher and must neither read
    // nor rewrite the incremental cache, which belongs to the full builds.
    targetedOnly: Boolean(env.SITE_TARGET_FILE),
    // The out-dir mover goes last: it moves the output once every other build:done hook has run.
    integrations: [hostFiles(), ...(targeted ? [targeted] : []), ...(out.integration ? [out.integration] : [])],
  };
}
