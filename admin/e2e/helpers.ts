import { createHash, randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import type { APIResponse, Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import type { Clinic } from "@botox/core";
import { newTrackedPage, type TrackedPage } from "@botox/e2e";

export const stack = () => inject("stack");

/** A name no other test (or earlier run on a kept database) uses: "{prefix} {random}". */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

/** A unique place name: letters only, as the city rule takes (no digits in names of places). */
export const uniqueCity = (prefix: string): string => uniqueName(prefix).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");

/** A phone (390×844, touch, a 2× screen): the width every admin screen must fit without scrolling sideways. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Waits until the page is no wider than its window: nothing scrolls sideways (layout may still be settling). */
export const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** Admin route → absolute URL ("/clinics" → http://127.0.0.1:port/admin/clinics). */
export const adminUrl = (path = "/") => `${stack().urls.admin}${path === "/" ? "" : path}`;

/** Fills and submits the login form on the current page (which must show it). */
export async function submitLogin(page: Page, credentials = stack().admin): Promise<void> {
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Opens the login screen, signs in and waits for the dashboard (or `path` when given: the
 * admin is sent back to the page first asked for).
 */
export async function login(page: Page, path = "/"): Promise<void> {
  await page.goto(adminUrl(path));
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await submitLogin(page);
  // Attached, not visible: on a phone the navigation is folded into the Menu button.
  await page.getByRole("navigation", { name: "Admin", includeHidden: true }).waitFor({ state: "attached" });
}

/** A fresh browser context (own cookies), signed in, on `path`. */
export async function signedInPage(browser: Browser, path = "/", options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const tracked = await newTrackedPage(browser, options);
  await login(tracked.page, path);
  return tracked;
}

/**
 * Console errors other than the browser's own "Failed to load resource ... 401" line, which
 * Chromium prints whenever the session check (GET /stats) answers "not signed in".
 */
export const unexpectedErrors = (errors: readonly string[]) => errors.filter((e) => !/status of 401 \(Unauthorized\)/.test(e));

/**
 * Waits for a toast (product.md §9: one at a time) whose text contains `text`, shown since the
 * last toast this matched: the page records each toast as it appears (packages/e2e's
 * `newTrackedPage`), so a five-second toast that came and went while a loaded machine was slow
 * to look still counts, and each shown toast is matched once.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const found = page.waitForFunction(
    (wanted) => {
      const seen = (window as unknown as { __seenToasts?: string[] }).__seenToasts ?? [];
      const at = seen.findIndex((t) => t.includes(wanted));
      if (at < 0) return false;
      seen.splice(at, 1);
      return true;
    },
    text,
    { polling: 100, timeout: 30_000 },
  );
  await found.catch(async (err: unknown) => {
    // Say what the page showed instead: the toasts it did show and any alert on the form.
    // Enough to tell a form that refused to send (an invalid field, a disabled button) from a
    // request that was sent and failed or is still waiting (the last API calls it completed).
    const shown = await page.evaluate(() => ({
      toasts: (window as unknown as { __seenToasts?: string[] }).__seenToasts ?? [],
      alerts: [...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent ?? ""),
      invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((e) => e.getAttribute("name") || e.id || e.getAttribute("aria-label") || e.tagName),
      submit: [...document.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].map((b) => `${b.textContent ?? ""}${b.disabled ? " (disabled)" : ""}`),
      requests: performance
        .getEntriesByType("resource")
        .filter((e) => e.name.includes("/api/"))
        .slice(-5)
        .map((e) => `${e.name} ${(e as PerformanceResourceTiming).responseStatus} ${Math.round(e.duration)} ms`),
      url: location.href,
    }));
    throw new Error(`No toast with "${text}": ${JSON.stringify(shown)} (${String(err)})`);
  });
}

/**
 * API calls as the signed-in admin of `context` (its session cookie), with the admin's
 * Origin so the API's CSRF check accepts writes.
 */
export function adminApi(context: BrowserContext) {
  const { urls } = stack();
  const origin = new URL(urls.admin).origin;
  const headers = { Origin: origin };
  const ok = async (res: APIResponse) => {
    if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? null : ((await res.json()) as unknown);
  };
  return {
    get: async <T>(path: string) => (await ok(await context.request.get(urls.api + path))) as T,
    send: async <T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) =>
      (await ok(await context.request.fetch(urls.api + path, { method, data, headers }))) as T,
  };
}

/**
 * A test on a clinic of its own: the team signed in on a fresh browser context (at `path`, "/"
 * by default) adds the clinic from `clinic` and `body` runs; then the clinic is deleted (its
 * prices, deals and staff with it) and the context closed, whether or not the body passed.
 */
export async function withOwnClinic(
  browser: Browser,
  options: { clinic: Record<string, unknown>; path?: string },
  body: (t: TrackedPage & { api: ReturnType<typeof adminApi>; clinic: Clinic }) => Promise<void>,
): Promise<void> {
  const tracked = await signedInPage(browser, options.path ?? "/");
  const api = adminApi(tracked.context);
  const clinic = await api.send<Clinic>("POST", "/clinics", options.clinic);
  try {
    await body({ ...tracked, api, clinic });
  } finally {
    await api.send("DELETE", `/clinics/${clinic.id}`).catch(() => undefined);
    await tracked.context.close();
  }
}

/** Public API read without any cookie. */
export async function publicGet<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(stack().urls.api + path);
  return { status: res.status, body: (await res.json()) as T };
}

/** SHA-256 of the context's session cookie: the `sessions.id` of that browser's session. */
export async function sessionIdOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(stack().urls.api)).find((c) => c.name === "session");
  if (!cookie) throw new Error("No session cookie: not signed in?");
  return createHash("sha256").update(cookie.value).digest("hex");
}

