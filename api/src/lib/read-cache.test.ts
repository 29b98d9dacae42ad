import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger, testLogger } from "@botox/core/testing";
import { eq } from "drizzle-orm";
import { clinics, insertContentChange } from "@botox/db";
import type { Clinic, ZipSearchResponse } from "@botox/core";
import { writeContent } from "./content-changes.ts";
import { encodeJson, ReadCache } from "./read-cache.ts";
import { TEST_ORIGIN, createPublicTestContext, milesNorth, type PublicTestContext } from "../test/public-app.ts";

const cache = (options: Partial<ConstructorParameters<typeof ReadCache>[0]> = {}) =>
  new ReadCache({ ttlMs: 60_000, pollMs: 1_000, logger: testLogger(), ...options });
/** A promise the test settles by hand: a computation still running while others ask. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
/** ReadCache.read for a computation of a JSON value. */
const read = (c: ReadCache, key: string, compute: () => Promise<unknown>) => c.read(key, async () => encodeJson(await compute()));
/** An answer with its body as text. */
const text = async (answer: Promise<{ body: Uint8Array; hit: boolean }>) => {
  const { body, hit } = await answer;
  return { body: Buffer.from(body).toString("utf8"), hit };
};

describe("ReadCache", () => {
  it("computes once, then answers the same text from memory", async () => {
    const c = cache();
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    expect(await text(read(c, "/a", compute))).toEqual({ body: '{"n":1}', hit: false });
    expect(await text(read(c, "/a", compute))).toEqual({ body: '{"n":1}', hit: true });
    expect(await text(read(c, "/b", compute))).toEqual({ body: '{"n":2}', hit: false });
  });

  it("shares one computation between concurrent misses", async () => {
    const c = cache();
    let calls = 0;
    const running = gate();
    const compute = async () => {
      const n = ++calls;
      await running.promise;
      return { n };
    };
    const reads = Array.from({ length: 20 }, () => text(read(c, "/a", compute)));
    running.open();
    const answers = await Promise.all(reads);
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['{"n":1}']));
  });

  it("keeps no error, and no answer computed across a clearing", async () => {
    const c = cache();
    await expect(read(c, "/a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(c.size).toBe(0);
    const running = gate();
    const pending = text(
      read(c, "/a", async () => {
        await running.promise;
        return { stale: true };
      }),
    );
    c.clear();
    running.open();
    expect(await pending).toEqual({ body: '{"stale":true}', hit: false });
    expect(c.size).toBe(0);
    expect((await text(read(c, "/a", async () => ({ fresh: true })))).body).toBe('{"fresh":true}');
  });

  it("forgets entries after the TTL, and the least recently used beyond its size limits", async () => {
    let clock = 1_000;
    const short = cache({ ttlMs: 10, now: () => clock });
    await read(short, "/a", async () => 1);
    clock += 10;
    expect((await text(read(short, "/a", async () => 2))).body).toBe("1"); // reading does not extend it
    clock += 1;
    expect((await text(read(short, "/a", async () => 2))).body).toBe("2");

    const small = cache({ maxEntries: 2 });
    for (const key of ["/a", "/b"]) await read(small, key, async () => key);
    await read(small, "/a", async () => "again"); // /a is now the most recently used
    await read(small, "/c", async () => "/c");
    expect(small.size).toBe(2);
    expect((await read(small, "/a", async () => "recomputed")).hit).toBe(true);
    expect((await text(read(small, "/b", async () => "recomputed"))).body).toBe('"recomputed"');

    const narrow = cache({ maxBytes: 10 });
    await read(narrow, "/big", async () => "x".repeat(20));
    expect(narrow.size).toBe(0);

    // Two 8-byte answers fit 20 bytes; a third sends the least recently used one out.
    const budget = cache({ maxBytes: 20 });
    for (const key of ["/a", "/b"]) await read(budget, key, async () => "123456");
    await read(budget, "/a", async () => "again");
    await read(budget, "/c", async () => "123456");
    expect(budget.size).toBe(2);
    expect((await read(budget, "/a", async () => "recomputed")).hit).toBe(true);
    expect((await read(budget, "/b", async () => "recomputed")).hit).toBe(false);
  });
});

