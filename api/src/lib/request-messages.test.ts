/**
 * Requests the schemas refuse get a message a person can act on, never the validation
 * library's own text, and a query string may name only what the route takes, each once
 * (decision 234): so an unknown parameter is never a new read-cache entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { createPublicTestContext, type PublicTestContext } from "../test/public-app.ts";

let t: PublicTestContext;
let clinicId: number;
beforeAll(async () => {
  t = await createPublicTestContext();
  clinicId = (await t.insertClinics([{ name: "Message Clinic", city: "Austin", state: "TX" }]))[0]!.id;
});
afterAll(() => t?.close());

let ipSeq = 0;
const ip = () => `198.18.77.${++ipSeq}`;
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const LIBRARY_WORDING = /Too big|Too small|Unrecognized key|Invalid input|expected \w+, received/;

describe("query strings", () => {
  it("refuse an unknown parameter with 400 naming it and what the address takes, with no cache entry", async () => {
    const res = await t.get<{ error: string }>("/cities/popular?junk=1", { ip: ip() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.api.unknownQuery(["junk"], ["limit"]));
    expect(res.res.headers.get("x-cache")).toBeNull();
    const zip = await t.get<{ error: string }>("/zip-search?postalCode=10001&utm_source=x&junk=1", { ip: ip() });
    expect([zip.status, zip.body.error]).toEqual([400, expect.stringMatching(/^Unknown query parameters: utm_source, junk\. This address takes postalCode, /)]);
    // A read that takes no query at all says so.
    const none = await t.get<{ error: string }>("/clinics/rating-summary?ids=1&x=2", { ip: ip() });
    expect(none.body.error).toBe(MSG.api.unknownQuery(["x"], ["ids"]));
    expect((await t.get("/cities/popular?limit=3", { ip: ip() })).status).toBe(200);
  });

  it("refuse a repeated parameter with a message saying so, not the ZIP code's rule", async () => {
    const res = await t.get<{ error: string }>("/zip-search?postalCode=10001&postalCode=60601", { ip: ip() });
    expect([res.status, res.body.error]).toEqual([400, MSG.api.repeatedQuery("postalCode")]);
  });
});

describe("validation messages", () => {
  const post = (path: string, body: unknown) => t.request("POST", path, { body, ip: ip() });

  it("a body that is not an object", async () => {
    for (const body of [[1, 2], 7, true, null]) {
      const res = await post("/newsletter/subscribe", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res)).toBe(MSG.api.bodyNotObject);
    }
  });

  it("an extra key on a price report names the field to remove", async () => {
    const treatedMonth = new Date().toISOString().slice(0, 7);
    const res = await post(`/clinics/${clinicId}/price-reports`, { brand: "botox", total: 200, treatedMonth, coupon: "x" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("The field coupon is not accepted; remove it.");
  });

  it("a site address over 2,048 characters says how long it may be", async () => {
    const res = await post(`/clinics/${clinicId}/suggestions`, { changes: { site: `https://example.com/${"a".repeat(2100)}` } });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error).toMatch(/site must be at most 2048 characters\.$/);
    expect(error).not.toMatch(LIBRARY_WORDING);
  });

  it("a name sent as a number is not text, not missing", async () => {
    const res = await post("/contact", { name: 5, email: "a@example.com", message: "Hello there" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("Name must be text.");
    const missing = await post("/contact", { email: "a@example.com", message: "Hello there" });
    expect(await errorOf(missing)).toBe(MSG.contact.nameRequired);
  });
});
