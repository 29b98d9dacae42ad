import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@botox/core";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;
beforeAll(async () => {
  t = await createPublicTestContext();
});
afterAll(() => t.close());

let ipSeq = 0;
const subscribe = (body: unknown, ip = `198.18.0.${++ipSeq}`) => t.request("POST", "/newsletter/subscribe", { body, ip });
const rowsFor = (email: string) =>
  t.db.sql<{ email: string; zip_code: string | null; first_name: string | null }[]>`
    select email, zip_code, first_name from newsletter_subscriptions where lower(email) = lower(${email})`;

describe("POST /newsletter/subscribe", () => {
  it("subscribes a valid email with the optional ZIP and first name", async () => {
    const res = await subscribe({ email: " ann@example.com ", zipCode: "10001", firstName: " Ann " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ subscribed: true });
    expect(await rowsFor("ann@example.com")).toEqual([{ email: "ann@example.com", zip_code: "10001", first_name: "Ann" }]);
  });

  it("stores empty or missing ZIP and first name as null (product.md §5)", async () => {
    for (const [email, extra] of [
      ["nulls@example.com", { zipCode: null, firstName: null }],
      ["blanks@example.com", { zipCode: "", firstName: "   " }],
      ["absent@example.com", {}],
    ] as const) {
      expect((await subscribe({ email, ...extra })).status).toBe(200);
      expect(await rowsFor(email)).toEqual([{ email, zip_code: null, first_name: null }]);
    }
  });

  it("treats subscribing twice as success without a duplicate, whatever the email's case", async () => {
    expect((await subscribe({ email: "twice@example.com", zipCode: null, firstName: "Bo" })).status).toBe(200);
    const again = await subscribe({ email: "Twice@Example.com", zipCode: "90210", firstName: null });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ subscribed: true });
    // One row, exactly as first stored.
    expect(await rowsFor("twice@example.com")).toEqual([{ email: "twice@example.com", zip_code: null, first_name: "Bo" }]);
  });

  it("never lets an anonymous subscribe rewrite a stored subscriber's first name or ZIP, in any case", async () => {
    expect((await subscribe({ email: "victim@example.com", zipCode: "10001", firstName: "Vera" })).status).toBe(200);
    for (const email of ["victim@example.com", "VICTIM@example.com", "Victim@Example.Com"]) {
      const res = await subscribe({ email, zipCode: "99999", firstName: "Mallory" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ subscribed: true });
    }
    expect(await rowsFor("victim@example.com")).toEqual([{ email: "victim@example.com", zip_code: "10001", first_name: "Vera" }]);
  });

  it("keeps one row when the same email subscribes concurrently", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => subscribe({ email: "race@example.com" })));
    expect(results.map((r) => r.status)).toEqual(Array<number>(8).fill(200));
    expect(await rowsFor("race@example.com")).toHaveLength(1);
  });

  it.each([
    [{}, MSG.newsletter.emailRequired],
    [{ email: "" }, MSG.newsletter.emailRequired],
    [{ email: "   " }, MSG.newsletter.emailRequired],
    [{ email: null }, MSG.newsletter.emailRequired],
    [{ email: "not-an-email" }, MSG.newsletter.invalidEmail],
    [{ email: "a@b" }, MSG.newsletter.invalidEmail],
    [{ email: "x'; drop table newsletter_subscriptions;--@example.com" }, MSG.newsletter.invalidEmail],
    [{ email: "ok@example.com", zipCode: "1234" }, MSG.newsletter.invalidZip],
    [{ email: "ok@example.com", zipCode: "123456" }, MSG.newsletter.invalidZip],
    [{ email: "ok@example.com", zipCode: "abcde" }, MSG.newsletter.invalidZip],
  ])("answers 400 for %j with the message %j", async (body, error) => {
    const res = await subscribe(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(json.error).toBe(error);
    expect(json.issues[0]!.message).toBe(error);
    expect(await t.db.sql`select 1 from newsletter_subscriptions where email = 'ok@example.com'`).toHaveLength(0);
  });

  it("rejects a ZIP sent as a number and a first name longer than 100 characters", async () => {
    expect((await subscribe({ email: "numzip@example.com", zipCode: 10001 })).status).toBe(400);
    expect((await subscribe({ email: "long@example.com", firstName: "n".repeat(101) })).status).toBe(400);
    expect((await subscribe({ email: "long@example.com", firstName: "n".repeat(100) })).status).toBe(200);
  });

  it("is rate limited per address (5 a minute), and a forwarded header from an untrusted peer does not dodge it", async () => {
    const ip = "198.51.100.9";
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/newsletter/subscribe", {
        body: { email: `limit${i}@example.com` },
        ip,
        headers: { "X-Forwarded-For": `10.0.0.${i}` },
      });
      expect(res.status).toBe(200);
    }
    const limited = await t.request("POST", "/newsletter/subscribe", { body: { email: "limit5@example.com" }, ip, headers: { "X-Forwarded-For": "10.9.9.9" } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: MSG.api.rateLimited });
    expect(await rowsFor("limit5@example.com")).toHaveLength(0);
    expect((await subscribe({ email: "limit5@example.com" }, "198.51.100.10")).status).toBe(200);
  });

  it("counts a visitor by the shared address key: an IPv6 /64, and an IPv4-mapped address as its IPv4 address", async () => {
    const from = async (ips: string[], tag: string) => {
      const statuses: number[] = [];
      for (const [i, ip] of ips.entries()) statuses.push((await subscribe({ email: `${tag}${i}@example.com` }, ip)).status);
      return statuses;
    };
    const v6 = await from(
      ["2001:db8:90:1::1", "2001:db8:90:1::2", "2001:db8:90:1::3", "2001:db8:90:1:1::", "2001:db8:90:1:ffff::9", "2001:db8:90:1::6"],
      "v6-",
    );
    expect(v6).toEqual([200, 200, 200, 200, 200, 429]);
    // 198.51.100.11 = ::ffff:c633:640b
    const mapped = await from(["198.51.100.11", "198.51.100.11", "198.51.100.11", "::ffff:c633:640b", "::ffff:198.51.100.11", "::ffff:c633:640b"], "mapped-");
    expect(mapped).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
