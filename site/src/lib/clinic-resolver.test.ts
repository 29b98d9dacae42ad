import { describe, expect, it } from "vitest";
import { clinicKeyFromPath, clinicTarget, clinicTargetWithRetry } from "./clinic-resolver.ts";

const answer = (status: number, body: unknown = {}) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("clinicKeyFromPath", () => {
  it("takes the slug or id of /clinic/{key}, with or without a trailing slash", () => {
    expect(clinicKeyFromPath("/clinic/glow-med-spa")).toBe("glow-med-spa");
    expect(clinicKeyFromPath("/clinic/42/")).toBe("42");
    expect(clinicKeyFromPath("/clinic/caf%C3%A9")).toBe("café");
  });

  it("is null for other forms and malformed escapes", () => {
    expect(clinicKeyFromPath("/clinic/")).toBeNull();
    expect(clinicKeyFromPath("/clinic/a/b")).toBeNull();
    expect(clinicKeyFromPath("/clinic/%E0%A4%A")).toBeNull();
    expect(clinicKeyFromPath("/clinic/%20")).toBeNull();
  });
});

describe("clinicTarget", () => {
  it("maps a found clinic to its canonical page", async () => {
    let asked = "";
    const fetchImpl = (async (url: string) => {
      asked = url;
      return new Response(JSON.stringify({ citySlug: "new-york", slug: "glow-med-spa" }), { status: 200 });
    }) as unknown as typeof fetch;
    await expect(clinicTarget("http://api.test/api/v1", "glow med", fetchImpl)).resolves.toEqual({
      kind: "found",
      path: "/botox-clinic/new-york/glow-med-spa",
    });
    expect(asked).toBe("http://api.test/api/v1/proxy/clinic/glow%20med");
  });

  it("is not found on 404 or 400, unavailable on other failures, odd answers and network errors", async () => {
    await expect(clinicTarget("", "x", answer(404))).resolves.toEqual({ kind: "notfound" });
    await expect(clinicTarget("", "x", answer(400))).resolves.toEqual({ kind: "notfound" });
    await expect(clinicTarget("", "x", answer(503))).resolves.toEqual({ kind: "unavailable" });
    await expect(clinicTarget("", "x", answer(200, { name: "no slugs" }))).resolves.toEqual({ kind: "unavailable" });
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    await expect(clinicTarget("", "x", down)).resolves.toEqual({ kind: "unavailable" });
  });
});

describe("clinicTargetWithRetry (product.md §8: the clinic read is retried once)", () => {
  it("asks again once after a failure, and no more", async () => {
    let calls = 0;
    const flaky = (async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("fetch failed");
      return new Response(JSON.stringify({ citySlug: "boston", slug: "glow" }), { status: 200 });
    }) as unknown as typeof fetch;
    await expect(clinicTargetWithRetry("", "glow", flaky)).resolves.toEqual({ kind: "found", path: "/botox-clinic/boston/glow" });
    expect(calls).toBe(2);
    calls = 0;
    const down = (async () => {
      calls += 1;
      return new Response("", { status: 503 });
    }) as unknown as typeof fetch;
    await expect(clinicTargetWithRetry("", "glow", down)).resolves.toEqual({ kind: "unavailable" });
    expect(calls).toBe(2);
    calls = 0;
    const missing = (async () => {
      calls += 1;
      return new Response("", { status: 404 });
    }) as unknown as typeof fetch;
    await expect(clinicTargetWithRetry("", "nope", missing)).resolves.toEqual({ kind: "notfound" });
    expect(calls).toBe(1);
  });
});
