import { describe, expect, it } from "vitest";
import { TEXT_MSG, hasUnsafeText, safeText } from "./text.ts";

describe("hasUnsafeText", () => {
  it.each([
    ["plain", false],
    ["line one\nline two\ttabbed\r\n", false],
    ["Café Émilie — Botox & more", false],
    ["nul\u0000", true],
    ["bell\u0007", true],
    ["del\u007f", true],
    ["c1\u0085", true],
    ["rlo\u202eevil", true],
    ["lre\u202a", true],
    ["isolate\u2066x\u2069", true],
    ["fsi\u2068", true],
  ])("%j → %s", (s, unsafe) => expect(hasUnsafeText(s)).toBe(unsafe));
});

describe("safeText", () => {
  const name = safeText({ label: "Name", max: 10, required: "Name is required." });
  it("trims and accepts ordinary text", () => expect(name.parse("  Ann  ")).toBe("Ann"));
  it("says required for empty and too long for long text", () => {
    expect(name.safeParse("   ").error?.issues[0]?.message).toBe("Name is required.");
    expect(name.safeParse("x".repeat(5000)).error?.issues[0]?.message).toBe(TEXT_MSG.tooLong("Name", 10));
  });
  it("refuses control characters and bidi overrides", () => {
    expect(name.safeParse("a\u202eb").error?.issues[0]?.message).toBe(TEXT_MSG.unsafe);
    expect(name.safeParse("a\u0001b").error?.issues[0]?.message).toBe(TEXT_MSG.unsafe);
  });
  it("optional text allows empty", () => expect(safeText({ label: "Note", max: 5 }).parse("")).toBe(""));
});
