/**
 * Validated build-time configuration of the site: the one place that reads process.env.
 * Public values (API URL, geolocation services, analytics) are handed to islands as props.
 */
import { z } from "zod";
import { apiBaseUrl } from "@botox/core/contract";
import type { PublicConfig } from "./lib/config.ts";

const list = z
  .string()
  .transform((s) =>
    s
      .split(/[\s,]+/)
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

const schema = z.object({
  SITE_URL: z.url().default("http://localhost:4321"),
  /** Set by whoever runs the build (the publisher, npm start); else the API's default port, 8787, on this machine. */
  PUBLIC_API_URL: z.url().default(apiBaseUrl({ host: "localhost", port: 8787 })),
  /**
   * Third-party IP geolocation services tried in order after the API's own GET /location
   * (product.md §4), none by default: a visitor's address and page stay with us unless an
   * operator names services here, and the privacy policy then names them (decision 256).
   * Each answers JSON with lat/lon (or latitude/longitude) and city/region fields.
   */
  PUBLIC_GEO_SERVICES: list.default([]),
  /** none (default), plausible or ga4. */
  PUBLIC_ANALYTICS_PROVIDER: z.enum(["none", "plausible", "ga4"]).default("none"),
  /** Plausible domain or GA4 measurement id. */
  PUBLIC_ANALYTICS_ID: z.string().default(""),
  /** Output folder (the publisher passes OUT_DIR). */
  OUT_DIR: z.string().optional(),
  /** Last-updated date of the legal pages; the build date by default. */
  BUILD_DATE: z.string().optional(),
  /** A targeted publish's changed clinics and previous page index (set by the publisher; lib/path-selection.ts, decision 190). */
  SITE_TARGET_FILE: z.string().optional(),
  /** This render process's share of a full build's pages, "k/N" (set by the page pipeline, packages/site-build; lib/path-selection.ts, decision 226). */
  SITE_RENDER_SHARD: z
    .string()
    .regex(/^\d+\/\d+$/, 'a share "k/N"')
    .optional(),
});

export type SiteEnv = z.infer<typeof schema>;

function readSiteEnv(source: Record<string, string | undefined> = process.env): SiteEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid site environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env = readSiteEnv();

export const publicConfig: PublicConfig = {
  apiUrl: env.PUBLIC_API_URL.replace(/\/+$/, ""),
  geoServices: env.PUBLIC_GEO_SERVICES,
};
