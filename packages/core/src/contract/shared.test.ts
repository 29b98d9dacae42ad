import { describe, expect, expectTypeOf, it } from "vitest";
import { categoryInputSchema } from "./blog.ts";
import { API_PREFIX, apiBaseUrl, issuesOf, type OkResponse } from "./shared.ts";

describe("what every call shares (product.md §7)", () => {
  it("lives under /api/v1", () => {
    expect(API_PREFIX).toBe("/api/v1");
    expect(apiBaseUrl({ host: "localhost", port: 9100 })).toBe("http://localhost:9100/api/v1");
  });
  it("answers logout and every DELETE with ok", () => {
    expectTypeOf<OkResponse>().toEqualTypeOf<{ ok: true }>();
  });
});

describe("issuesOf", () => {
  it("lists path and message", () => {
    const r = categoryInputSchema.safeParse({ name: "x", slug: "ok-slug" });
    expect(r.success).toBe(false);
    expect(issuesOf(r.error!)).toEqual([{ path: "name", message: "Category name must be at least 2 characters." }]);
  });
});
