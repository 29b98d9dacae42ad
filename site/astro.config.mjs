// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { siteBuildConfig } from "@botox/site-build/integrations";

// Read here (config runs before src/env.ts can be imported); src/env.ts validates the same values.
const site = process.env.SITE_URL || "http://localhost:4321";
// The build engine's settings and integrations, from the build's environment (decision 294).
const engine = siteBuildConfig();

export default defineConfig({
  site,
  output: "static",
  outDir: engine.outDir,
  // Incremental builds: pages whose getStaticPaths `cacheKey` (src/lib/cache-key.ts) and code are
  // unchanged are linked from the cache instead of rendered (by the page pipeline in a full build,
  // packages/site-build; by Astro's loop with SITE_RENDER_PROCESSES=0). The publisher gives
  // each site folder its own cache (ASTRO_CACHE_DIR), so builds of other databases never share one.
  cacheDir: engine.cacheDir,
  trailingSlash: "ignore",
  // In Astro's own loop (targeted builds, SITE_RENDER_PROCESSES=0) pages are written 16 at a
  // time: file I/O overlaps the rendering, which roughly halves its time.
  build: { format: "directory", inlineStylesheets: "auto", concurrency: 16 },
  // The engine's integrations come after React's (their own order: the out-dir mover last).
  // React islands are rendered with renderToString, not a stream read back into a string: the
  // render stage's largest cost (decision 204). The patched renderer gives it the same
  // id prefix as the stream (patches/README.md). No island suspends, so nothing streams later.
  integrations: [react({ experimentalDisableStreaming: true }), ...engine.integrations],
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
  // A page pipeline build (packages/site-build, decision 226) keeps a cache of its own and gives
  // Astro's loop no page; it still needs this setting for Astro's hashes of each route's code. A
  // targeted build (decision 039) must neither read nor rewrite the cache of the full builds.
  experimental: { incrementalBuild: !engine.targetedOnly },
});
