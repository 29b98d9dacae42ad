import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { BusinessStatus } from "@botox/core";
import { listedStatuses, listedStatusesCondition } from "./listed.ts";

describe("listedStatuses (the statuses a listing's filter lists)", () => {
  it("lists each status once, in the enum's order, and never the closed one; every status but it when none is given", () => {
    expect(listedStatuses(undefined)).toBeUndefined();
    expect(listedStatuses([])).toBeUndefined();
    // Each once and in one order: a zip-search statement's shape holds them (zip-search.ts `ZipShape`).
    expect(listedStatuses(["OPERATIONAL", "OPERATIONAL", "CLOSED_TEMPORARILY", "OPERATIONAL"])).toEqual(["OPERATIONAL", "CLOSED_TEMPORARILY"]);
    expect(listedStatuses(["CLOSED_TEMPORARILY", "OPERATIONAL"])).toEqual(["OPERATIONAL", "CLOSED_TEMPORARILY"]);
    expect(listedStatuses(["PERMANENTLY_CLOSED"])).toEqual([]);
  });
});

describe("listedStatusesCondition", () => {
  const rendered = (listed: readonly BusinessStatus[] | undefined) => new PgDialect().sqlToQuery(sql`${listedStatusesCondition(listed)}`);

  it("writes each status as a constant of the text, never a bound value (decision 217)", () => {
    expect(rendered(["OPERATIONAL", "CLOSED_TEMPORARILY"])).toEqual({
      sql: `"clinics"."business_status" IN ('OPERATIONAL', 'CLOSED_TEMPORARILY')`,
      params: [],
    });
    expect(rendered(undefined)).toEqual({ sql: `"clinics"."business_status" <> 'PERMANENTLY_CLOSED'`, params: [] });
    expect(rendered([])).toEqual({ sql: "false", params: [] });
  });

  it("refuses anything that is not a business status rather than write it into the text", () => {
    expect(() => listedStatusesCondition(["OPERATIONAL' OR true --" as BusinessStatus])).toThrow(/not a business status/);
  });
});
