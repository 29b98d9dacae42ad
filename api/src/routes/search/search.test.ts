import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchLookup } from "@botox/core";
import { insertContentChange } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";

let t: PublicTestContext;

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.insertZip("60540", 41.7662, -88.141, "Naperville", "IL");
  await t.insertZip("60563", 41.7954, -88.1684, "Naperville", "IL");
  await t.insertZip("60565", 41.7297, -88.1288, "Naperville", "IL");
  await t.insertZip("60601", 41.8858, -87.6181, "Chicago", "IL");
  await t.insertZip("12345", 40.0, -80.0, "Naperville", "PA");
  await t.insertClinics([
    { name: "Glow Aesthetics", city: "Chicago", state: "IL", latitude: 41.88, longitude: -87.62, reviewCount: 5 },
    { name: "Glow Aesthetics & Laser", city: "Chicago", state: "IL", slug: "glow-laser", latitude: 41.89, longitude: -87.63, reviewCount: 50 },
    { name: "100% Skin", city: "Chicago", state: "IL", latitude: 41.89, longitude: -87.63 },
  ]);
});
afterAll(() => t.close());

describe("GET /search/lookup", () => {
  it("places a town of the ZIP data by its ZIP centroids, the larger first, with the ZIP nearest its centre", async () => {
    const { status, body } = await t.get<SearchLookup>("/search/lookup?q=Naperville");
    expect(status).toBe(200);
    expect(body.places.map((p) => [p.city, p.state, p.zip])).toEqual([
      ["Naperville", "IL", "60540"],
      ["Naperville", "PA", "12345"],
    ]);
    expect(body.places[0]!.latitude).toBeCloseTo((41.7662 + 41.7954 + 41.7297) / 3, 4);
    expect(body.clinics).toEqual([]);
  });

  it("reads a state code after the name", async () => {
    const { body } = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("naperville, pa")}`);
    expect(body.places.map((p) => p.state)).toEqual(["PA"]);
  });

  it("finds clinics whose name starts with the text, the exact name first, wildcards taken literally", async () => {
    const { body } = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("glow aesthetics")}`);
    expect(body.clinics.map((c) => c.name)).toEqual(["Glow Aesthetics", "Glow Aesthetics & Laser"]);
    expect(body.clinics[1]).toMatchObject({ citySlug: "chicago", slug: "glow-laser", state: "IL" });
    const percent = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("100%")}`);
    expect(percent.body.clinics.map((c) => c.name)).toEqual(["100% Skin"]);
    const wild = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("%%")}`);
    expect(wild.body.clinics).toEqual([]);
  });

  it("finds a clinic by a name with one or two letters wrong when no name starts with the text", async () => {
    const one = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("Glow Aesthtics")}`);
    expect(one.body.clinics.map((c) => c.name)).toEqual(["Glow Aesthetics & Laser", "Glow Aesthetics"]);
    const two = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("Golw Aesthetics Lasr")}`);
    expect(two.body.clinics.map((c) => c.slug)).toEqual(["glow-laser"]);
    // Three slips are too many; four letters or fewer get none.
    expect((await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("Gxxw Aesthxtics Lasr")}`)).body.clinics).toEqual([]);
    expect((await t.get<SearchLookup>("/search/lookup?q=Glo")).body.clinics.map((c) => c.name)).toEqual(["Glow Aesthetics & Laser", "Glow Aesthetics"]);
    expect((await t.get<SearchLookup>("/search/lookup?q=Gow")).body.clinics).toEqual([]);
  });

  it("finds a clinic added after the names were first read, once its write is recorded", async () => {
    expect((await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("Serenty Injectables")}`)).body.clinics).toEqual([]);
    const [added] = await t.insertClinics([{ name: "Serenity Injectables", city: "Chicago", state: "IL", latitude: 41.9, longitude: -87.64 }]);
    await insertContentChange(t.db.db, { entity: "clinic", entityId: added!.id, action: "create" });
    const { body } = await t.get<SearchLookup>(`/search/lookup?q=${encodeURIComponent("Serenity Injectabels")}`);
    expect(body.clinics.map((c) => c.name)).toEqual(["Serenity Injectables"]);
  });

  it("answers 400 with a message for text too short or too long", async () => {
    const short = await t.get<{ error: string }>("/search/lookup?q=a");
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Type at least two letters.");
    const long = await t.get<{ error: string }>(`/search/lookup?q=${"x".repeat(101)}`);
    expect(long.status).toBe(400);
  });
});
