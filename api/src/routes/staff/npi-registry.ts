/**
 * The admin's NPI lookup against the CMS NPPES NPI Registry API, version 2.1
 * (NPI_REGISTRY_URL): `?version=2.1&number=N` answers `{ result_count, results: [{ number,
 * basic, taxonomies, ... }] }`; an unknown or deactivated NPI is `result_count: 0`; a query it
 * refuses is HTTP 200 with an `Errors` array. Answers (found or not) are kept a day per API
 * process: a registry record changes rarely and the admin may look the same person up twice.
 */
import { z } from "zod";
import { STAFF_MSG, credentialFromRegistry, type LicenseStatus, type NpiLookup } from "@botox/core";
import type { Deps } from "../../context.ts";
import { HttpError } from "../../lib/errors.ts";

const DAY_MS = 86_400_000;
const MAX_CACHED = 5_000;
/**
 * The most of an answer read (a real one for one NPI is a few kilobytes): a registry that
 * misbehaves, or anything answering at NPI_REGISTRY_URL, cannot grow this process or the day's
 * cache. A longer answer, or a field longer than its cap, is an answer we could not read.
 * @internal Exported for its tests.
 */
export const MAX_REGISTRY_ANSWER_BYTES = 1_000_000;
const MAX_FIELD_CHARS = 1_000;
const MAX_LIST = 100;

// Only what we read; the registry sends much more (addresses, identifiers, endpoints...).
const text = z.string().max(MAX_FIELD_CHARS).nullish();
const registryAnswerSchema = z.object({
  result_count: z.number().optional(),
  results: z
    .array(
      z.object({
        number: z.union([z.string().max(MAX_FIELD_CHARS), z.number()]),
        enumeration_type: text,
        basic: z
          .object({
            first_name: text,
            middle_name: text,
            last_name: text,
            credential: text,
            status: text,
            organization_name: text,
            name_prefix: text,
            // An organisation's (NPI-2) authorized official.
            authorized_official_first_name: text,
            authorized_official_middle_name: text,
            authorized_official_last_name: text,
            authorized_official_title_or_position: text,
            authorized_official_telephone_number: text,
          })
          .partial()
          .default({}),
        taxonomies: z
          .array(
            z.object({
              code: text,
              desc: text,
              primary: z.boolean().nullish(),
              state: text,
              license: text,
            }),
          )
          .max(MAX_LIST)
          .default([]),
      }),
    )
    .max(MAX_LIST)
    .optional(),
  Errors: z
    .array(z.object({ description: text, field: text, number: text }))
    .max(MAX_LIST)
    .optional(),
});

/** The app's answers, kept in deps.state, a day each. */
function cacheOf(deps: Deps): Map<string, { at: number; answer: NpiLookup | null }> {
  const caches = deps.state.npiLookups;
  let cache = caches.get(deps);
  if (!cache) {
    cache = new Map();
    caches.set(deps, cache);
  }
  return cache;
}

const clean = (s: string | null | undefined): string => (s ?? "").trim();

/** A registry person's or organisation's name as one line ("Dana M Reyes"). */
function nameOf(basic: { first_name?: string | null; middle_name?: string | null; last_name?: string | null; organization_name?: string | null }): string {
  const person = [basic.first_name, basic.middle_name, basic.last_name].map(clean).filter(Boolean).join(" ");
  return person || clean(basic.organization_name);
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());

/** "A" is the registry's active status; a deactivated NPI is not returned at all. */
const statusOf = (s: string | null | undefined): LicenseStatus => (s === "A" ? "active" : s ? "inactive" : "unknown");

/** The registry's public page of an NPI: what the admin saves as the source URL. */
const npiRegistryPage = (npi: string) => `https://npiregistry.cms.hhs.gov/provider-view/${npi}`;

/**
 * Maps one registry answer to ours; null when the registry has no record.
 * @internal Exported for its tests.
 */
