import { describe, expect, it } from "vitest";
import { normalizeWorkingHours } from "./format.ts";
import { MSG } from "./messages.ts";
import { clinicInputSchema } from "./contract/clinics.ts";
import { isSitePath, optionalUrl } from "./contract/shared.ts";

const nested = (depth: number): unknown => {
  let value: unknown = "9AM-5PM";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
const clinic = (workingHours: unknown) => clinicInputSchema.safeParse({ name: "A", city: "B", state: "CA", slug: null, workingHours });

describe("workingHours shape", () => {
  it("refuses deep nesting with the working-hours message instead of overflowing the stack", () => {
    for (const value of [{ Monday: nested(5000) }, nested(5000), { Monday: { deeper: nested(5000) } }]) {
      const result = clinic(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.validation.workingHours);
    }
  });

  it("accepts text, day → text and day → list of texts, and refuses oversized ones", () => {
    expect(clinic("Mon-Fri 9-5").success).toBe(true);
    expect(clinic({ Monday: "9AM-5PM", Sunday: null }).success).toBe(true);
    expect(clinic({ Monday: ["9AM-12PM", "1PM-5PM"] }).success).toBe(true);
    expect(clinic(null).success).toBe(true);
    expect(clinic({ Monday: "x".repeat(201) }).success).toBe(false);
    expect(clinic(Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`d${i}`, "x"]))).success).toBe(false);
    expect(clinic(42).success).toBe(false);
  });

  it("normalizes nested lists without recursing (stored or imported data)", () => {
    expect(() => normalizeWorkingHours({ Monday: nested(100_000) })).not.toThrow();
    expect(normalizeWorkingHours({ Monday: ["9AM", nested(3), "5PM"] })).toEqual({ Monday: "9AM, 5PM" });
    expect(normalizeWorkingHours(JSON.stringify({ Monday: nested(2000) }))).toEqual({ Monday: "" });
  });
});

describe("URL fields", () => {
  it.each([
    "/\\evil.example/x",
    "//evil.example/x",
    "/\t/evil.example",
    "/\\/evil.example",
    "/a\\b",
    "/a b",
    "/\u0000x",
    "\\\\evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
  ])("refuse %j", (value) => {
    expect(isSitePath(value)).toBe(false);
    expect(optionalUrl.safeParse(value).success).toBe(false);
  });

  it.each(["/uploads/abc.webp", "/blog/post?x=1#y", "https://example.com/a", "http://example.com"])("accept %j", (value) => {
    expect(optionalUrl.safeParse(value).success).toBe(true);
  });
});
