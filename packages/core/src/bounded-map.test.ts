import { describe, expect, it } from "vitest";
import { setBounded } from "./bounded-map.ts";

describe("setBounded", () => {
  it("keeps at most max entries, starting again when a new key would pass it", () => {
    const map = new Map<string, number>();
    for (const [i, k] of ["a", "b", "c"].entries()) setBounded(map, 3, k, i);
    expect([...map.keys()]).toEqual(["a", "b", "c"]);
    setBounded(map, 3, "b", 9);
    expect([...map.entries()]).toEqual([
      ["a", 0],
      ["b", 9],
      ["c", 2],
    ]);
    setBounded(map, 3, "d", 3);
    expect([...map.entries()]).toEqual([["d", 3]]);
  });
});