export function mapRegistryAnswer(npi: string, body: unknown): NpiLookup | null {
  const parsed = registryAnswerSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(502, STAFF_MSG.registryBadAnswer);
  const answer = parsed.data;
  if (answer.Errors?.length) {
    const detail =
      answer.Errors.map((e) => clean(e.description))
        .filter(Boolean)
        .join("; ") || "no reason given";
    throw new HttpError(502, STAFF_MSG.registryError(detail));
  }
  const record = answer.results?.find((r) => String(r.number) === npi);
  if (!record) return null;
  const credentialText = clean(record.basic.credential) || null;
  return {
    npi,
    name: titleCase(nameOf(record.basic)),
    credential: credentialFromRegistry(credentialText),
    credentialText,
    taxonomies: record.taxonomies.map((t) => ({
      code: clean(t.code),
      description: clean(t.desc),
      primary: t.primary === true,
      state: clean(t.state) || null,
      license: clean(t.license) || null,
    })),
    status: statusOf(record.basic.status),
    sourceUrl: npiRegistryPage(npi),
    ...authorizedOfficialOf(record.basic),
  };
}

/** An organisation's authorized official (name, title, phone), when the registry names one. */
function authorizedOfficialOf(basic: {
  authorized_official_first_name?: string | null;
  authorized_official_middle_name?: string | null;
  authorized_official_last_name?: string | null;
  authorized_official_title_or_position?: string | null;
  authorized_official_telephone_number?: string | null;
}): Pick<NpiLookup, "authorizedOfficial"> {
  const name = [basic.authorized_official_first_name, basic.authorized_official_middle_name, basic.authorized_official_last_name]
    .map(clean)
    .filter(Boolean)
    .join(" ");
  if (!name) return {};
  return {
    authorizedOfficial: {
      name: titleCase(name),
      title: titleCase(clean(basic.authorized_official_title_or_position)) || null,
      phone: clean(basic.authorized_official_telephone_number) || null,
    },
  };
}

/**
 * Looks `npi` up (a valid NPI), from the day's cache when asked before. 404 when the registry
 * has no record, 502 when it cannot be reached or refuses, 504 after NPI_REGISTRY_TIMEOUT_MS.
 */
export async function lookupNpi(deps: Deps, npi: string): Promise<NpiLookup> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const cache = cacheOf(deps);
  const hit = cache.get(npi);
  let answer: NpiLookup | null;
  if (hit && now - hit.at < DAY_MS) answer = hit.answer;
  else {
    answer = mapRegistryAnswer(npi, await askRegistryAt({ url: deps.env.NPI_REGISTRY_URL, timeoutMs: deps.env.NPI_REGISTRY_TIMEOUT_MS }, npi));
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
    cache.set(npi, { at: now, answer });
  }
  if (!answer) throw new HttpError(404, STAFF_MSG.npiNotFound);
  return answer;
}

/**
 * The registry's answer for `npi`, parsed, read up to MAX_REGISTRY_ANSWER_BYTES.
 * @internal Exported for its tests.
 */
export async function askRegistryAt(registry: { url: string; timeoutMs: number }, npi: string): Promise<unknown> {
  const url = new URL(registry.url);
  url.searchParams.set("version", "2.1");
  url.searchParams.set("number", npi);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" }, redirect: "error", signal: AbortSignal.timeout(registry.timeoutMs) });
  } catch (err) {
    throw new HttpError(isTimeout(err) ? 504 : 502, isTimeout(err) ? STAFF_MSG.registryTimeout : STAFF_MSG.registryUnreachable);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new HttpError(502, STAFF_MSG.registryUnreachable);
  }
  try {
    return JSON.parse(await readCapped(res, MAX_REGISTRY_ANSWER_BYTES));
  } catch (err) {
    if (isTimeout(err)) throw new HttpError(504, STAFF_MSG.registryTimeout);
    throw new HttpError(502, STAFF_MSG.registryBadAnswer);
  }
}

/** The body as text; throws (and stops reading) once it is longer than `max` bytes. */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error("answer too large");
  }
  if (!res.body) return "";
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new Error("answer too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const isTimeout = (err: unknown): boolean => err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError");
