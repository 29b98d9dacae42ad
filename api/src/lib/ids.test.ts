import { describe, expect, it } from "vitest";
import { idParams, notFoundOf, pathText } from "./ids.ts";

describe("path parameters", () => {
  it("an id is a positive 32-bit integer; anything else is the route's own not-found", () => {
    const params = idParams("Clinic not found");
    expect(params.parse({ id: "42" })).toEqual({ id: 42 });
    expect(params.parse({ id: "007" })).toEqual({ id: 7 });
    for (const id of ["0", "abc", "2147483648", "1e3", "-1", "٣", "12345678901"]) {
      const parsed = params.safeParse({ id });
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(notFoundOf(parsed.error)).toBe("Clinic not found");
    }
  });

  it("a text parameter outside its pattern is not found; other failures are not", () => {
    const name = pathText(/^[a-f]+$/, "Not found");
    const parsed = name.safeParse("xyz");
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(notFoundOf(parsed.error)).toBe("Not found");
    const other = idParams("x").safeParse({});
    expect(other.success).toBe(false);
    if (!other.success) expect(notFoundOf(other.error)).toBeUndefined();
  });
});
