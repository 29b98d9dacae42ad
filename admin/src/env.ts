import { z } from "zod";

/** The admin's only reading of import.meta.env (validated once, at start-up). */
const envSchema = z.object({
  /**
   * Absolute ("http://localhost:8787/api/v1") or same-origin ("/api/v1" behind one proxy). The
   * default is a literal: the launchers set VITE_API_URL from PORT (scripts/env.ts adminApiUrl),
   * while a bare Vite build has no PORT in import.meta.env, so it names the API's default port.
   */
  VITE_API_URL: z.union([z.url(), z.string().regex(/^\/\S*$/)]).default("http://localhost:8787/api/v1"),
  /** Public site origin, for the search-result preview and "view" links. */
  VITE_SITE_URL: z.url().default("http://localhost:4321"),
});

const parsed = envSchema.safeParse({
  VITE_API_URL: import.meta.env.VITE_API_URL || undefined,
  VITE_SITE_URL: import.meta.env.VITE_SITE_URL || undefined,
});

if (!parsed.success) {
  throw new Error(`Invalid admin configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}

export const env = {
  apiUrl: parsed.data.VITE_API_URL.replace(/\/+$/, ""),
  siteUrl: parsed.data.VITE_SITE_URL.replace(/\/+$/, ""),
} as const;

/** Absolute URL of a file the API serves ("/uploads/x.webp" → API origin + path). */
export function apiAssetUrl(url: string | null | undefined): string {
  if (!url) return "";
  if (/^(https?:|blob:|data:)/.test(url)) return url;
  return new URL(url, new URL(env.apiUrl, window.location.origin)).toString();
}
