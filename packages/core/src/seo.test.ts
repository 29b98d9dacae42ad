import { describe, expect, it } from "vitest";
import { seoColor, seoLabel, seoScore, type SeoCheckId, type SeoInput } from "./seo.ts";

const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
const pts = (input: SeoInput, id: SeoCheckId) => seoScore(input).checks.find((c) => c.id === id)!;

describe("seoScore (product.md §5)", () => {
  it("scores the title: 40-60 → 20, <40 → 10, >60 → 5, missing → 0", () => {
    expect(pts({ title: "t".repeat(40) }, "title").points).toBe(20);
    expect(pts({ title: "t".repeat(60) }, "title").points).toBe(20);
    expect(pts({ title: "t".repeat(39) }, "title").points).toBe(10);
    expect(pts({ title: "t".repeat(61) }, "title").points).toBe(5);
    expect(pts({ title: "" }, "title").points).toBe(0);
  });
  it("uses the meta title when set, else the title", () => {
    expect(pts({ title: "short", metaTitle: "m".repeat(50) }, "title").points).toBe(20);
    expect(pts({ title: "t".repeat(50), metaTitle: "  " }, "title").points).toBe(20);
  });
  it("scores the meta description: 120-160 → 20, shorter 10, longer 5, missing 0", () => {
    expect(pts({ metaDescription: "d".repeat(120) }, "metaDescription").points).toBe(20);
    expect(pts({ metaDescription: "d".repeat(160) }, "metaDescription").points).toBe(20);
    expect(pts({ metaDescription: "d".repeat(119) }, "metaDescription").points).toBe(10);
    expect(pts({ metaDescription: "d".repeat(161) }, "metaDescription").points).toBe(5);
    expect(pts({ metaDescription: null }, "metaDescription").points).toBe(0);
  });
  it("scores keywords: 3-8 → 15, >8 → 5, 1-2 → 5, none 0", () => {
    expect(pts({ keywords: "a, b, c" }, "keywords").points).toBe(15);
    expect(pts({ keywords: "a,b,c,d,e,f,g,h" }, "keywords").points).toBe(15);
    expect(pts({ keywords: "a,b,c,d,e,f,g,h,i" }, "keywords").points).toBe(5);
    expect(pts({ keywords: ["a", "b"] }, "keywords").points).toBe(5);
    expect(pts({ keywords: "a" }, "keywords").points).toBe(5);
    expect(pts({ keywords: "" }, "keywords").points).toBe(0);
  });
  it("scores content words: 600+ → 25, 300-599 → 15, fewer 5", () => {
    expect(pts({ content: `<p>${words(600)}</p>` }, "content").points).toBe(25);
    expect(pts({ content: words(599) }, "content").points).toBe(15);
    expect(pts({ content: words(300) }, "content").points).toBe(15);
    expect(pts({ content: words(299) }, "content").points).toBe(5);
    expect(pts({ content: "" }, "content").points).toBe(5);
  });
  it("gives 10 for an h2 or h3 heading and 10 for a featured image", () => {
    expect(pts({ content: "<h2>A</h2>" }, "headings").points).toBe(10);
    expect(pts({ content: '<h3 class="x">A</h3>' }, "headings").points).toBe(10);
    expect(pts({ content: "<h1>A</h1><h4>B</h4>" }, "headings").points).toBe(0);
    expect(pts({ featuredImage: "/uploads/a.jpg" }, "featuredImage").points).toBe(10);
    expect(pts({ featuredImage: null }, "featuredImage").points).toBe(0);
  });
  it("adds up to 100 for a perfect post, with one good message per check", () => {
    const r = seoScore({
      title: "t".repeat(50),
      metaDescription: "d".repeat(150),
      keywords: "a, b, c, d",
      content: `<h2>H</h2><p>${words(700)}</p>`,
      featuredImage: "https://img.example.com/a.jpg",
    });
    expect(r.score).toBe(100);
    expect(r.label).toBe("Excellent");
    expect(r.color).toBe("green");
    expect(r.checks).toHaveLength(6);
    expect(r.checks.reduce((s, c) => s + c.max, 0)).toBe(100);
    for (const c of r.checks) {
      expect(c.status).toBe("good");
      expect(c.message.length).toBeGreaterThan(0);
    }
  });
  it("marks partial checks as warning and missing ones as info", () => {
    const r = seoScore({ title: "Short" });
    expect(r.checks.find((c) => c.id === "title")!.status).toBe("warning");
    expect(r.checks.find((c) => c.id === "featuredImage")!.status).toBe("info");
    // title 10 + content 5
    expect(r.score).toBe(15);
    expect(r.label).toBe("Needs Improvement");
    expect(r.color).toBe("red");
  });
});

describe("labels and colours (product.md §5 thresholds)", () => {
  it("labels at 80, 60, 40", () => {
    expect(seoLabel(80)).toBe("Excellent");
    expect(seoLabel(79)).toBe("Good");
    expect(seoLabel(60)).toBe("Good");
    expect(seoLabel(59)).toBe("Fair");
    expect(seoLabel(40)).toBe("Fair");
    expect(seoLabel(39)).toBe("Needs Improvement");
  });
  it("colours at 80 and 60", () => {
    expect(seoColor(80)).toBe("green");
    expect(seoColor(79)).toBe("amber");
    expect(seoColor(60)).toBe("amber");
    expect(seoColor(59)).toBe("red");
  });
});
