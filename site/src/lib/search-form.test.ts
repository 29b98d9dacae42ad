import { describe, expect, it, vi } from "vitest";
import type { SearchLookup } from "@botox/core/contract";
import type { IndexedCity } from "./city-match.ts";
import { bindSearchForms } from "./search-form.ts";
import { SEARCH_WORDS } from "@botox/core/search-words";
import { treatmentPageOf } from "@botox/core/treatments";
import { listingBrand, resolveSearch, searchProblem, searchRoute, type SearchSources } from "./search-resolve.ts";

const city = (name: string, state: string, pageSlug: string, latitude: number, longitude: number, count = 3): IndexedCity => ({
  city: name,
  state,
  pageSlug,
  latitude,
  longitude,
  count,
});
const CITIES = [
  city("Chicago", "IL", "chicago", 41.88, -87.63, 40),
  city("New York", "NY", "new-york", 40.75, -73.99, 90),
  city("Nashville", "TN", "nashville", 36.16, -86.78),
  city("Evanston", "IL", "evanston", 42.05, -87.69),
  city("Springfield", "IL", "springfield-il", 39.8, -89.64),
  city("Springfield", "MO", "springfield-mo", 37.2, -93.3),
];
const NAPERVILLE: SearchLookup = { places: [{ city: "Naperville", state: "IL", zip: "60540", latitude: 41.76, longitude: -88.15 }], clinics: [] };
const GLOW: SearchLookup = { places: [], clinics: [{ name: "Glow Aesthetics", city: "Chicago", state: "IL", citySlug: "chicago", slug: "glow-aesthetics" }] };

function sources(here = { lat: 41.9, lon: -87.7 }): SearchSources & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    cities: () => Promise.resolve(CITIES),
    lookup: (text) => {
      lookups.push(text);
      const key = text.trim().toLowerCase();
      return Promise.resolve(key === "naperville" ? NAPERVILLE : key === "glow aesthetics" ? GLOW : { places: [], clinics: [] });
    },
    here: () => Promise.resolve(here),
  };
}

const to = async (text: string, variant = "main", s = sources()) => {
  const outcome = await resolveSearch(variant, text, s);
  return outcome.kind === "go" ? outcome.path : `say: ${outcome.message}`;
};

describe("resolveSearch: the page a search box's text leads to", () => {
  it("says what to type for empty or one-character text", async () => {
    expect(await to("")).toBe("say: Type a city, a ZIP code, a treatment such as Botox, Dysport or lip flip, or a clinic's name.");
    expect(await to("  a ")).toMatch(/^say: Type a city/);
  });

  it("sends a ZIP or ZIP+4 to the ZIP page, and says when digits are no ZIP", async () => {
    expect(await to(" 10001 ")).toBe("/zip/10001");
    expect(await to("60601-1234")).toBe("/zip/60601");
    expect(await to("0210")).toBe("say: ZIP code must be exactly 5 digits.");
  });

  it("sends a city page's name, however typed, straight to its page", async () => {
    expect(await to("Chicago")).toBe("/botox-near-me/chicago");
    expect(await to("chicgo")).toBe("/botox-near-me/chicago");
    expect(await to("Chicago, IL")).toBe("/botox-near-me/chicago");
    expect(await to("springfield mo")).toBe("/botox-near-me/springfield-mo");
    expect(await to("Chicgo", "near-me")).toBe("/city/chicago");
  });

  it("places a town of the ZIP data by its ZIP, never by a similar spelling", async () => {
    expect(await to("Naperville")).toBe("/zip/60540");
  });

  it("sends a clinic's name to the clinic", async () => {
    expect(await to("Glow Aesthetics")).toBe("/botox-clinic/chicago/glow-aesthetics");
  });

  it("sends a brand to the city nearest the visitor, filtered by the brand", async () => {
    expect(await to("Dysport")).toBe("/botox-near-me/chicago?brand=dysport&sort=price-asc");
    expect(await to("dysprot")).toBe("/botox-near-me/chicago?brand=dysport&sort=price-asc");
    expect(await to("botex near me")).toBe("/botox-near-me/chicago?brand=botox&sort=price-asc");
    expect(await to("xeomin", "main", sources({ lat: 40.7, lon: -74 }))).toBe("/botox-near-me/new-york?brand=xeomin&sort=price-asc");
  });

  it("sends a brand with a place to that place", async () => {
    expect(await to("jeuveau new york")).toBe("/botox-near-me/new-york?brand=jeuveau&sort=price-asc");
    // ZIP listings filter by brand too, cheapest first (the ZIP page's own sort value).
    expect(await to("Botox 60601")).toBe("/zip/60601?brand=botox&sort=price");
    expect(await to("daxxify naperville")).toBe("/zip/60540?brand=daxxify&sort=price");
    expect(await to("letybo near 60601-1234")).toBe("/zip/60601?brand=letybo&sort=price");
  });

  it("sends the treatment's other names without a place to the treatment's page", async () => {
    expect(await to("lip flip")).toBe("/botox-treatments/lip-flip");
    expect(await to("masseter")).toBe("/botox-treatments/masseter");
    expect(await to("jaw slimming")).toBe("/botox-treatments/masseter");
    expect(await to("trap tox")).toBe("/botox-treatments/trap-tox");
    expect(await to("baby botox")).toBe("/botox-treatments/baby-botox");
    expect(await to("neurotoxin")).toBe("/botox-treatments/neurotoxin-injections");
    expect(await to("lip flip near me")).toBe("/botox-treatments/lip-flip");
  });

  it("sends a treatment word with a place to that place's listing, unfiltered", async () => {
    expect(await to("lip flip Chicago")).toBe("/botox-near-me/chicago");
    expect(await to("masseter 60601")).toBe("/zip/60601");
  });

  it("every word of the synonyms table leads where its row says, word by word", async () => {
    for (const row of SEARCH_WORDS) {
      const page = treatmentPageOf(row);
      for (const word of row.words) {
        const want = page ? `/botox-treatments/${page.slug}` : `/botox-near-me/chicago?brand=${row.brand}&sort=price-asc`;
        expect(await to(word), word).toBe(want);
        expect(await to(`${word} chicago`), `${word} chicago`).toBe(page ? "/botox-near-me/chicago" : want);
        expect(await to(`${word} 60601`), `${word} 60601`).toBe(page ? "/zip/60601" : `/zip/60601?brand=${row.brand}&sort=price`);
      }
    }
  });

  it("leaves anything else to the city address, whose page offers cities by distance", async () => {
    expect(await to("Zzyzx Springs")).toBe("/botox-near-me/zzyzx-springs");
    expect(await to("Zzyzx Springs", "near-me")).toBe("/city/zzyzx-springs");
  });
});

