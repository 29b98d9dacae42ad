import { describe, expect, it } from "vitest";
import { SEARCH_WORDS, editDistance, matchSearchWord, parseSearchWords, searchWordKey } from "./search-words.ts";
import { routeForSearch, zipOfText } from "./search.ts";

/** Every word of the table, with the row (brand id or label) it must lead to. */
const EXPECTED: [string, string][] = [
  ["Botox", "botox"],
  ["botox cosmetic", "botox"],
  ["onabotulinumtoxinA", "botox"],
  ["Dysport", "dysport"],
  ["abobotulinumtoxinA", "dysport"],
  ["Xeomin", "xeomin"],
  ["incobotulinumtoxinA", "xeomin"],
  ["Jeuveau", "jeuveau"],
  ["Newtox", "jeuveau"],
  ["prabotulinumtoxinA", "jeuveau"],
  ["Daxxify", "daxxify"],
  ["Daxi", "daxxify"],
  ["daxibotulinumtoxinA", "daxxify"],
  ["Letybo", "letybo"],
  ["letibotulinumtoxinA", "letybo"],
  ["neurotoxin", "Neurotoxin injections"],
  ["neurotoxins", "Neurotoxin injections"],
  ["neuromodulator", "Neurotoxin injections"],
  ["neuromodulators", "Neurotoxin injections"],
  ["botulinum toxin", "Neurotoxin injections"],
  ["botulinum", "Neurotoxin injections"],
  ["tox", "Neurotoxin injections"],
  ["wrinkle relaxer", "Neurotoxin injections"],
  ["wrinkle relaxers", "Neurotoxin injections"],
  ["anti-wrinkle injections", "Neurotoxin injections"],
  ["wrinkle injections", "Neurotoxin injections"],
  ["baby Botox", "Baby Botox"],
  ["micro botox", "Baby Botox"],
  ["microtox", "Baby Botox"],
  ["lip flip", "Lip flip"],
  ["Botox lip flip", "Lip flip"],
  ["masseter", "Masseter (jaw slimming)"],
  ["masseter botox", "Masseter (jaw slimming)"],
  ["jaw slimming", "Masseter (jaw slimming)"],
  ["jaw botox", "Masseter (jaw slimming)"],
  ["jawline slimming", "Masseter (jaw slimming)"],
  ["trap tox", "Trap tox"],
  ["traptox", "Trap tox"],
  ["trapezius botox", "Trap tox"],
];

const target = (text: string) => {
  const m = matchSearchWord(text);
  return m ? (m.row.brand ?? m.row.label) : null;
};

describe("the search-word table (design.md §13)", () => {
  it("lists every word exactly once, each row with a source", () => {
    const words = SEARCH_WORDS.flatMap((r) => r.words);
    expect(new Set(words).size).toBe(words.length);
    for (const row of SEARCH_WORDS) expect(row.source.length).toBeGreaterThan(10);
    expect(words.sort()).toEqual(EXPECTED.map(([w]) => searchWordKey(w)).sort());
  });

  it("covers the six US cosmetic brands by id", () => {
    expect(SEARCH_WORDS.flatMap((r) => (r.brand ? [r.brand] : [])).sort()).toEqual(["botox", "daxxify", "dysport", "jeuveau", "letybo", "xeomin"]);
  });

  it.each(EXPECTED)("reads %j as %s", (word, expected) => {
    expect(target(word)).toBe(expected);
    expect(target(`  ${word.toUpperCase()}  `)).toBe(expected);
  });
});

describe("typing slips, as the city matcher forgives them", () => {
  it.each([
    ["botex", "botox"],
    ["bottox", "botox"],
    ["dysprot", "dysport"],
    ["disport", "dysport"],
    ["xeomen", "xeomin"],
    ["juveau", "jeuveau"],
    ["daxify", "daxxify"],
    ["letibo", "letybo"],
    ["nuerotoxin", "Neurotoxin injections"],
    ["neuromodulater", "Neurotoxin injections"],
    ["maseter", "Masseter (jaw slimming)"],
    ["lip flp", "Lip flip"],
  ])("reads %j as %s", (typed, expected) => {
    expect(target(typed)).toBe(expected);
  });

  it("forgives nothing in a word under four letters, and no more than two slips", () => {
    expect(target("tix")).toBeNull();
    expect(target("tax")).toBeNull();
    expect(target("bttx")).toBeNull();
    // "btox" is one slip from both "botox" and "tox": no guess.
    expect(target("btox")).toBeNull();
    expect(target("neurxxxxxin")).toBeNull();
  });

  it("never reads a city as a treatment", () => {
    for (const city of ["Boston", "Chicago", "Dayton", "Naperville", "Detroit", "Austin", "Buffalo", "Lexington", "Jackson"])
      expect(target(city), city).toBeNull();
  });

  it("counts an adjacent swap as one slip", () => {
    expect(editDistance("dysprot", "dysport", 2)).toBe(1);
    expect(editDistance("abc", "abc", 0)).toBe(0);
    expect(editDistance("abcdef", "a", 2)).toBe(3);
  });
});

describe("a treatment word with a place", () => {
  it.each([
    ["dysport", "dysport", ""],
    ["botex near me", "botox", ""],
    ["Dysport Chicago", "dysport", "Chicago"],
    ["lip flip in Chicago, IL", "Lip flip", "Chicago, IL"],
    ["chicago botox", "botox", "chicago"],
    ["Botox near 60601", "botox", "60601"],
    ["baby botox Naperville", "Baby Botox", "Naperville"],
  ])("reads %j as %s in %j", (text, expected, place) => {
    const q = parseSearchWords(text);
    expect(q && (q.match.row.brand ?? q.match.row.label)).toBe(expected);
    expect(q?.place).toBe(place);
  });

  it("finds no treatment in a place alone", () => {
    expect(parseSearchWords("Chicago, IL")).toBeNull();
    expect(parseSearchWords("Boston")).toBeNull();
    expect(parseSearchWords("New York")).toBeNull();
  });
});

describe("ZIP+4", () => {
  it("goes to its ZIP", () => {
    expect(zipOfText("60601-1234")).toBe("60601");
    expect(zipOfText(" 60601 1234 ")).toBe("60601");
    expect(zipOfText("606011234")).toBe("60601");
    expect(zipOfText("60601")).toBe("60601");
    expect(zipOfText("60601-12")).toBeNull();
    expect(routeForSearch("60601-1234")).toBe("/zip/60601");
  });
});
