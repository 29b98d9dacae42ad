import { describe, expect, it } from "vitest";
import { makeCategory, makeClinic, makePost } from "../test/factories.ts";
import { indexSiteData } from "./data.ts";
import { SITEMAP_LIMIT, chunk, sitemapEntries, sitemapFiles, sitemapIndexXml, urlsetXml } from "./sitemap.ts";

const SITE = "https://www.example.com";

function data() {
  const cat = makeCategory({ id: 100, slug: "treatments" });
  const posts = [
    makePost({ slug: "visible-post", categoryId: 100 }),
    makePost({ slug: "hidden-post", noIndex: true, categoryId: 100 }),
    ...Array.from({ length: 6 }, (_, i) => makePost({ slug: `filler-${i}` })),
  ];
  return indexSiteData({
    clinics: [
      makeClinic({ citySlug: "new-york", state: "NY", slug: "glow-med-spa" }),
      // New York lists 3 clinics within its 5 miles: its page is indexable.
      makeClinic({ citySlug: "new-york", state: "NY", slug: "aura-spa" }),
      makeClinic({ citySlug: "new-york", state: "NY", slug: "pure-spa" }),
      // Hoboken has no city page of its own; its ZIP page lists 3 clinics of its own.
      ...["a", "b", "c"].map((s) => makeClinic({ city: "Hoboken", citySlug: "hoboken", state: "NJ", slug: `hoboken-${s}`, latitude: 38.9, longitude: -77 })),
      makeClinic({ citySlug: "miami", state: "FL", slug: "luxe-spa", latitude: 25.7, longitude: -80.2 }),
      makeClinic({ citySlug: "springfield", state: "IL", slug: "prairie-spa", latitude: 39.8, longitude: -89.6 }),
      makeClinic({ citySlug: "springfield", state: "MO", slug: "ozark-spa", latitude: 37.2, longitude: -93.3 }),
    ],
    cities: [
      { citySlug: "new-york", pageSlug: "new-york", city: "New York", state: "NY", count: 3, latitude: 40.7, longitude: -74 },
      { citySlug: "hoboken", pageSlug: "hoboken", city: "Hoboken", state: "NJ", count: 3, latitude: 38.9, longitude: -77 },
      { citySlug: "miami", pageSlug: "miami", city: "Miami", state: "FL", count: 1, latitude: 25.7, longitude: -80.2 },
      { citySlug: "springfield", pageSlug: "springfield-il", city: "Springfield", state: "IL", count: 1, latitude: 39.8, longitude: -89.6 },
      { citySlug: "springfield", pageSlug: "springfield-mo", city: "Springfield", state: "MO", count: 1, latitude: 37.2, longitude: -93.3 },
    ],
    posts,
    categories: [cat],
    zips: [
      { zip: "10001", city: "New York", state: "NY", latitude: 40.75, longitude: -74 },
      { zip: "20001", city: "Washington", state: "DC", latitude: 38.9, longitude: -77 },
    ],
    visitorRatings: {},
    prices: [],
  });
}

describe("sitemapEntries", () => {
  const paths = sitemapEntries(data()).map((e) => e.path);

  it("lists the canonical URL of every page type", () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/botox-near-me",
        "/near-me",
        "/about",
        "/contact",
        "/privacy-policy",
        "/terms-of-service",
        "/disclaimer",
        "/botox-near-me/new-york",
        "/botox-near-me/hoboken",
        "/botox-clinic/springfield/prairie-spa",
        "/botox-clinic/new-york/glow-med-spa",
        "/botox-clinic/miami/luxe-spa",
        "/zip/20001",
        "/blog",
        "/blog/page/2",
        "/blog/category/treatments",
        "/blog/visible-post",
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("leaves out thin location pages, state choosers, and ZIP pages that canonicalize to their city", () => {
    for (const p of ["/botox-near-me/miami", "/botox-near-me/springfield-il", "/botox-near-me/springfield-mo", "/botox-near-me/springfield", "/zip/10001"]) {
      expect(paths).not.toContain(p);
    }
  });

  it("leaves out alias URLs and noIndex posts", () => {
    expect(paths).not.toContain("/blog/hidden-post");
    for (const p of paths) {
      expect(p).not.toMatch(/^\/(city|clinic)\//);
      expect(p).not.toMatch(/^\/botox-near-me\/(zipcode\/|[^/]+\/[^/]+)/);
      expect(p).not.toMatch(/^\/new-york\//);
    }
  });

  it("carries the last modification date of clinics and posts", () => {
    const clinic = sitemapEntries(data()).find((e) => e.path === "/botox-clinic/new-york/glow-med-spa");
    expect(clinic?.lastmod).toBe("2026-01-02T00:00:00.000Z");
  });
});

describe("sitemap XML", () => {
  it("writes absolute, escaped URLs with the date part of lastmod", () => {
    const xml = urlsetXml([{ path: "/a?b=1&c=2" }, { path: "/blog/x", lastmod: "2026-02-03T10:00:00.000Z" }], SITE);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>https://www.example.com/a?b=1&amp;c=2</loc>");
    expect(xml).toContain("<url><loc>https://www.example.com/blog/x</loc><lastmod>2026-02-03</lastmod></url>");
  });

  it("becomes an index of parts of at most 45,000 URLs past 45,000", () => {
    expect(SITEMAP_LIMIT).toBe(45_000);
    const entries = Array.from({ length: 45_001 }, (_, i) => ({ path: `/p/${i}` }));
    const parts = chunk(entries);
    expect(parts.map((p) => p.length)).toEqual([45_000, 1]);
    expect(chunk(entries.slice(0, 45_000))).toHaveLength(1);
    const index = sitemapIndexXml(parts.length, SITE);
    expect(index).toContain("<sitemapindex");
    expect(index).toContain("<loc>https://www.example.com/sitemap-1.xml</loc>");
    expect(index).toContain("<loc>https://www.example.com/sitemap-2.xml</loc>");
    expect(index).not.toContain("sitemap-3.xml");
  });

  it("keeps one urlset up to 45,000 URLs and splits into an index with parts past it", () => {
    const entries = Array.from({ length: 45_000 }, (_, i) => ({ path: `/p/${i}` }));
    const small = sitemapFiles(entries, SITE);
    expect(small.parts).toEqual([]);
    expect(small.main).toContain("<urlset");
    expect(small.main.match(/<url>/g)).toHaveLength(45_000);

    const big = sitemapFiles([...entries, { path: "/one-more" }], SITE);
    expect(big.main).toContain("<sitemapindex");
    expect(big.parts).toHaveLength(2);
    expect(big.parts[0]!.match(/<url>/g)).toHaveLength(45_000);
    expect(big.parts[1]).toContain("<loc>https://www.example.com/one-more</loc>");
  });
});
