import { describe, expect, it } from "vitest";
import { insertedRow } from "./returning.ts";

describe("insertedRow", () => {
  it("is the one row an insert returned", () => {
    expect(insertedRow([{ id: 7 }], "clinics")).toEqual({ id: 7 });
  });

  it("names the table when the insert returned nothing (instead of a TypeError further on)", () => {
    expect(() => insertedRow([], "blog_posts")).toThrow("insert into blog_posts returned no row");
  });
});