describe("read cache in the API", () => {
  let t: PublicTestContext;
  let rc: ReadCache;
  let clinicId: number;
  const O = { latitude: 40.7506, longitude: -73.9972 };

  beforeAll(async () => {
    t = await createPublicTestContext();
    await t.insertZip("10001", O.latitude, O.longitude, "New York", "NY");
    const [row] = await t.insertClinics([{ name: "Cached Clinic", city: "New York", state: "NY", ...milesNorth(O.latitude, O.longitude, 1) }]);
    clinicId = row!.id;
    rc = new ReadCache({ ttlMs: 60_000, pollMs: 60_000, logger: testLogger() });
    await rc.poll(t.db.db);
    t.deps.readCache = rc;
  });
  afterAll(async () => {
    rc.stop();
    await t.close();
  });

  const zipSearch = () => t.get<ZipSearchResponse>("/zip-search?postalCode=10001");
  /** An answer's headers, in order, but the named ones. */
  const headersExcept = (res: Response, ...names: string[]) => [...res.headers].filter(([name]) => !names.includes(name));
  /** One read of each listing route that sends a kept answer itself (keptAnswer). */
  const listingReads = () => [`/proxy/clinic/${clinicId}`, "/proxy/clinics-by-city/new-york?page=1", "/zip-search?postalCode=10001&distance=10"];
  const rename = (name: string) => t.db.db.update(clinics).set({ name }).where(eq(clinics.id, clinicId));

  it("answers repeated public reads from memory, with the same body", async () => {
    const first = await zipSearch();
    const second = await zipSearch();
    expect(first.res.headers.get("x-cache")).toBe("MISS");
    expect(second.res.headers.get("x-cache")).toBe("HIT");
    expect(second.body).toEqual(first.body);
    expect(second.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(second.body.clinics.map((c) => c.name)).toEqual(["Cached Clinic"]);
  });

  it("is cleared by a content write made through this API", async () => {
    await zipSearch();
    await writeContent(
      t.deps,
      null,
      (tx) => tx.update(clinics).set({ name: "Renamed Here" }).where(eq(clinics.id, clinicId)),
      () => ({ entity: "clinic", entityId: clinicId, action: "update" }),
    );
    const after = await zipSearch();
    expect(after.res.headers.get("x-cache")).toBe("MISS");
    expect(after.body.clinics[0]!.name).toBe("Renamed Here");
  });

  it("is cleared when content_changes moves (a write made by another instance or an import)", async () => {
    await rc.poll(t.db.db); // takes in the change the previous write recorded
    await zipSearch();
    await rename("Renamed Elsewhere");
    await rc.poll(t.db.db);
    expect((await zipSearch()).body.clinics[0]!.name).toBe("Renamed Here"); // nothing recorded yet
    await insertContentChange(t.db.db, { entity: "clinic", entityId: clinicId, action: "update" });
    await rc.poll(t.db.db);
    const after = await zipSearch();
    expect(after.res.headers.get("x-cache")).toBe("MISS");
    expect(after.body.clinics[0]!.name).toBe("Renamed Elsewhere");
  });

  it("sends a kept answer before validating the request again, with the same body and headers as when it was computed", async () => {
    rc.clear();
    const reads = [...listingReads(), "/zip-search?postalCode=10001&openNow=true"];
    for (const path of reads) {
      const miss = await t.get(path);
      const hit = await t.get(path);
      expect([miss.status, hit.status]).toEqual([200, 200]);
      expect([miss.res.headers.get("x-cache"), hit.res.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
      expect(hit.body).toEqual(miss.body);
      // Security and CORS headers are the same on a hit (the request id is each request's own).
      expect(headersExcept(hit.res, "x-cache", "x-request-id")).toEqual(headersExcept(miss.res, "x-cache", "x-request-id"));
      expect(hit.res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(hit.res.headers.get("x-request-id")).toBeTruthy();
    }
    // Invalid requests are never kept, so they are always validated (and refused).
    for (let i = 0; i < 2; i++) expect((await t.get("/proxy/clinic/x?city=NOT%20A%20SLUG")).status).toBe(400);
  });

  // The app's first step (cached-json.ts, keptAnswerFirst): a kept GET answer is sent before
  // routing, with the headers the routed answer carried, written out in middleware.ts once.
  it("answers a kept GET before routing, with every header the routed answer carried, for every route that keeps answers", async () => {
    rc.clear();
    const reads = [
      ...listingReads(),
      "/cities/popular",
      "/deals?city=new-york",
      "/price-index?city=new-york",
      `/clinics/${clinicId}/prices`,
      `/clinics/${clinicId}/staff`,
    ];
    const asked = (origin?: string) => ({ headers: { "X-Request-Id": "req-kept-1", ...(origin ? { Origin: origin } : {}) } });
    for (const path of reads) {
      for (const origin of [undefined, TEST_ORIGIN, "https://elsewhere.example"]) {
        rc.clear();
        const miss = await t.get(path, asked(origin));
        expect([path, miss.status, miss.res.headers.get("x-cache")]).toEqual([path, 200, "MISS"]);
        // Answered at once: a Response, not the promise of one the routed app gives.
        const first = t.app.fetch(new Request(`http://localhost/api/v1${path}`, asked(origin)));
        expect(first, path).toBeInstanceOf(Response);
        const hit = first as Response;
        expect([hit.status, hit.headers.get("x-cache")]).toEqual([200, "HIT"]);
        expect(await hit.json()).toEqual(miss.body);
        expect(headersExcept(hit, "x-cache"), `${path} from ${origin}`).toEqual(headersExcept(miss.res, "x-cache"));
        expect(hit.headers.get("x-request-id")).toBe("req-kept-1");
      }
    }
    // A request id that is not plain is replaced on a kept answer too.
    await t.get("/cities/popular");
    const made = t.app.fetch(new Request(`http://localhost/api/v1/cities/popular`, { headers: { "X-Request-Id": "no spaces" } })) as Response;
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("routes what the first step must not answer: HEAD, openNow (kept by its minute), POST reads, and anything not kept", async () => {
    rc.clear();
    const routed = (method: string, path: string, body?: string) =>
      t.app.fetch(new Request(`http://localhost/api/v1${path}`, { method, body, headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" } }));
    await t.get(`/proxy/clinic/${clinicId}`);
    expect(routed("HEAD", `/proxy/clinic/${clinicId}`)).toBeInstanceOf(Promise);
    expect(routed("GET", `/proxy/clinic/${clinicId}?page=1`)).toBeInstanceOf(Promise);
    await t.get("/zip-search?postalCode=10001&openNow=true");
    expect(routed("GET", "/zip-search?postalCode=10001&openNow=true")).toBeInstanceOf(Promise);
    const near = JSON.stringify({ latitude: O.latitude, longitude: O.longitude });
    await routed("POST", "/clinics/nearby", near);
    const again = routed("POST", "/clinics/nearby", near);
    expect(again).toBeInstanceOf(Promise);
    expect((await again).headers.get("x-cache")).toBe("HIT");
  });

  it("keeps no error answer and caches each address on its own", async () => {
    rc.clear();
    for (let i = 0; i < 2; i++) {
      const missing = await t.get<{ error: string }>("/proxy/clinic/no-such-clinic");
      expect(missing.status).toBe(404);
      const bad = await t.get<{ error: string }>("/zip-search?postalCode=abc");
      expect(bad.status).toBe(400);
    }
    expect(rc.size).toBe(0);
    const bySlug = await t.get<Clinic>(`/proxy/clinic/${clinicId}`);
    expect(bySlug.status).toBe(200);
    expect((await t.get<Clinic>(`/proxy/clinic/${clinicId}`)).res.headers.get("x-cache")).toBe("HIT");
    expect((await t.get("/proxy/clinics-by-city/new-york")).res.headers.get("x-cache")).toBe("MISS");
    expect((await t.get("/cities/popular")).res.headers.get("x-cache")).toBe("MISS");
    expect(rc.size).toBe(3);
  });

  it("keeps clinics/nearby answers by their point, and not its errors", async () => {
    rc.clear();
    const near = (body: unknown, ip = "203.0.113.9") => t.request("POST", "/clinics/nearby", { body, ip });
    const first = await near({ latitude: O.latitude, longitude: O.longitude });
    const again = await near({ latitude: O.latitude, longitude: O.longitude, radius: 100 }, "203.0.113.10");
    expect([first.headers.get("x-cache"), again.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    const clinicsOf = async (res: Response) => ((await res.json()) as Clinic[]).map((c) => [c.name, c._distance]);
    expect(await clinicsOf(again)).toEqual(await clinicsOf(first));
    const elsewhere = await near({ latitude: O.latitude + 2, longitude: O.longitude });
    expect(elsewhere.headers.get("x-cache")).toBe("MISS");
    expect((await near({ latitude: 91, longitude: 0 })).status).toBe(400);
    expect(rc.size).toBe(2);
  });

  // At any distance the total does not depend on the ZIP: a new ZIP's answer (a miss) takes the
  // count the first one made while no write changed the located clinics, however the write was
  // made (exact: the count is kept with its write generation, decision 197).
  it("shares a zip-search's total at any distance across ZIPs, exactly, also after a write behind the cache's back", async () => {
    rc.clear();
    await t.insertZip("94103", 37.7725, -122.4091, "San Francisco", "CA");
    await t.insertClinics([{ name: "Shared Total West", city: "San Francisco", state: "CA", ...milesNorth(37.7725, -122.4091, 1) }]);
    const any = (zip: string, extra = "") => t.get<ZipSearchResponse>(`/zip-search?postalCode=${zip}&distance=any&limit=1${extra}`);
    const first = await any("10001");
    const located = first.body.totalCount;
    expect(located).toBeGreaterThanOrEqual(2);
    // Added in SQL, behind the cache's back: the next ZIP's total counts it all the same.
    await t.insertClinics([{ name: "Shared Total Late", city: "San Francisco", state: "CA", ...milesNorth(37.7725, -122.4091, 2) }]);
    const west = await any("94103");
    expect(west.res.headers.get("x-cache")).toBe("MISS");
    expect(west.body.clinics.map((c) => c.name)).toEqual(["Shared Total West"]);
    expect(west.body.totalCount).toBe(located + 1);
    // Other filters are another count; the same filters in another order are the same one.
    expect((await any("94103", "&businessStatus=OPERATIONAL,CLOSED_TEMPORARILY")).body.totalCount).toBe(located + 1);
    expect((await any("10001", "&businessStatus=closed_temporarily,operational")).body.totalCount).toBe(located + 1);
  });

  it("warns once while content_changes cannot be read, and again after it came back and went away", async () => {
    const logger = recordingLogger();
    const watcher = cache({ logger });
    let away = true;
    const db = new Proxy(t.db.db, {
      get(target, key, receiver): unknown {
        if (away) throw new Error("database away");
        return Reflect.get(target, key, receiver);
      },
    });
    await watcher.poll(db);
    await watcher.poll(db);
    away = false;
    await watcher.poll(db);
    away = true;
    await watcher.poll(db);
    const warning = { level: "warn", fields: { error: { type: "Error", message: "database away" } }, message: "read cache: cannot read content_changes" };
    expect(logger.lines).toEqual([warning, warning]);
  });
});
