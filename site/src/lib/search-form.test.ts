import { describe, expect, it, vi } from "vitest";
import { bindSearchForms, searchProblem, searchRoute } from "./search-form.ts";

function form(variant: string) {
  document.body.insertAdjacentHTML("beforeend", `<form data-search="${variant}" action="/zip/"><input name="q" /><button>Search</button></form>`);
  return document.body.lastElementChild as HTMLFormElement;
}

function submit(f: HTMLFormElement, text: string) {
  f.querySelector("input")!.value = text;
  const event = new Event("submit", { cancelable: true });
  f.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("search boxes", () => {
  it("route five digits to the ZIP page, other text to the city page, trimmed", () => {
    expect(searchRoute("main", " 10001 ")).toBe("/zip/10001");
    expect(searchRoute("main", "  New York ")).toBe("/botox-near-me/new-york");
    expect(searchRoute("main", "1000")).toBe("/botox-near-me/1000");
    expect(searchRoute("main", " a ")).toBeNull();
    expect(searchRoute("main", "")).toBeNull();
  });

  it("route the near-me search to /city/{text}", () => {
    expect(searchRoute("near-me", "90012")).toBe("/zip/90012");
    expect(searchRoute("near-me", "Los Angeles")).toBe("/city/los-angeles");
    expect(searchRoute("near-me", "x")).toBeNull();
  });

  it("navigate on submit, and do nothing for empty or one-character input", () => {
    const main = form("main");
    const nearMe = form("near-me");
    const navigate = vi.fn();
    bindSearchForms(document, navigate);
    expect(submit(main, "33131")).toBe(true);
    expect(submit(main, "Chicago")).toBe(true);
    expect(submit(nearMe, "Miami")).toBe(true);
    expect(submit(main, "z")).toBe(true);
    expect(submit(main, "   ")).toBe(true);
    expect(navigate.mock.calls).toEqual([["/zip/33131"], ["/botox-near-me/chicago"], ["/city/miami"]]);
  });
});

describe("searchProblem (issue 16: a four-digit ZIP gets a clear message)", () => {
  it("flags digits that are not a five-digit ZIP, and nothing else", () => {
    expect(searchProblem(" 0210 ")).toBe("ZIP code must be exactly 5 digits.");
    expect(searchProblem("100011")).toBe("ZIP code must be exactly 5 digits.");
    expect(searchProblem("10001")).toBeNull();
    expect(searchProblem("St. Louis")).toBeNull();
    expect(searchProblem("1")).toBeNull();
  });
});
