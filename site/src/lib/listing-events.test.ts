import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import ts from "typescript";
import { afterEach, describe, expect, it, vi, type Mock } from "vitest";
import { LISTING_EVENT_TYPES } from "@botox/core";
import { startListingEvents, type SendBeacon } from "./listing-events.ts";

const URL = "https://api.example.test/api/v1/events";

function page(body: string) {
  document.body.innerHTML = `<div data-events-url="${URL}" data-clinic-id="42">${body}</div><a href="tel:+15125550100" data-event="call" id="outside">Call</a>`;
  return document.querySelector<HTMLElement>("[data-events-url]")!;
}

/** What was sent: each beacon's URL, body type and JSON. */
async function sent(send: Mock<SendBeacon>) {
  return Promise.all(send.mock.calls.map(async ([url, body]) => ({ url, type: body.type, json: JSON.parse(await body.text()) as unknown })));
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the clinic page's beacon", () => {
  it("sends one view per load, as JSON in a text/plain body to the API's /events", async () => {
    const send = vi.fn<SendBeacon>(() => true);
    startListingEvents(page("<p>No deals</p>"), send);
    expect(await sent(send)).toEqual([{ url: URL, type: "text/plain", json: { clinicId: 42, type: "view" } }]);
  });

  it("sends one deal-view when the page shows a deal, none when every deal is hidden", async () => {
    const shown = vi.fn<SendBeacon>(() => true);
    startListingEvents(page(`<ul><li data-deal>Spring Botox</li><li data-deal>Winter Botox</li></ul>`), shown);
    expect((await sent(shown)).map((s) => s.json)).toEqual([
      { clinicId: 42, type: "view" },
      { clinicId: 42, type: "deal-view" },
    ]);
    const ended = vi.fn<SendBeacon>(() => true);
    startListingEvents(page(`<ul><li data-deal hidden>Old offer</li></ul>`), ended);
    expect((await sent(ended)).map((s) => s.json)).toEqual([{ clinicId: 42, type: "view" }]);
  });

  it("counts taps on marked links through one listener: the link's own kind, from anything inside it", async () => {
    const send = vi.fn<SendBeacon>(() => true);
    const root = page(`
      <a href="tel:+15125550100" data-event="call"><span id="inner">Call</span></a>
      <a href="https://clinic.example" data-event="website" id="site">Visit Website</a>
      <a href="https://maps.example" data-event="directions" id="maps">Get Directions</a>
      <a href="https://book.example" data-event="booking" id="book">Book online</a>
      <a href="/botox-near-me/austin" id="plain">All clinics</a>`);
    const addListener = vi.spyOn(root, "addEventListener");
    startListingEvents(root, send);
    expect(addListener.mock.calls.map(([type]) => type)).toEqual(["click", "auxclick"]);
    const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    click("inner");
    click("site");
    click("maps");
    click("book");
    click("plain");
    click("outside");
    document.getElementById("site")!.dispatchEvent(new MouseEvent("auxclick", { bubbles: true, button: 1 }));
    expect((await sent(send)).map((s) => (s.json as { type: string }).type)).toEqual(["view", "call", "website", "directions", "booking", "website"]);
  });

  it("does nothing without an events address or a clinic, and keeps the page working when a beacon fails", () => {
    document.body.innerHTML = `<div data-clinic-id="42"></div>`;
    const send = vi.fn<SendBeacon>(() => true);
    startListingEvents(document.querySelector<HTMLElement>("div")!, send);
    expect(send).not.toHaveBeenCalled();
    const failing = vi.fn<SendBeacon>(() => {
      throw new TypeError("sendBeacon is not available");
    });
    expect(() => startListingEvents(page(""), failing)).not.toThrow();
  });

  it("names only kinds the API counts, on the clinic page", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "../components/ClinicDetail.astro"), "utf8");
    const kinds = [...source.matchAll(/data-event="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(kinds)).toEqual(new Set(["call", "website", "directions", "booking"]));
    for (const kind of kinds) expect(LISTING_EVENT_TYPES).toContain(kind);
  });
});

describe("the beacon's weight", () => {
  it("adds at most 1 KB gzip to a page: the module and the page's call, as JavaScript", () => {
    // The module as the bundler gets it (types and comments gone, not minified: an upper
    // bound of what the page loads), and the clinic page's lines that start it.
    const dir = import.meta.dirname;
    const module = ts.transpileModule(fs.readFileSync(path.join(dir, "listing-events.ts"), "utf8"), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
    }).outputText;
    const detail = fs.readFileSync(path.join(dir, "../components/ClinicDetail.astro"), "utf8");
    const call = /\/\/ listing-events: start\n([\s\S]*?)\/\/ listing-events: end/.exec(detail)?.[1];
    expect(call, "the clinic page starts the beacon between `// listing-events: start` and `// listing-events: end`").toBeDefined();
    const bytes = zlib.gzipSync(`${module}\n${call}`, { level: 9 }).length;
    expect(bytes).toBeLessThanOrEqual(1024);
  });
});
