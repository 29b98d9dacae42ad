import { describe, expect, it } from "vitest";
import { codeOf, findCause } from "./error-cause.ts";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query"), { cause });
const coded = (code: unknown) => Object.assign(new Error("driver"), { code });

describe("findCause", () => {
  it("finds the first link the test accepts: the error itself, or one it wraps", () => {
    const inner = coded("23505");
    expect(findCause(inner, (e) => codeOf(e) === "23505")).toBe(inner);
    expect(findCause(wrapped(wrapped(inner)), (e) => codeOf(e) === "23505")).toBe(inner);
    const outer = Object.assign(wrapped(inner), { code: "23505" });
    expect(findCause(outer, (e) => codeOf(e) === "23505")).toBe(outer);
  });

  it("is undefined when no link matches, for non-objects, and stops on a cycle", () => {
    expect(findCause(wrapped(coded("23503")), (e) => codeOf(e) === "23505")).toBeUndefined();
    expect(findCause(null, () => true)).toBeUndefined();
    expect(findCause("boom", () => true)).toBeUndefined();
    const cycle: { cause?: unknown } = new Error("a");
    cycle.cause = cycle;
    let links = 0;
    expect(findCause(cycle, () => (links++, false))).toBeUndefined();
    expect(links).toBe(5);
  });
});

describe("codeOf", () => {
  it("is a link's string code, else undefined", () => {
    expect(codeOf(coded("ECONNREFUSED"))).toBe("ECONNREFUSED");
    expect(codeOf(coded(42))).toBeUndefined();
    expect(codeOf(new Error("x"))).toBeUndefined();
  });
});
