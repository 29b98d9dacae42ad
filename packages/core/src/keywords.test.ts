import { describe, expect, it } from "vitest";
import { POST_FORM } from "./constants.ts";
import { applyKeywords, BOTOX_KEYWORD_PHRASES, parseKeywords, shouldSuggestKeywords, STOP_WORDS, suggestKeywords, toggleKeyword } from "./keywords.ts";

describe("shouldSuggestKeywords (product.md §4: title ≥ 5, content ≥ 50)", () => {
  it("waits for enough text", () => {
    expect(POST_FORM.keywordDelayMs).toBe(500);
    expect(shouldSuggestKeywords("Botox", "x".repeat(50))).toBe(true);
    expect(shouldSuggestKeywords("Boto", "x".repeat(50))).toBe(false);
    expect(shouldSuggestKeywords("Botox", "x".repeat(49))).toBe(false);
  });
});

describe("suggestKeywords (product.md §4)", () => {
  const title = "Masseter Botox for Jaw Slimming";
  const content = `<h2>Masseter Botox explained</h2>
    <p>Masseter Botox relaxes the jaw muscle. Jaw slimming results appear after weeks.
    Many patients choose masseter botox for jaw slimming and for teeth grinding relief.
    Teeth grinding improves. The jaw looks slimmer.</p>`;
  const out = suggestKeywords(title, content);

  it("keeps words longer than 3 letters and phrases that appear more than once", () => {
    expect(out).toContain("masseter");
    expect(out).toContain("masseter botox");
    expect(out).toContain("jaw slimming");
    expect(out).toContain("teeth grinding");
    // 'jaw' has 3 letters: only phrases may carry it
    expect(out).not.toContain("jaw");
    // seen once only
    expect(out).not.toContain("relief");
    expect(out).not.toContain("muscle");
  });
  it("never suggests stop-words", () => {
    expect(STOP_WORDS.has("the")).toBe(true);
    expect(STOP_WORDS.has("with")).toBe(true);
    const found = out.filter((k) => !(BOTOX_KEYWORD_PHRASES as readonly string[]).includes(k));
    for (const k of found) expect(k.split(" ").some((w) => STOP_WORDS.has(w))).toBe(false);
  });
  it("adds the fixed Botox phrases", () => {
    expect(BOTOX_KEYWORD_PHRASES).toContain("botox near me");
    const few = suggestKeywords("Hello there", "A short text where no single word shows up twice at all.");
    expect([...few].sort()).toEqual([...BOTOX_KEYWORD_PHRASES].sort());
  });
  it("sorts by phrase length (words) descending, then frequency", () => {
    const lengths = out.map((k) => k.split(" ").length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    const twoWord = out.filter((k) => k.split(" ").length === 2);
    // 'masseter botox' appears 4 times, 'jaw slimming' 3, the fixed phrases at most once
    expect(twoWord.indexOf("masseter botox")).toBeLessThan(twoWord.indexOf("jaw slimming"));
    expect(twoWord.indexOf("jaw slimming")).toBeLessThan(twoWord.indexOf("botox cost"));
  });
  it("puts 3-word phrases that repeat before 2-word phrases and single words", () => {
    const r = suggestKeywords(
      "Botox Treatment Cost Explained",
      "<p>Botox treatment cost varies by city. Average botox treatment cost is listed below. Costs vary.</p>",
    );
    expect(r[0]).toBe("botox treatment cost");
    expect(r.indexOf("botox treatment")).toBeGreaterThan(0);
    expect(r.indexOf("treatment cost")).toBeGreaterThan(0);
    expect(r.indexOf("botox")).toBeGreaterThan(r.indexOf("treatment cost"));
    // 'cost' repeats: kept; 'average' and 'city' appear once: not kept
    expect(r).toContain("cost");
    expect(r).not.toContain("average");
    expect(r).not.toContain("city");
  });
  it("caps the list at 15", () => {
    expect(POST_FORM.keywordMaxSuggestions).toBe(15);
    const text = Array.from({ length: 30 }, (_, i) => `alpha${i} beta${i} gamma${i}`).join(". ");
    expect(suggestKeywords("Long title here", `${text}. ${text}`)).toHaveLength(15);
  });
  it("is case-insensitive", () => {
    const r = suggestKeywords("Lip Flip", "LIP FLIP treatment notes. lip flip again and again and again here ok.");
    expect(r).toContain("lip flip");
  });
});

describe("toggleKeyword and applyKeywords", () => {
  it("toggles a selection and writes a comma-separated list", () => {
    let sel = toggleKeyword([], "botox cost");
    sel = toggleKeyword(sel, "botox near me");
    expect(sel).toEqual(["botox cost", "botox near me"]);
    expect(applyKeywords(sel)).toBe("botox cost, botox near me");
    expect(toggleKeyword(sel, "botox cost")).toEqual(["botox near me"]);
    expect(applyKeywords([])).toBe("");
  });
  it("parses stored keywords", () => {
    expect(parseKeywords(" a, b ,,c ")).toEqual(["a", "b", "c"]);
    expect(parseKeywords(null)).toEqual([]);
    expect(parseKeywords(["x", " "])).toEqual(["x"]);
  });
});