export { makePng } from "@botox/e2e";

/** A rebuild of the e2e site takes seconds; machines running several suites at once are slower. */
export const REBUILD_TIMEOUT_MS = 180_000;

/**
 * The time a test that waits for `rebuilds` publishes may take: each wait may last a rebuild's
 * budget, and the rest of the test a minute (the default test timeout, which a loaded CI run's
 * two rebuilds alone once passed).
 */
export const rebuildsBudget = (rebuilds: number) => rebuilds * REBUILD_TIMEOUT_MS + 60_000;

/** Polls a public page until its HTML contains `text` (an edit published); answers the page. */
export async function untilServed(path: string, text: string): Promise<string> {
  let last = "";
  await expect
    .poll(
      async () => {
        const res = await fetch(stack().urls.site + path);
        last = `${res.status} ${await res.text()}`;
        return res.status === 200 && last.includes(text);
      },
      { timeout: REBUILD_TIMEOUT_MS, interval: 500 },
    )
    .toBe(true);
  return last;
}

/**
 * In an owner's workspace (the clinic's page open): opens `day` until `closes` ("18:00") and
 * saves the hours, then adds the clinic's own price per unit (`dollars`, "12.50"); both are
 * confirmed by their toasts. The owner's forms offer no source to choose.
 */
export async function ownerEditsHoursAndPrice(page: Page, o: { day: string; closes: string; dollars: string }): Promise<void> {
  const hours = page.getByRole("region", { name: "Hours" });
  await hours.getByLabel(`${o.day} hours`).selectOption("open");
  await hours.getByLabel(`${o.day} range 1 closes`).fill(o.closes);
  await hours.getByRole("button", { name: "Save hours" }).click();
  await expectToast(page, "Hours saved");
  const prices = page.getByRole("region", { name: "Prices" });
  await prices.getByRole("button", { name: "Add price" }).click();
  const form = prices.getByRole("form", { name: "Add price" });
  expect(await form.getByLabel("Source").count()).toBe(0);
  await form.getByLabel("Price per unit ($)").fill(o.dollars);
  await form.getByRole("button", { name: "Save price" }).click();
  await expectToast(page, "Price added");
}
