// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import hostFiles from "./host-files.mjs";
import { outDirInsideSite } from "./out-dir.mjs";
import targetedPublish from "./targeted-publish.mjs";

// Read here (config runs before src/env.ts can be imported); src/env.ts validates the same values.
const site = process.env.SITE_URL || "http://localhost:4321";
const out = outDirInsideSite(process.env.OUT_DIR || "./dist");
// A targeted build (decision 039) renders a few pages for the publisher and must neither read
// nor rewrite the incremental cache, which belongs to the full builds.
const targeted = targetedPublish(process.env);
const targetedOnly = Boolean(process.env.SITE_TARGET_FILE);

export default defineConfig({
  site,
  output: "static",
  outDir: out.outDir,
  // Incremental builds: pages whose getStaticPaths `cacheKey` (src/lib/cache-key.ts) and code are
  // unchanged are linked from the cache instead of rendered (by the page pipeline in a full build,
  // site/page-pipeline.mjs; by Astro's loop with SITE_RENDER_PROCESSES=0). The publisher gives
  // each site folder its own cache (ASTRO_CACHE_DIR), so builds of other databases never share one.
  cacheDir: process.env.ASTRO_CACHE_DIR || "./node_modules/.astro",
  trailingSlash: "ignore",
  // In Astro's own loop (targeted builds, SITE_RENDER_PROCESSES=0) pages are written 16 at a
  // time: file I/O overlaps the rendering, which roughly halves its time.
  build: { format: "directory", inlineStylesheets: "auto", concurrency: 16 },
  // The out-dir mover goes last: it moves the output once every other build:done hook has run.
  // React islands are rendered with renderToString, not a stream read back into a string: the
  // render stage's largest cost (decision 204). The patched renderer gives it the same
  // id prefix as the stream (patches/README.md). No island suspends, so nothing streams later.
  integrations: [react({ experimentalDisableStreaming: true }), hostFiles(), ...(targeted ? [targeted] : []), ...(out.integration ? [out.integration] : [])],
  vite: {
    plugins: [tailwindcss()],
    // The build reads PostgreSQL through packages/db: its drivers and native modules stay
    // Node packages rather than being bundled into the page renderer. @botox/db itself is
    // external too, so `import("@botox/db/site")` in src/lib/data.ts is loaded by Node (from the
    // site's node_modules) at build time and its TypeScript never passes through Vite.
    ssr: {
      external: ["@botox/db", "@node-rs/argon2", "@electric-sql/pglite", "@electric-sql/pglite-socket", "postgres", "zipcodes", "csv-parse", "sanitize-html"],
    },
  },
  devToolbar: { enabled: false },
  // A page pipeline build (site/scripts/build.mjs, decision 226) keeps a cache of its own and gives
  // Astro's loop no page; it still needs this setting for Astro's hashes of each route's code.
  experimental: { incrementalBuild: !targetedOnly },
});
