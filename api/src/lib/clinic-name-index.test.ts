import { describe, expect, it } from "vitest";
import { ClinicNameIndex, prefixSlips, type NamedClinic } from "./clinic-name-index.ts";

let nextId = 1;
const clinic = (name: string, reviewCount = 0): NamedClinic => ({
  id: nextId++,
  name,
  city: "Chicago",
  state: "IL",
  citySlug: "chicago",
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  reviewCount,
});

const CLINICS = [
  clinic("Glow Aesthetics", 5),
  clinic("Glow Aesthetics & Laser", 50),
  clinic("Radiance Medical Spa", 12),
  clinic("Renew MedSpa"),
  clinic("Ageless Beauty Bar"),
];
const index = new ClinicNameIndex(CLINICS);
const names = (text: string) => index.find(text, 5).map((c) => c.name);

describe("prefixSlips", () => {
  it("counts the fewest slips between the text and any start of the name", () => {
    expect(prefixSlips("glow aesthetics", "glow aesthetics laser", 2)).toBe(0);
    expect(prefixSlips("glow aesthtics", "glow aesthetics laser", 2)).toBe(1);
    expect(prefixSlips("golw aesthetics", "glow aesthetics", 2)).toBe(1); // a swap counts once
    expect(prefixSlips("radiance medicl spa", "radiance medical spa", 2)).toBe(1);
    expect(prefixSlips("zzzzzzzz", "glow aesthetics", 2)).toBe(3);
  });
});

describe("ClinicNameIndex", () => {
  it("finds a clinic with one or two letters wrong, missing or swapped, in the whole name or its start", () => {
    expect(names("Radiance Medicl Spa")).toEqual(["Radiance Medical Spa"]);
    expect(names("Radaince Medical Spa")).toEqual(["Radiance Medical Spa"]);
    expect(names("Radiense Medical")).toEqual(["Radiance Medical Spa"]);
    expect(names("renew medspaa")).toEqual(["Renew MedSpa"]);
    expect(names("Agless Beauty")).toEqual(["Ageless Beauty Bar"]);
  });

  it("orders the fewest slips first, then the most reviewed", () => {
    expect(names("Glow Aesthtics")).toEqual(["Glow Aesthetics & Laser", "Glow Aesthetics"]);
    expect(names("glow aesthetics lasr")).toEqual(["Glow Aesthetics & Laser"]);
  });

  it("forgives no more than the city matcher: none under four letters, one up to seven, two from eight", () => {
    expect(names("rnw")).toEqual([]);
    expect(names("Renw")).toEqual(["Renew MedSpa"]);
    expect(names("Rnw Md")).toEqual([]); // five letters, two slips
    expect(names("Radxxnce Medical")).toEqual(["Radiance Medical Spa"]);
    expect(names("Rxdxxnce Medical")).toEqual([]); // three slips
    expect(names("Completely Different")).toEqual([]);
  });

  it("stays exact at 50,000 clinics: the slipped name is found among look-alikes", () => {
    const many: NamedClinic[] = [];
    const words = ["Glow", "Radiant", "Renew", "Skin", "Aesthetics", "Med Spa", "Beauty", "Laser", "Clinic", "Wellness"];
    for (let i = 0; i < 50_000; i++) many.push(clinic(`${words[i % 10]} ${words[(i * 7 + 3) % 10]} ${String(i).padStart(5, "0")}`));
    const target = clinic("Serenity Injectables of Lincoln Park", 3);
    many.push(target);
    const big = new ClinicNameIndex(many);
    expect(big.size).toBe(50_001);
    expect(big.find("Serenty Injectables of Lincon Park", 5).map((c) => c.slug)).toEqual([target.slug]);
    // Look-alikes one digit apart: the fewest slips come first.
    expect(big.find("Glow Skn 01230", 5)[0]?.name).toBe("Glow Skin 01230");
  });
});
