/**
 * The per-route path selection of a targeted publish (decision 190): the clinic, city and ZIP
 * routes are asked only for the pages a changed clinic can affect, and `covers` names the
 * previous build's paths that selection speaks for (the others are kept as they are).
 */
import { describe, expect, it } from "vitest";
import { priceCheckedOn, type ClinicPrice } from "@botox/core/prices";
import { makeClinic as clinic } from "../test/factories.ts";
import type { SiteData } from "@botox/db/site";
import { indexSiteData, type SiteCity, type SiteZip } from "./data.ts";
import { clinicPath } from "@botox/core/search";
import { parseShard, pathSegments, pathShard } from "@botox/site-build/page-shard";
import { cityFigure, selectPaths, shardSelection, type PreviousClinic } from "./path-selection.ts";

const city = (citySlug: string, state: string, pageSlug: string, latitude: number, longitude: number): SiteCity => ({
  citySlug,
  pageSlug,
  city: citySlug,
  state,
  count: 1,
  latitude,
  longitude,
});
const zip = (code: string, name: string, state: string, latitude: number, longitude: number): SiteZip => ({
  zip: code,
  city: name,
  state,
  latitude,
  longitude,
});

const austin = (id: number, over = {}) =>
  clinic({ id, slug: `a-${id}`, city: "Austin", citySlug: "austin", state: "TX", postalCode: "78701", latitude: 30.27, longitude: -97.74, ...over });
const clinics = [
  austin(1),
  austin(2, { postalCode: "78702", latitude: 30.26, longitude: -97.72 }),
  // 15 miles north, another city: its ZIP page lists Austin's clinics.
  clinic({ id: 3, slug: "r-3", city: "Round Rock", citySlug: "round-rock", state: "TX", postalCode: "78664", latitude: 30.51, longitude: -97.68 }),
  // A closed clinic 15 miles away in that city lists Austin's open clinics.
  clinic({
    id: 4,
    slug: "r-4",
    city: "Round Rock",
    citySlug: "round-rock",
    state: "TX",
    postalCode: "78664",
    latitude: 30.5,
    longitude: -97.68,
    businessStatus: "PERMANENTLY_CLOSED",
  }),
  clinic({ id: 5, slug: "d-5", city: "Dallas", citySlug: "dallas", state: "TX", postalCode: "75201", latitude: 32.78, longitude: -96.8 }),
  clinic({
    id: 6,
    slug: "d-6",
    city: "Dallas",
    citySlug: "dallas",
    state: "TX",
    postalCode: "75201",
    latitude: 32.79,
    longitude: -96.8,
    businessStatus: "PERMANENTLY_CLOSED",
  }),
  clinic({ id: 7, slug: "s-7", city: "Springfield", citySlug: "springfield", state: "IL", postalCode: "62701", latitude: 39.8, longitude: -89.65 }),
];
const input: SiteData = {
  clinics,
  cities: [
    city("austin", "TX", "austin", 30.27, -97.74),
    city("round-rock", "TX", "round-rock", 30.51, -97.68),
    city("dallas", "TX", "dallas", 32.78, -96.8),
    city("springfield", "IL", "springfield", 39.8, -89.65),
  ],
  posts: [],
  categories: [],
  zips: [
    zip("78701", "Austin", "TX", 30.27, -97.74),
    zip("78702", "Austin", "TX", 30.26, -97.72),
    zip("78664", "Round Rock", "TX", 30.51, -97.68),
    zip("75201", "Dallas", "TX", 32.78, -96.8),
    zip("62701", "Springfield", "IL", 39.8, -89.65),
  ],
  visitorRatings: {},
  prices: [],
};
const data = indexSiteData(input, "2026-11-26");
const previousOf = (over: Record<string, PreviousClinic> = {}): Record<string, PreviousClinic> => ({
  "1": { page: "/botox-clinic/austin/a-1", city: "/botox-near-me/austin", citySlug: "austin", zip: "78701", at: [30.27, -97.74] },
  "5": { page: "/botox-clinic/dallas/d-5", city: "/botox-near-me/dallas", citySlug: "dallas", zip: "75201", at: [32.78, -96.8] },
  ...over,
});
const selectedIds = (s: ReturnType<typeof selectPaths>) => data.clinics.filter(s.clinic).map((c) => c.id);

