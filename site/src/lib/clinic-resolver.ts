/** /clinic/{slug|id} (architecture.md §6): finds the clinic through the API and its canonical page. */
import { clinicPath } from "@botox/core/search";

/** The {slug|id} segment of /clinic/{key}, or null for any other form. */
export function clinicKeyFromPath(pathname: string): string | null {
  const segment = /^\/clinic\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (segment === undefined) return null;
  try {
    const key = decodeURIComponent(segment).trim();
    return key || null;
  } catch {
    return null; // a malformed escape is no clinic
  }
}

export type ClinicTarget = { kind: "found"; path: string } | { kind: "notfound" } | { kind: "unavailable" };

/**
 * Asks `GET /proxy/clinic/{key}` (a slug or a numeric id; product.md §2.1). 404 and 400 (a key no
 * clinic can have) are "not found"; anything else that fails is "unavailable", worth a retry.
 * @internal Exported for its tests.
 */
export async function clinicTarget(apiUrl: string, key: string, fetchImpl: typeof fetch = fetch): Promise<ClinicTarget> {
  try {
    const res = await fetchImpl(`${apiUrl}/proxy/clinic/${encodeURIComponent(key)}`, { headers: { accept: "application/json" } });
    if (res.status === 404 || res.status === 400) return { kind: "notfound" };
    if (!res.ok) return { kind: "unavailable" };
    const clinic = (await res.json()) as { citySlug?: unknown; slug?: unknown };
    if (typeof clinic.citySlug !== "string" || typeof clinic.slug !== "string") return { kind: "unavailable" };
    return { kind: "found", path: clinicPath(clinic.citySlug, clinic.slug) };
  } catch {
    return { kind: "unavailable" };
  }
}

/**
 * `clinicTarget`, asked once more when the first answer is "unavailable" (product.md §8: the
 * clinic detail read is retried once), so a single dropped request does not show the error.
 */
export async function clinicTargetWithRetry(apiUrl: string, key: string, fetchImpl: typeof fetch = fetch): Promise<ClinicTarget> {
  const first = await clinicTarget(apiUrl, key, fetchImpl);
  return first.kind === "unavailable" ? clinicTarget(apiUrl, key, fetchImpl) : first;
}
