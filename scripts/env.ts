import { z } from "zod";
import { apiBaseUrl } from "@botox/core/contract";
import { readApiEnv } from "@botox/api/env";
import { publishEnv } from "@botox/publish";

// The one place the product's launchers (npm start, npm run serve, the admin server) read
// their own settings: the admin's port and API URL (decision 187). The API's and
// publishing's settings are read by their packages' env.ts.
const schema = z.object({
  /** Port of the admin server that `npm start` and `npm run serve` run. */
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  /** The API URL the admin is built with (Vite reads it at build time); default: this machine's API on PORT. */
  VITE_API_URL: z.string().optional(),
});

export type LauncherEnv = z.infer<typeof schema>;

export function readLauncherEnv(source: NodeJS.ProcessEnv = process.env): LauncherEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid launcher environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The admin's API URL: VITE_API_URL, else this machine's API on PORT. */
export function adminApiUrl(launcher: LauncherEnv, api: { PORT: number }): string {
  return launcher.VITE_API_URL ?? apiBaseUrl({ host: "localhost", port: api.PORT });
}

/** The URLs one machine's product (npm start) uses, as settings. */
export interface LocalProductUrls {
  /** The API as browsers reach it: the site build, its islands and CSP, absolute links. */
  PUBLIC_API_URL: string;
  SITE_URL: string;
  /** The API URL the admin is built with. */
  VITE_API_URL: string;
  /** The site's and the admin's origins (CORS and the Origin check). */
  ALLOWED_ORIGINS: string;
  /** The admin's origin, where mailed owner sign-in links point. */
  ADMIN_URL: string;
}

/**
 * npm start on any ports: the API, site and admin URLs derived from PORT, SITE_PORT and
 * ADMIN_PORT as they are set, each unless set explicitly. Without this, moved ports left the
 * admin refused (its origin not allowed: 403 at login) and the site built against port 8787.
 * @internal Exported for its tests.
 */
export function localProductUrls(source: NodeJS.ProcessEnv = process.env): LocalProductUrls {
  const { PORT } = readApiEnv(source);
  const { SITE_PORT } = publishEnv(source);
  const { ADMIN_PORT } = readLauncherEnv(source);
  const set = (name: string) => (source[name]?.trim() ? source[name].trim() : undefined);
  const apiUrl = set("PUBLIC_API_URL") ?? apiBaseUrl({ host: "localhost", port: PORT });
  const origins = ["localhost", "127.0.0.1"].flatMap((host) => [`http://${host}:${SITE_PORT}`, `http://${host}:${ADMIN_PORT}`]);
  return {
    PUBLIC_API_URL: apiUrl,
    SITE_URL: set("SITE_URL") ?? `http://localhost:${SITE_PORT}`,
    VITE_API_URL: set("VITE_API_URL") ?? apiUrl,
    ALLOWED_ORIGINS: set("ALLOWED_ORIGINS") ?? origins.join(","),
    ADMIN_URL: set("ADMIN_URL") ?? `http://localhost:${ADMIN_PORT}`,
  };
}

/**
 * Puts localProductUrls into this process's environment, where every reader (the packages'
 * env.ts) and every child (the site build, the admin build) finds them; returns them.
 */
export function useLocalProductUrls(): LocalProductUrls {
  const urls = localProductUrls(process.env);
  Object.assign(process.env, urls);
  return urls;
}