describe("a targeted build's path selection", () => {
  it("asks the clinic route only for the changed clinic's city and the closed clinics near it", () => {
    const s = selectPaths(data, [1], previousOf());
    expect(selectedIds(s)).toEqual([1, 2, 4]);
    expect([...s.citySlugs]).toEqual(["austin"]);
  });

  it("asks the ZIP route only for the ZIP pages around the clinic and those of its city", () => {
    const s = selectPaths(data, [1], previousOf());
    expect([...s.zips].sort()).toEqual(["78664", "78701", "78702"]);
  });

  it("covers the selected routes' paths only; other routes' paths are all collected", () => {
    const s = selectPaths(data, [1], previousOf());
    expect(s.covers("/botox-clinic/austin/a-9")).toBe(true);
    expect(s.covers("/botox-near-me/austin")).toBe(true);
    expect(s.covers("/zip/78702")).toBe(true);
    expect(s.covers("/botox-clinic/dallas/d-5")).toBe(false);
    expect(s.covers("/botox-clinic/round-rock/r-4")).toBe(false);
    expect(s.covers("/botox-near-me/dallas")).toBe(false);
    expect(s.covers("/zip/75201")).toBe(false);
    expect(s.covers("/zip/62701")).toBe(false);
    for (const p of ["/", "/botox-near-me", "/zip", "/blog/a-post", "/sitemap-1.xml", "/clinic"]) expect(s.covers(p)).toBe(true);
  });

  it("selects both places of a clinic that moved: the old city, ZIP code and neighbourhood too", () => {
    const moved = clinics.map((c) => (c.id === 5 ? austin(5, { slug: "d-5", postalCode: "78702" }) : c));
    const s = selectPaths({ ...data, clinics: moved }, [5], previousOf());
    expect([...s.citySlugs].sort()).toEqual(["austin", "dallas"]);
    expect(s.zips.has("75201")).toBe(true);
    expect(s.covers("/botox-clinic/dallas/d-5")).toBe(true);
    expect(s.covers("/botox-near-me/dallas")).toBe(true);
    // The closed Dallas clinic listed it among its open neighbours.
    expect(data.clinics.filter(s.clinic).map((c) => c.id)).toContain(6);
  });

  it("covers the city pages the city's clinics were listed on (a state suffix that goes with a shared slug)", () => {
    const s = selectPaths(
      data,
      [7],
      previousOf({
        "7": { page: "/botox-clinic/springfield/s-7", city: "/botox-near-me/springfield-il", citySlug: "springfield", zip: "62701", at: [39.8, -89.65] },
      }),
    );
    expect(s.covers("/botox-near-me/springfield-il")).toBe(true);
    expect(s.covers("/botox-near-me/springfield")).toBe(true);
    expect(s.covers("/botox-near-me/springfield-mo")).toBe(false);
  });

  describe("the other clinic pages of the changed clinic's city (decision 194)", () => {
    /** The city figures a build of `built` records in its page index, by city page path. */
    const figuresOf = (built: typeof data) => Object.fromEntries(built.cities.map((c) => [`/botox-near-me/${c.pageSlug}`, cityFigure(built, c)]));
    const botox = (clinicId: number, perUnitCents: number): ClinicPrice => {
      const p: ClinicPrice = {
        id: clinicId * 100 + perUnitCents,
        clinicId,
        brand: "botox",
        model: "per_unit",
        unitPriceCents: perUnitCents,
        area: null,
        priceCents: null,
        units: null,
        perUnitCents,
        conditions: null,
        newPatientsOnly: false,
        source: "phone",
        evidenceUrl: null,
        observedOn: "2026-11-20",
        verifiedOn: null,
        checkedOn: "2026-11-20",
        status: "published",
        createdAt: "2026-11-20T00:00:00.000Z",
        updatedAt: "2026-11-20T00:00:00.000Z",
      };
      return { ...p, checkedOn: priceCheckedOn(p) };
    };

    it("are left out when the city's figures did not move (a rename): only the clinic's own page and the closed ones near it", () => {
      const s = selectPaths(data, [1], previousOf(), figuresOf(data));
      expect(selectedIds(s)).toEqual([1, 4]);
      expect([...s.movedCitySlugs]).toEqual([]);
      // Its previous page is covered (gone if it is not returned); its neighbours' are kept as they are.
      expect(s.covers("/botox-clinic/austin/a-1")).toBe(true);
      expect(s.covers("/botox-clinic/austin/a-2")).toBe(false);
      expect(s.covers("/botox-near-me/austin")).toBe(true);
    });

    it("are all selected when the city's price figures moved", () => {
      const priced = indexSiteData({ ...input, prices: [botox(1, 1200)] }, "2026-11-26");
      expect(cityFigure(priced, priced.cities[0]!)).not.toBe(cityFigure(data, data.cities[0]!));
      const s = selectPaths(priced, [1], previousOf(), figuresOf(data));
      expect(selectedIds(s)).toEqual([1, 2, 4]);
      expect(s.covers("/botox-clinic/austin/a-2")).toBe(true);
    });

    it("are all selected when the city page's path changed, or the previous build recorded no figures", () => {
      const renamedPage = { ...figuresOf(data) };
      delete renamedPage["/botox-near-me/austin"];
      renamedPage["/botox-near-me/austin-tx"] = cityFigure(data, data.cities[0]!);
      expect(selectedIds(selectPaths(data, [1], previousOf(), renamedPage))).toEqual([1, 2, 4]);
      expect(selectedIds(selectPaths(data, [1], previousOf()))).toEqual([1, 2, 4]);
    });

    it("figures a city by what its clinic pages show of it, not by its clinics' names", () => {
      const renamed = indexSiteData({ ...input, clinics: clinics.map((c) => (c.id === 2 ? { ...c, name: "Renamed" } : c)) }, "2026-11-26");
      expect(cityFigure(renamed, renamed.cities[0]!)).toBe(cityFigure(data, data.cities[0]!));
      const otherCityName = { ...data.cities[0]!, city: "Austin City" };
      expect(cityFigure(data, otherCityName)).not.toBe(cityFigure(data, data.cities[0]!));
    });
  });
});