describe("listingBrand", () => {
  it("keeps only brands the listings filter by", () => {
    expect(listingBrand("dysport")).toBe("dysport");
    expect(listingBrand("other")).toBeNull();
    expect(listingBrand(null)).toBeNull();
    expect(listingBrand("nobrand")).toBeNull();
  });
});

describe("search boxes", () => {
  function form(variant: string) {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<form data-search="${variant}" action="/zip/"><input name="q" /><button>Search</button><p data-search-message hidden></p></form>`,
    );
    return document.body.lastElementChild as HTMLFormElement;
  }
  function submit(f: HTMLFormElement, text: string) {
    f.querySelector("input")!.value = text;
    const event = new Event("submit", { cancelable: true });
    f.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it("navigate once the text is resolved, and say what to type for empty input", async () => {
    document.body.innerHTML = "";
    const main = form("main");
    const navigate = vi.fn();
    bindSearchForms(document, navigate, sources());
    expect(submit(main, "33131")).toBe(true);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(submit(main, "chicgo")).toBe(true);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    expect(submit(main, "   ")).toBe(true);
    const message = main.querySelector<HTMLElement>("[data-search-message]")!;
    await vi.waitFor(() => expect(message.hidden).toBe(false));
    expect(message.textContent).toMatch(/^Type a city/);
    expect(navigate.mock.calls).toEqual([["/zip/33131"], ["/botox-near-me/chicago"]]);
  });
});

describe("searchRoute and searchProblem", () => {
  it("route five digits to the ZIP page, other text to the city page", () => {
    expect(searchRoute("main", " 10001 ")).toBe("/zip/10001");
    expect(searchRoute("main", "  New York ")).toBe("/botox-near-me/new-york");
    expect(searchRoute("near-me", "Los Angeles")).toBe("/city/los-angeles");
    expect(searchRoute("main", "")).toBeNull();
  });

  it("flag digits that are not a five-digit ZIP, and nothing else", () => {
    expect(searchProblem(" 0210 ")).toBe("ZIP code must be exactly 5 digits.");
    expect(searchProblem("100011")).toBe("ZIP code must be exactly 5 digits.");
    expect(searchProblem("10001")).toBeNull();
    expect(searchProblem("St. Louis")).toBeNull();
  });
});
