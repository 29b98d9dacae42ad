import { describe, expect, it } from "vitest";
import { MAX_ID, isId, parseId } from "./ids.ts";

describe("parseId", () => {
  it("reads positive 32-bit integers in plain digits", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("0042")).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it("gives null for anything a serial id cannot be", () => {
    for (const raw of ["", "0", "-1", "1.5", "1e3", " 1", "0x10", "٣", "2147483648", "99999999999", null, undefined]) {
      expect(parseId(raw)).toBeNull();
    }
  });
});

describe("isId", () => {
  it("accepts whole numbers from 1 to 2^31-1 only", () => {
    expect([1, MAX_ID].map(isId)).toEqual([true, true]);
    expect([0, -1, 1.5, MAX_ID + 1, Number.NaN].map(isId)).toEqual([false, false, false, false, false]);
  });
});
