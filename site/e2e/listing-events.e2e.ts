/**
 * The clinic page's listing counts (decision 277) in a real browser, end to end: the page's
 * beacon reaches the API across origins and is counted per clinic and week; a tap on "Get
 * directions" counts as directions; a headless browser that says so (as Playwright's default
 * user agent does) is left out like any other bot.
 */
import { describe, expect, it } from "vitest";
import type { Clinic } from "@botox/core";
import { api, openPage, site, useBrowser, useDatabase } from "./support.ts";

const browser = useBrowser();
const db = useDatabase();

/** A desktop Chrome's user agent: what a visitor's browser sends. */
const VISITOR_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

async function clinic(city: string, slug: string): Promise<Clinic> {
  const res = await fetch(`${api}/proxy/clinic/${slug}?city=${city}`);
  if (!res.ok) throw new Error(`clinic ${slug}: ${res.status}`);
  return (await res.json()) as Clinic;
}

async function counts(clinicId: number): Promise<Record<string, number>> {
  const rows = await db().sql<{ type: string; n: number }[]>`
    select type, sum(count)::int as n from clinic_event_counts where clinic_id = ${clinicId} group by type`;
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
}

describe("listing counts from the clinic page", () => {
  it("counts a visitor's view and a tap on directions, sent across origins without a console error", async () => {
    const glow = await clinic("new-york", "glow-med-spa-new-york");
    const before = await counts(glow.id);
    const { page, errors, context } = await openPage(browser(), { userAgent: VISITOR_UA });
    // The directions link leaves for a map service: answer it here, nothing leaves the machine.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }));
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/v1/events") && r.postData()?.includes('"view"') === true);
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    await sent;
    await expect.poll(async () => (await counts(glow.id)).view ?? 0).toBe((before.view ?? 0) + 1);

    const popup = context.waitForEvent("page");
    await page
      .getByRole("link", { name: /directions/i })
      .first()
      .click();
    await (await popup).close();
    await expect.poll(async () => (await counts(glow.id)).directions ?? 0).toBe((before.directions ?? 0) + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("leaves out a headless browser that says so", async () => {
    const glow = await clinic("new-york", "glow-med-spa-new-york");
    const { page, context } = await openPage(browser());
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome/);
    // The answer to this page's beacon is the mark that it was handled (204 for counted and ignored alike).
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/events"));
    const before = await counts(glow.id);
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    expect((await answered).status()).toBe(204);
    expect((await counts(glow.id)).view ?? 0).toBe(before.view ?? 0);
    await context.close();
  });
});