describe("a page pipeline share's selection (decision 226)", () => {
  const clinics = Array.from({ length: 400 }, (_, i) => clinic({ id: i + 1, citySlug: `city-${i % 37}`, slug: `clinic-${i}` }));

  it("gives each clinic page to exactly one share, the share its path hashes to", () => {
    const shares = [shardSelection(0, 2), shardSelection(1, 2)];
    for (const c of clinics) {
      const owners = shares.filter((s) => s.clinic(c));
      expect(owners).toHaveLength(1);
      expect(owners[0]!.covers(clinicPath(c.citySlug, c.slug))).toBe(true);
    }
    // Spread over both shares, not all on one.
    const first = clinics.filter((c) => shares[0]!.clinic(c)).length;
    expect(first).toBeGreaterThan(140);
    expect(first).toBeLessThan(260);
  });

  it("covers every other path by one share only, whether the path is written encoded or not", () => {
    for (const p of ["/", "/zip/78701", "/botox-near-me/austin", "/sitemap-1.xml", "/blog/über-uns", "/blog/%C3%BCber-uns"]) {
      const owners = [0, 1, 2].filter((k) => shardSelection(k, 3).covers(p));
      expect(owners, p).toHaveLength(1);
    }
    expect(pathShard("/blog/über-uns", 5)).toBe(pathShard("/blog/%C3%BCber-uns", 5));
    expect(pathShard("/zip/78701/", 5)).toBe(pathShard("/zip/78701", 5));
    // Paths hashed in place give the share of their decoded segments, as encoded or doubled-slash ones do.
    const bySegments = (p: string, shards: number) => {
      const key = pathSegments(p).join("/");
      let hash = 0x811c9dc5;
      for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
      return hash % shards;
    };
    for (const p of ["/", "", "//", "zip/78701", "/zip/78701//", "//zip//78701/", "/botox-clinic/austin/glow-spa", "/blog/%C3%BCber-uns"])
      for (const shards of [2, 3, 7]) expect(pathShard(p, shards), `${p} of ${shards}`).toBe(bySegments(p, shards));
  });

  it("is chosen from SITE_RENDER_SHARD, which must name a share of the pipeline", () => {
    expect(parseShard("1/2")).toEqual({ shard: 1, shards: 2 });
    for (const bad of ["2/2", "1/0", "a/2", "1", "-1/2"]) expect(() => parseShard(bad), bad).toThrow(/SITE_RENDER_SHARD must be "k\/N"/);
  });
});
