/**
 * Marks an island as React's for Astro. Astro asks each renderer's `check` whether it can render
 * a framework component it has not been told about, and @astrojs/react's check renders the
 * component once more to find out, for six islands on every clinic page (decision 227). A component carrying Astro's renderer tag
 * (`Renderer`, astro/dist/runtime/server/render/common.js) goes to that renderer directly. The
 * HTML is the same: React renders it either way.
 */
const ASTRO_RENDERER = Symbol.for("astro:renderer");

export function reactIsland<T extends (props: never) => unknown>(component: T): T {
  (component as unknown as Record<symbol, string>)[ASTRO_RENDERER] = "@astrojs/react";
  return component;
}
