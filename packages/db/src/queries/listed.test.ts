import { describe, expect, it } from "vitest";
import { listedStatuses } from "./listed.ts";

describe("listedStatuses (the statuses a listing's filter binds)", () => {
  it("lists each status once and never the closed one; every status but it when none is given", () => {
    expect(listedStatuses(undefined)).toBeUndefined();
    expect(listedStatuses([])).toBeUndefined();
    // Each once: a zip-search statement's shape counts them (clinic-search.ts `ZipShape`).
    expect(listedStatuses(["OPERATIONAL", "OPERATIONAL", "CLOSED_TEMPORARILY", "OPERATIONAL"])).toEqual(["OPERATIONAL", "CLOSED_TEMPORARILY"]);
    expect(listedStatuses(["PERMANENTLY_CLOSED"])).toEqual([]);
  });
});
