// @ts-check
/**
 * Writes the host rule file `_headers` (Netlify / Cloudflare Pages format) after the build:
 * security headers and a Content Security Policy allowing the configured API and IP
 * geolocation services (their origins are only known at build time).
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** @param {string} url */
const origin = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** @param {Record<string, string | undefined>} env */
export function contentSecurityPolicy(env = process.env) {
  const api = origin(env.PUBLIC_API_URL || "http://localhost:8787/api/v1");
  const geo = (env.PUBLIC_GEO_SERVICES || "https://ipapi.co/json/ https://ipwho.is/ https://freeipapi.com/api/json")
    .split(/[\s,]+/)
    .map(origin)
    .filter(Boolean);
  const analytics =
    env.PUBLIC_ANALYTICS_PROVIDER === "plausible"
      ? ["https://plausible.io"]
      : env.PUBLIC_ANALYTICS_PROVIDER === "ga4"
        ? ["https://www.googletagmanager.com", "https://www.google-analytics.com"]
        : [];
  const connect = [...new Set(["'self'", api, ...geo, ...analytics])].join(" ");
  return [
    "default-src 'self'",
    // Astro's island loader and the GA4 bootstrap are inline scripts.
    `script-src 'self' 'unsafe-inline' ${analytics.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    `connect-src ${connect}`,
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** @returns {import("astro").AstroIntegration} */
export default function hostFiles() {
  return {
    name: "botox-host-files",
    hooks: {
      "astro:build:done": ({ dir }) => {
        const out = fileURLToPath(dir);
        const headers = `/*
  Content-Security-Policy: ${contentSecurityPolicy()}
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: geolocation=(self), camera=(), microphone=(), payment=()
  Strict-Transport-Security: max-age=31536000; includeSubDomains

/_astro/*
  Cache-Control: public, max-age=31536000, immutable
`;
        fs.writeFileSync(`${out}/_headers`, headers);
      },
    },
  };
}
