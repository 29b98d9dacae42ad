/** The targeted publish's page plan (targeted-publish.ts, decision 039), on hand-made page lists. */
import { describe, expect, it } from "vitest";
import { pageIndex, targetPlan } from "./targeted-publish.ts";

const clinicPage = (id: number, city: string, slug: string, key: string) => ({
  pathname: `/botox-clinic/${city}/${slug}`,
  props: { clinic: { id }, cityPage: city },
  cacheKey: key,
});
const cityPage = (slug: string, key: string) => ({ pathname: `/botox-near-me/${slug}`, props: { city: { pageSlug: slug } }, cacheKey: key });
const zipPage = (zip: string, key: string) => ({ pathname: `/zip/${zip}`, props: { place: { zip } }, cacheKey: key });
const home = { pathname: "/", props: {} };

const before = [
  home,
  clinicPage(1, "austin", "alpha", "a1"),
  clinicPage(2, "austin", "beta", "b1"),
  clinicPage(3, "dallas", "gamma", "g1"),
  cityPage("austin", "ca1"),
  cityPage("dallas", "cd1"),
  zipPage("78701", "z1"),
  zipPage("75201", "z2"),
];
const previous = pageIndex(before, "fp");

describe("targeted publish plan", () => {
  it("indexes each clinic's page and city page, and every page's key", () => {
    expect(previous.clinics["1"]).toEqual({ page: "/botox-clinic/austin/alpha", city: "/botox-near-me/austin", zip: null, at: null });
    expect(previous.keys["/zip/78701"]).toBe("z1");
    expect(previous.keys["/"]).toBeUndefined();
    expect(previous.fingerprint).toBe("fp");
  });

  it("renders the clinic, its city page, pages whose key changed and pages without a key; nothing else", () => {
    const after = before.map((p) =>
      p.pathname === "/botox-clinic/austin/alpha" ? { ...p, cacheKey: "a2" } : p.pathname === "/zip/78701" ? { ...p, cacheKey: "z9" } : p,
    );
    const plan = targetPlan(after, previous, [1]);
    expect([...plan.render].sort()).toEqual(["/", "/botox-clinic/austin/alpha", "/botox-near-me/austin", "/zip/78701"]);
    expect(plan.remove).toEqual([]);
  });

  it("renders the city pages a clinic was and is on even when no key changed (content no key covers yet)", () => {
    const plan = targetPlan(before, previous, [2]);
    expect([...plan.render].sort()).toEqual(["/", "/botox-clinic/austin/beta", "/botox-near-me/austin"]);
  });

  it("moves a clinic to another city: the new page and both city pages are rendered, the old page removed", () => {
    const after = [
      ...before.filter((p) => p.pathname !== "/botox-clinic/austin/beta"),
      { pathname: "/botox-clinic/dallas/beta", props: { clinic: { id: 2 }, cityPage: "dallas" }, cacheKey: "b2" },
    ];
    const plan = targetPlan(after, previous, [2]);
    expect([...plan.render].sort()).toEqual(["/", "/botox-clinic/dallas/beta", "/botox-near-me/austin", "/botox-near-me/dallas"]);
    expect(plan.remove).toEqual(["/botox-clinic/austin/beta"]);
    expect(plan.index.clinics["2"]).toEqual({ page: "/botox-clinic/dallas/beta", city: "/botox-near-me/dallas", zip: null, at: null });
  });

  it("removes the pages of a deleted clinic and of a city left without clinics", () => {
    const after = before.filter((p) => !["/botox-clinic/dallas/gamma", "/botox-near-me/dallas", "/zip/75201"].includes(p.pathname));
    const plan = targetPlan(after, previous, [3]);
    expect([...plan.render]).toEqual(["/"]);
    expect(plan.remove.sort()).toEqual(["/botox-clinic/dallas/gamma", "/botox-near-me/dallas", "/zip/75201"]);
  });

  it("records each clinic's city slug, ZIP code and place: what the next targeted build selects by", () => {
    const index = pageIndex(
      [
        {
          pathname: "/botox-clinic/austin/alpha",
          props: { clinic: { id: 1, citySlug: "austin", postalCode: "78701", latitude: 30.27, longitude: -97.74 }, cityPage: "austin" },
        },
        cityPage("austin", "ca1"),
      ],
      "fp",
    );
    expect(index.clinics["1"]).toEqual({
      page: "/botox-clinic/austin/alpha",
      city: "/botox-near-me/austin",
      citySlug: "austin",
      zip: "78701",
      at: [30.27, -97.74],
    });
  });

  describe("with the routes' selection (decision 190): only the pages of the changed clinics' places were collected", () => {
    // The routes returned Austin's pages and its ZIP page only; Dallas is outside the selection.
    const covers = (p: string) => !p.includes("dallas") && p !== "/zip/75201";

    it("compares the keys of what was collected, keeps the rest of the index, and gives the full build's index", () => {
      const collected = before.filter((p) => covers(p.pathname)).map((p) => (p.pathname === "/botox-clinic/austin/alpha" ? { ...p, cacheKey: "a2" } : p));
      const plan = targetPlan(collected, previous, [1], covers);
      expect([...plan.render].sort()).toEqual(["/", "/botox-clinic/austin/alpha", "/botox-near-me/austin"]);
      expect(plan.remove).toEqual([]);
      const full = pageIndex(
        before.map((p) => (p.pathname === "/botox-clinic/austin/alpha" ? { ...p, cacheKey: "a2" } : p)),
        "fp",
      );
      expect(plan.index).toEqual(full);
    });

    it("removes a covered page that is gone, never one outside the selection", () => {
      const collected = before.filter((p) => covers(p.pathname) && p.pathname !== "/botox-clinic/austin/beta");
      const plan = targetPlan(collected, previous, [2], covers);
      expect(plan.remove).toEqual(["/botox-clinic/austin/beta"]);
      expect(plan.index.paths).toEqual(previous.paths.filter((p) => p !== "/botox-clinic/austin/beta"));
      expect(plan.index.clinics["2"]).toBeUndefined();
      expect(plan.index.clinics["3"]).toEqual(previous.clinics["3"]);
      expect(plan.index.keys["/zip/75201"]).toBe("z2");
    });
  });

  it("records each city page's figure, and merges the figures as it merges the keys (decision 194)", () => {
    const figured = (slug: string, figure: string) => ({ ...cityPage(slug, `c-${slug}`), props: { city: { pageSlug: slug }, figure } });
    const built = pageIndex([...before.filter((p) => !p.pathname.startsWith("/botox-near-me/")), figured("austin", "fa1"), figured("dallas", "fd1")], "fp");
    expect(built.cityFigures).toEqual({ "/botox-near-me/austin": "fa1", "/botox-near-me/dallas": "fd1" });
    // Austin's figures moved (collected anew); Dallas was not collected and keeps its own.
    const covers = (p: string) => !p.includes("dallas") && p !== "/zip/75201";
    const austin = [...before.filter((p) => covers(p.pathname) && !p.pathname.startsWith("/botox-near-me/")), figured("austin", "fa2")];
    expect(targetPlan(austin, built, [1], covers).index.cityFigures).toEqual({ "/botox-near-me/austin": "fa2", "/botox-near-me/dallas": "fd1" });
    // A covered city page that is gone takes its figure with it.
    const dallasGone = (p: string) => p.includes("dallas");
    const plan = targetPlan([home], built, [3], dallasGone);
    expect(plan.remove).toContain("/botox-near-me/dallas");
    expect(plan.index.cityFigures).toEqual({ "/botox-near-me/austin": "fa1" });
  });
});
