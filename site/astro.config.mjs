// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import hostFiles from "./host-files.mjs";

// Read here (config runs before src/env.ts can be imported); src/env.ts validates the same values.
const site = process.env.SITE_URL || "http://localhost:4321";

export default defineConfig({
  site,
  output: "static",
  outDir: process.env.OUT_DIR || "./dist",
  trailingSlash: "ignore",
  build: { format: "directory", inlineStylesheets: "auto" },
  integrations: [react(), hostFiles()],
  vite: {
    plugins: [tailwindcss()],
    // Browser code imports single core modules ("@core/search.ts") rather than the package
    // index, whose zod schemas would otherwise ride along into every island.
    // The build reads PostgreSQL through packages/db: its drivers and native modules stay
    // Node packages rather than being bundled into the page renderer.
    ssr: {
      external: ["@node-rs/argon2", "@electric-sql/pglite", "@electric-sql/pglite-socket", "postgres", "zipcodes", "csv-parse", "sanitize-html"],
    },
    resolve: { alias: { "@core": fileURLToPath(new URL("../packages/core/src", import.meta.url)) } },
  },
  devToolbar: { enabled: false },
});
