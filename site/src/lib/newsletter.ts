/**
 * The newsletter's manage calls for the confirm, preferences and unsubscribe pages, and the
 * price-alert form. The token comes from the mail's link (the page's query string) and travels
 * back to the API as given; nothing here keeps it.
 */
import { PRICE_BRANDS } from "@botox/core/price-format";
import { ApiRequestError, buildQuery } from "@botox/core/http";
import type { AlertBrand, DigestFrequency, MailRadius, PriceAlertInput } from "@botox/core/contract";

// The contract's MAIL_RADII and ALERT_BRANDS live beside zod, which stays out of the browser:
// the same values, checked against the contract's types.
export const RADIUS_CHOICES = [5, 10, 25, 50] as const satisfies readonly MailRadius[];
export type RadiusMiles = MailRadius;
export type Frequency = DigestFrequency;
export const ALERT_BRAND_CHOICES: readonly AlertBrand[] = PRICE_BRANDS.filter((b): b is AlertBrand => b !== "other");

/** PUT /newsletter/preferences's body (the GET answers these and the address and status). */
export interface NewsletterPreferences {
  zipCode: string | null;
  radiusMiles: MailRadius;
  brands: AlertBrand[];
  frequency: DigestFrequency;
}

export type PriceAlertBody = PriceAlertInput & { radiusMiles: MailRadius };

/** Why a token was refused, as the pages tell it; "failed" when the API could not answer. */
export type TokenProblem = "missing" | "invalid" | "expired" | "used" | "failed";

/** The token of the page's address ("" when there is none). */
export function tokenFromLocation(search: string): string {
  return new URLSearchParams(search).get("token")?.trim() ?? "";
}

async function call<T>(apiUrl: string, method: string, path: string, body?: unknown): Promise<T | null> {
  const init: RequestInit = { method, credentials: "omit", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { Accept: "application/json", "Content-Type": "application/json" };
  }
  const res = await fetch(`${apiUrl.replace(/\/+$/, "")}${path}`, init);
  const text = await res.text().catch(() => "");
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, text);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

const withToken = (path: string, token: string) => `${path}${buildQuery({ token })}`;

/** A link without its token: nothing is asked of the API. */
class MissingTokenError extends Error {}

export function newsletterApi(apiUrl: string) {
  return {
    confirm: (token: string) => (token ? call<unknown>(apiUrl, "POST", "/newsletter/confirm", { token }) : Promise.reject(new MissingTokenError())),
    preferences: async (token: string) => {
      if (!token) throw new MissingTokenError();
      return readPreferences(await call<unknown>(apiUrl, "GET", withToken("/newsletter/preferences", token)));
    },
    savePreferences: (token: string, prefs: NewsletterPreferences) => call<unknown>(apiUrl, "PUT", withToken("/newsletter/preferences", token), prefs),
    unsubscribe: (token: string) => call<unknown>(apiUrl, "POST", withToken("/newsletter/unsubscribe", token)),
    deleteData: (token: string) => call<unknown>(apiUrl, "DELETE", withToken("/newsletter/subscription", token)),
    priceAlert: (body: PriceAlertBody) => call<unknown>(apiUrl, "POST", "/price-alerts", body),
  };
}

const isRadius = (v: unknown): v is RadiusMiles => RADIUS_CHOICES.some((r) => r === v);
const isBrand = (v: unknown): v is AlertBrand => ALERT_BRAND_CHOICES.some((b) => b === v);

/** The preferences as the form shows them; anything missing or unknown falls back to the defaults. */
function readPreferences(raw: unknown): NewsletterPreferences & { status?: string; email?: string } {
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  // The answer may wrap the preferences ({ preferences: {...} }) or be them.
  const p = o.preferences && typeof o.preferences === "object" ? (o.preferences as Record<string, unknown>) : o;
  const zip = typeof p.zipCode === "string" && /^\d{5}$/.test(p.zipCode) ? p.zipCode : null;
  return {
    zipCode: zip,
    radiusMiles: isRadius(p.radiusMiles) ? p.radiusMiles : 25,
    brands: Array.isArray(p.brands) ? p.brands.filter(isBrand) : [],
    frequency: p.frequency === "weekly" ? "weekly" : "new",
    ...(typeof (p.status ?? o.status) === "string" ? { status: String(p.status ?? o.status) } : {}),
    ...(typeof (p.email ?? o.email) === "string" ? { email: String(p.email ?? o.email) } : {}),
  };
}

/**
 * What was wrong with a refused token: the API's `reason` when it gives one, else its words
 * ("expired", "already used") or its status (404/400: not a token we know; 410: expired).
 */
export function tokenProblemOf(err: unknown): TokenProblem {
  if (err instanceof MissingTokenError) return "missing";
  if (!(err instanceof ApiRequestError)) return "failed";
  let reason = "";
  let message = "";
  try {
    const body = JSON.parse(err.body) as Record<string, unknown>;
    reason = typeof body.reason === "string" ? body.reason : typeof body.code === "string" ? body.code : "";
    message = typeof body.error === "string" ? body.error : "";
  } catch {
    // Not JSON: the status decides.
  }
  const said = `${reason} ${message}`.toLowerCase();
  if (/expired/.test(said)) return "expired";
  if (/used|already/.test(said)) return "used";
  if (/invalid|unknown|not found|malformed/.test(said)) return "invalid";
  if (err.status === 410) return "expired";
  if (err.status === 400 || err.status === 404 || err.status === 422) return "invalid";
  return "failed";
}

export const TOKEN_PROBLEM_TEXT: Record<TokenProblem, { title: string; body: string }> = {
  missing: {
    title: "This link is incomplete",
    body: "The address has no token. Open the link from your email again, or copy all of it into the address bar.",
  },
  invalid: {
    title: "We don't recognise this link",
    body: "This link is not one of ours, or it was cut short by your email app. Open it from your email again, or subscribe again below.",
  },
  expired: {
    title: "This link has expired",
    body: "Confirmation links work for 7 days. Subscribe again and we'll send you a new one.",
  },
  used: {
    title: "This link has already been used",
    body: "Each link works once. If you already confirmed, you're subscribed and there's nothing more to do; otherwise subscribe again for a new link.",
  },
  failed: {
    title: "We couldn't check this link right now",
    body: "Something went wrong on our side. Please try again in a few minutes.",
  },
};

/** Moves the visitor to the page's newsletter form (in the footer) and puts the cursor in its email field. */
export function focusSubscribeForm(doc: Document = document): void {
  const input = doc.querySelector<HTMLInputElement>("[data-newsletter] input[type=email]");
  input?.scrollIntoView({ block: "center" });
  input?.focus();
}
