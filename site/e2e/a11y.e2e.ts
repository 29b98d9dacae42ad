/** Accessibility: zero axe-core violations on every page type, islands loaded. */
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MOBILE, openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Scrolls through the page so every client:visible island hydrates, then waits for the network to settle. */
async function loadEverything(page: Page, errors: string[]): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForLoadState("networkidle");
  // Under load the scroll above can pass a client:visible island before Astro observes it,
  // so each check shows the first island still waiting until none is left. The island element is
  // `display: contents` (no box: scrolling it does nothing), so its first child is what is shown.
  try {
    await page.waitForFunction(
      () => {
        const waiting = document.querySelector("astro-island[ssr]:not([client='only'])");
        waiting?.firstElementChild?.scrollIntoView({ block: "center", behavior: "instant" });
        return !waiting && !document.querySelector("[aria-busy='true']");
      },
      undefined,
      { timeout: 45_000, polling: 100 },
    );
  } catch (error) {
    // Say what was still waiting (and what the page logged), not only that time ran out.
    const state = await page.evaluate(() => ({
      waiting: [...document.querySelectorAll("astro-island[ssr]")].map((el) => `${el.getAttribute("client")} ${el.getAttribute("component-url")}`),
      busy: [...document.querySelectorAll("[aria-busy='true']")].map((el) => el.outerHTML.slice(0, 200)),
    }));
    throw new Error(`Islands never settled: ${JSON.stringify({ ...state, errors })}`, { cause: error });
  }
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the site's CSP allows only its own inline
  // scripts (by hash), as it should.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")}`);
}

const PAGES: [string, string][] = [
  ["home", "/"],
  ["landing", "/botox-near-me"],
  ["near-me", "/near-me"],
  ["city", "/botox-near-me/new-york"],
  ["shared city name", "/botox-near-me/springfield"],
  ["zip", "/zip/10001"],
  ["zip fallback", "/zip/10002"],
  ["clinic", "/botox-clinic/new-york/radiance-med-spa-new-york"],
  ["about", "/about"],
  ["contact", "/contact"],
  ["privacy policy", "/privacy-policy"],
  ["terms of service", "/terms-of-service"],
  ["disclaimer", "/disclaimer"],
  ["blog list", "/blog"],
  ["blog category", "/blog/category/aftercare"],
  ["blog post", "/blog/botox-guide-part-5"],
  ["404", "/no-such-page"],
  ["clinic resolver (not found)", "/clinic/no-such-clinic"],
];

// Page types are checked one at a time: five at once on two loaded cores left the city
// page's client:idle islands waiting past any timeout (each page takes about 3 s alone).
describe("axe-core on every page type", () => {
  for (const [name, path] of PAGES) {
    it(`finds no violations on the ${name} page`, async ({ expect }) => {
      const { page, context, errors } = await openPage(browser());
      await page.goto(site + path);
      await loadEverything(page, errors);
      expect(await violations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe("axe-core in other states", () => {
  it("finds no violations in the open mobile menu, the expanded newsletter and the contact form's errors", async () => {
    const { page, context, errors } = await openPage(browser(), MOBILE);
    await page.goto(`${site}/contact`);
    await loadEverything(page, errors);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Email address").fill("someone@example.com");
    await page.getByRole("button", { name: "Get Botox Deals" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it("finds no violations in the city listing's empty state and the rating form", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto(`${site}/botox-near-me/boston`);
    await loadEverything(page, errors);
    await page.getByRole("searchbox", { name: "Search clinics" }).fill("zzz");
    await page.getByRole("button", { name: "Go" }).click();
    await page.getByText("No clinics found in Boston matching your criteria.").waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${site}/botox-clinic/boston/glow-med-spa-boston`);
    await loadEverything(page, errors);
    // The radios are visually hidden inside their labels: click the label.
    await page.locator("label", { hasText: "Neutral" }).click();
    await page.getByRole("button", { name: "Submit Rating" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
