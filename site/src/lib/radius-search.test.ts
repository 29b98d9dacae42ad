import { describe, expect, it } from "vitest";
import { distanceMiles } from "@botox/core";
import { makeClinic } from "../test/factories.ts";
import { makeRadiusIds, makeRadiusSearch } from "./data.ts";

const origin = { latitude: 40.75, longitude: -73.99 };
// Clinics due east of the origin, about `miles` away (a degree of longitude is ~52.4 miles here).
const east = (name: string, miles: number) =>
  makeClinic({ name, latitude: origin.latitude, longitude: origin.longitude + miles / (69.17 * Math.cos((origin.latitude * Math.PI) / 180)) });

describe("makeRadiusSearch", () => {
  const clinics = [
    east("Far", 30),
    east("Bravo", 2),
    east("Alpha", 2),
    east("Near", 0.5),
    east("Edge", 24.9),
    makeClinic({ name: "Nowhere", latitude: null, longitude: null }),
    makeClinic({ name: "Across the grid", latitude: 41.2, longitude: -73.2 }),
  ];
  const search = makeRadiusSearch(clinics);

  it("counts every clinic in the radius and returns the nearest, ties by name, with rounded distances", () => {
    const found = search(origin, 25, 3);
    const across = distanceMiles(origin, { latitude: 41.2, longitude: -73.2 });
    expect(found.total).toBe(across <= 25 ? 5 : 4);
    expect(found.clinics.map((c) => [c.name, c._distance])).toEqual([
      ["Near", 0.5],
      ["Alpha", 2],
      ["Bravo", 2],
    ]);
  });

  it("returns the nearest `limit` exactly as a stable sort of every clinic in the radius orders them (ties of distance and name included)", () => {
    // 400 clinics on a few rounded distances and a few names: most of them tie with others.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...east(["Alpha", "Beta", "alpha", "Gamma", "Beta"][i % 5]!, Math.round(random() * 40) / 4),
      id: i + 1,
    }));
    const searchMany = makeRadiusSearch(many);
    for (const limit of [0, 1, 3, 20, 150, 1000]) {
      const found = searchMany(origin, 8, limit);
      const all = searchMany(origin, 8);
      expect(found.total).toBe(all.total);
      expect(found.clinics.map((c) => c.id)).toEqual(all.clinics.slice(0, limit).map((c) => c.id));
    }
    // The case it is about: clinics at the same distance with the same name, which only the scan's order tells apart.
    const all = searchMany(origin, 8).clinics;
    expect(all.some((c, i) => i > 0 && c._distance === all[i - 1]!._distance && c.name === all[i - 1]!.name)).toBe(true);
  });

  it("returns them all without a limit, and never changes the clinics it was given", () => {
    const all = search(origin, 25).clinics.map((c) => c.name);
    expect(all.slice(0, 3)).toEqual(["Near", "Alpha", "Bravo"]);
    expect(all).toContain("Edge");
    expect(all).not.toContain("Far");
    expect(clinics.every((c) => c._distance === undefined)).toBe(true);
  });
});

describe("makeRadiusIds", () => {
  it("gives the ids of the same clinics the search finds, without copying them", () => {
    const clinics = [east("Near", 0.5), east("Edge", 24.9), east("Far", 30), makeClinic({ name: "Nowhere", latitude: null, longitude: null })];
    const ids = makeRadiusIds(clinics)(origin, 25);
    expect(ids.sort()).toEqual(
      makeRadiusSearch(clinics)(origin, 25)
        .clinics.map((c) => c.id)
        .sort(),
    );
    expect(ids).toHaveLength(2);
  });
});
