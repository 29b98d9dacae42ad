// @ts-check
/**
 * The site's build (`pnpm --filter @botox/site run build`, which the publisher runs): the build
 * engine of packages/site-build (decision 294). Arguments are passed to `astro build`; the exit
 * code is Astro's, or 1 when the pages failed.
 */
import { fileURLToPath } from "node:url";
import { buildSite } from "@botox/site-build/build";

process.exitCode = await buildSite(fileURLToPath(new URL("..", import.meta.url)), process.argv.slice(2));
