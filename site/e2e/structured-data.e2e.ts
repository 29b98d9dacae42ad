/**
 * Issue 14's build-time checks on the real build: every sitemap URL answers 200, is its own
 * canonical and is not noindex, within the sitemaps protocol's limits; and each page type's
 * JSON-LD passes a structured-data validator (@adobe/structured-data-validator: schema.org
 * types with Google's rich-result rules), with the types each page type must carry.
 */
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { describe, expect, it } from "vitest";
import { site } from "./support.ts";

/** The sitemaps protocol's limits: URLs per file and uncompressed bytes per file. */
const SITEMAP_PROTOCOL_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const attr = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/&amp;/g, "&");

async function sitemapUrls(): Promise<string[]> {
  const main = await (await fetch(`${site}/sitemap.xml`)).text();
  const files = main.includes("<sitemapindex") ? await Promise.all(locsOf(main).map(async (u) => (await fetch(u)).text())) : [main];
  for (const f of files) {
    expect(locsOf(f).length).toBeLessThanOrEqual(SITEMAP_PROTOCOL_LIMITS.urls);
    expect(Buffer.byteLength(f)).toBeLessThanOrEqual(SITEMAP_PROTOCOL_LIMITS.bytes);
  }
  return files.flatMap(locsOf);
}

describe("sitemap", () => {
  it("lists only URLs that answer 200, are their own canonical and are not noindex", async () => {
    const urls = await sitemapUrls();
    expect(urls.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const url of urls) {
      const res = await fetch(url.replace(/^https?:\/\/[^/]+/, site), { redirect: "manual" });
      if (res.status !== 200) {
        problems.push(`${url}: ${res.status}`);
        continue;
      }
      const html = await res.text();
      const canonical = attr(html, /<link rel="canonical" href="([^"]*)"/);
      const robots = attr(html, /<meta name="robots" content="([^"]*)"/);
      if (canonical !== url) problems.push(`${url}: canonical ${canonical}`);
      if (robots?.includes("noindex")) problems.push(`${url}: ${robots}`);
    }
    expect(problems).toEqual([]);
    // Thin location pages and a ZIP page that points to its city stay out (fixtures: 2 clinics in Miami).
    expect(urls).not.toContain(`${site}/botox-near-me/miami`);
    expect(urls).not.toContain(`${site}/zip/90012`);
    expect(urls).toContain(`${site}/botox-near-me/new-york`);
  });

  it("keeps the footer's city links few", async () => {
    const html = await (await fetch(`${site}/`)).text();
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
    const cityLinks = [...footer.matchAll(/href="\/botox-near-me\/[^"]+"/g)];
    expect(cityLinks.length).toBeGreaterThan(0);
    expect(cityLinks.length).toBeLessThanOrEqual(8);
  });
});

interface Issue {
  issueMessage: string;
  severity: string;
}

async function structuredData(path: string) {
  const html = await (await fetch(`${site}${path}`)).text();
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  const issues: Issue[] = await new Validator().validate(extracted);
  const types = Object.keys(extracted.jsonld).sort();
  return { types, errors: issues.filter((i) => i.severity === "ERROR").map((i) => i.issueMessage), extracted };
}

describe("JSON-LD of every page type", () => {
  for (const [path, types] of [
    ["/", ["Organization", "WebSite"]],
    ["/botox-clinic/new-york/smooth-skin-med-spa-new-york", ["BreadcrumbList", "MedicalBusiness"]],
    ["/botox-near-me/new-york", ["BreadcrumbList", "ItemList"]],
    ["/zip/10001", ["BreadcrumbList"]],
    ["/blog/botox-guide-part-7", ["BlogPosting", "BreadcrumbList"]],
  ] as const) {
    it(`${path}: ${types.join(", ")}, valid`, async () => {
      const r = await structuredData(path);
      expect(r.types).toEqual([...types]);
      expect(r.errors).toEqual([]);
    });
  }

  it("rates a clinic only from its visitors' ratings, as the page shows them", async () => {
    const r = await structuredData("/botox-clinic/new-york/smooth-skin-med-spa-new-york");
    const business = r.extracted.jsonld.MedicalBusiness?.[0];
    expect(business).toMatchObject({ name: "Smooth Skin Med Spa New York" });
    expect(business).not.toHaveProperty("aggregateRating");
    // A price range only from its real prices, never the spec's fixed one.
    expect(business?.priceRange).not.toBe("$$-$$$");
    // The maps review count stays visible as text only.
    const html = await (await fetch(`${site}/botox-clinic/new-york/smooth-skin-med-spa-new-york`)).text();
    expect(html).toMatch(/data-maps-rating>[^<]* from \d+ maps reviews?</);
    expect(html).not.toContain("data-visitor-rating");
  });

  it("marks up the visitors' average and count exactly as the page shows them beside the rating block", async () => {
    const path = "/botox-clinic/new-york/vita-med-spa-new-york";
    const r = await structuredData(path);
    expect(r.errors).toEqual([]);
    expect(r.extracted.jsonld.MedicalBusiness?.[0]?.aggregateRating).toMatchObject({ ratingValue: 4.3, ratingCount: 4, bestRating: 5, worstRating: 1 });
    const html = await (await fetch(`${site}${path}`)).text();
    expect(
      /data-visitor-rating[^>]*>([\s\S]*?)<\/p>/
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe("Visitor rating: 4.3 out of 5 from 4 visitor ratings");
    expect(html).toMatch(/data-maps-rating>[^<]* from \d+ maps reviews?</);
  });

  it("would flag a rating without its count (the validator does check the rules)", async () => {
    const html = `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "MedicalBusiness",
      name: "X",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4 },
    })}</script>`;
    const issues: Issue[] = await new Validator().validate(new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html));
    expect(issues.some((i) => i.severity === "ERROR")).toBe(true);
  });
});
