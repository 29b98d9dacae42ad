/** Who injects here: the clinic page's card in the served HTML, the listing cards' line, the credential filter in the address. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { hydrated, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

async function html(path: string): Promise<string> {
  const res = await fetch(site + path);
  expect(res.status, path).toBe(200);
  return res.text();
}

const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>);
const business = (body: string) => jsonLd(body).find((d) => d["@type"] === "MedicalBusiness");
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector("[aria-busy='true']") && document.querySelector("[data-clinic-list]"));
const cardNames = (page: Page) => page.$$eval("[data-clinic-list] article h3", (hs) => hs.map((h) => h.textContent ?? ""));

describe("the 'Who injects here' card (static HTML)", () => {
  it("names each person's role, credential and licence, and links the record it was checked against, dated", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/glow-med-spa-new-york`);
    const card = page.locator("[data-staff-card]");
    await card.getByRole("heading", { name: "Who injects here" }).waitFor();
    const rows = card.locator("[data-staff-row]");
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.nth(0).textContent()).toMatch(/Alex Kim, medical director.*MD \(physician\), NY licence MD-204518/);
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/Dana Reyes, injector.*NP \(nurse practitioner\), NY licence NP-331907/);
    const check = rows.nth(1).getByRole("link", { name: /^checked against the NPI Registry on \d{1,2} [A-Z][a-z]{2} \d{4}/ });
    await expect.poll(() => check.getAttribute("href")).toBe("https://npiregistry.cms.hhs.gov/provider-view/1000000004");
    await expect(
      rows
        .nth(0)
        .getByRole("link", { name: /^checked against op\.nysed\.gov on / })
        .count(),
    ).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("marks current checks up as JSON-LD employees, and leaves stale, demo and absent staff out", async () => {
    const glow = business(await html("/botox-clinic/new-york/glow-med-spa-new-york"));
    expect(glow?.employee).toEqual([
      expect.objectContaining({
        "@type": "Person",
        name: "Alex Kim",
        jobTitle: "Medical director",
        hasCredential: expect.objectContaining({ "@type": "EducationalOccupationalCredential", name: "MD", identifier: "MD-204518" }),
      }),
      expect.objectContaining({ "@type": "Person", name: "Dana Reyes", jobTitle: "Injector", hasCredential: expect.objectContaining({ name: "NP" }) }),
    ]);
    for (const slug of ["radiance-med-spa-new-york", "smooth-skin-med-spa-new-york", "halo-med-spa-new-york"]) {
      expect(business(await html(`/botox-clinic/new-york/${slug}`))?.employee, slug).toBeUndefined();
    }
  });

  it("says a check older than a year may be out of date, without a link", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/radiance-med-spa-new-york`);
    const row = page.locator("[data-staff-row][data-verification='stale']");
    await row.getByText(/^last checked \d{1,2} [A-Z][a-z]{2} \d{4} — may be out of date$/).waitFor();
    await expect.poll(() => row.getByRole("link").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says plainly when we don't know, and labels demo people as demo data", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-clinic/new-york/halo-med-spa-new-york`);
    await page.locator("[data-staff-empty]").getByText("The clinic has not told us who injects here yet.").waitFor();
    await page.goto(`${site}/botox-clinic/new-york/smooth-skin-med-spa-new-york`);
    const demo = page.locator("[data-staff-row][data-demo]");
    await demo.getByText("Demo data", { exact: true }).waitFor();
    await demo.getByText("Demo data: an invented person, not checked against any public record.").waitFor();
    await expect.poll(() => demo.getByRole("link").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("listing cards and the credential filter", () => {
  it("shows the credential line on cards, and keeps the filter in the address", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/botox-near-me/new-york?distance=any`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    await page.getByText(/clinics found in New York/).waitFor();
    await settled(page);

    await Promise.all([page.waitForResponse((r) => r.url().includes("credential=MD%2CDO")), page.getByLabel("Licence checked for").selectOption("MD,DO")]);
    await page.getByText("1 clinic found in New York").waitFor();
    await settled(page);
    await expect(cardNames(page)).resolves.toEqual(["Glow Med Spa New York"]);
    expect(new URL(page.url()).searchParams.get("credential")).toBe("MD,DO");
    const glow = page.locator("[data-clinic-list] article", { hasText: "Glow Med Spa New York" });
    await expect.poll(() => glow.locator("[data-credential-line]").textContent()).toBe("Licences checked: MD medical director · NP injector");

    // A stale check gives no line.
    await page.goto(`${site}/botox-near-me/new-york?distance=any&q=Radiance`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    await page.getByText("1 clinic found in New York").waitFor();
    await settled(page);
    await expect(cardNames(page)).resolves.toEqual(["Radiance Med Spa New York"]);
    await expect.poll(() => page.locator("[data-clinic-list] [data-credential-line]").count()).toBe(0);

    // A shared link opens on the same filter.
    await page.goto(`${site}/botox-near-me/new-york?distance=any&credential=PA`);
    await hydrated(page, "astro-island[component-url*='CityListing']");
    await page.getByText("1 clinic found in New York").waitFor();
    await settled(page);
    await expect(cardNames(page)).resolves.toEqual(["Smooth Skin Med Spa New York"]);
    await expect.poll(() => page.getByLabel("Licence checked for").inputValue()).toBe("PA");
    await expect.poll(() => page.locator("[data-credential-line]").first().textContent()).toContain("(demo data)");
    expect(errors).toEqual([]);
    await context.close();
  });
});
