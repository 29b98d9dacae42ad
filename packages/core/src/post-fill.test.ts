import { describe, expect, it } from "vitest";
import { BLOG } from "./constants.ts";
import { countWords, estimateReadTime, excerptForDisplay, fillPostGaps, metaDescriptionForDisplay, stripHtml } from "./post-fill.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("stripHtml", () => {
  it("removes tags, scripts and entities and collapses whitespace", () => {
    expect(stripHtml("<h2>Title</h2><p>One &amp; <b>two</b></p>\n<p>three</p>")).toBe("Title One & two three");
    expect(stripHtml("<script>alert(1)</script><p>Safe</p>")).toBe("Safe");
    expect(stripHtml("<b>Bo</b>tox")).toBe("Botox");
    expect(stripHtml(null)).toBe("");
    expect(stripHtml("It&#8217;s &#x2014; done&nbsp;now")).toBe("It’s — done now");
  });
});

describe("fillPostGaps (product.md §4 on post submit)", () => {
  const longText = "a".repeat(200);
  it("fills an empty excerpt with 150 stripped characters plus '...' when longer", () => {
    const out = fillPostGaps({ title: "My title", content: `<p>${longText}</p>`, excerpt: "" });
    expect(out.excerpt).toBe(`${"a".repeat(150)}...`);
  });
  it("adds no '...' when the text fits", () => {
    const out = fillPostGaps({ title: "My title", content: "<p>Short <em>text</em></p>" });
    expect(out.excerpt).toBe("Short text");
    expect(out.metaDescription).toBe("Short text");
  });
  it("uses the title as metaTitle and 160 characters of the excerpt as metaDescription", () => {
    const out = fillPostGaps({ title: "My title", content: "x", excerpt: "e".repeat(200), metaTitle: null });
    expect(out.metaTitle).toBe("My title");
    expect(out.metaDescription).toBe("e".repeat(160));
  });
  it("takes the metaDescription from the auto excerpt (150 + '...' = 153 chars)", () => {
    const out = fillPostGaps({ title: "T", content: longText });
    expect(out.metaDescription).toBe(`${"a".repeat(150)}...`);
  });
  it("keeps given values", () => {
    const out = fillPostGaps({
      title: "T",
      content: longText,
      excerpt: "Mine",
      metaTitle: "Meta",
      metaDescription: "Desc",
      estimatedReadTime: 7,
    });
    expect(out).toMatchObject({ excerpt: "Mine", metaTitle: "Meta", metaDescription: "Desc", estimatedReadTime: 7 });
  });
  it("computes the read time at 225 words per minute when not provided", () => {
    expect(BLOG.wordsPerMinute).toBe(225);
    expect(fillPostGaps({ title: "T", content: words(226) }).estimatedReadTime).toBe(2);
    expect(fillPostGaps({ title: "T", content: words(10), estimatedReadTime: "" }).estimatedReadTime).toBe(1);
  });
});

describe("estimateReadTime", () => {
  it("is ceil(words / 225), at least 1", () => {
    expect(estimateReadTime("")).toBe(1);
    expect(estimateReadTime(words(225))).toBe(1);
    expect(estimateReadTime(words(226))).toBe(2);
    expect(estimateReadTime(`<p>${words(450)}</p>`)).toBe(2);
    expect(countWords("<p>one</p><p>two three</p>")).toBe(3);
  });
});

describe("display fallbacks (product.md §5)", () => {
  it("falls back to 150 characters for the excerpt and 160 for the meta description", () => {
    const post = { content: `<p>${"b".repeat(300)}</p>`, excerpt: null, metaDescription: null };
    expect(excerptForDisplay(post)).toBe(`${"b".repeat(150)}...`);
    expect(metaDescriptionForDisplay(post)).toBe("b".repeat(160));
    expect(excerptForDisplay({ ...post, excerpt: "Given" })).toBe("Given");
    expect(metaDescriptionForDisplay({ ...post, metaDescription: "Meta" })).toBe("Meta");
    expect(metaDescriptionForDisplay({ ...post, excerpt: "Short excerpt" })).toBe("Short excerpt");
  });
});
