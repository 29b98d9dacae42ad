import { describe, expect, it, vi } from "vitest";
import { takeConsoleOutput } from "./fail-on-console.ts";

describe("fail-on-console (the setup file of every package's tests)", () => {
  it("records console.error and console.warn, which then fail the test unless taken here", () => {
    console.warn("a warning", 1);
    console.error(new Error("an error"));
    const output = takeConsoleOutput();
    expect(output[0]).toBe("console.warn: a warning 1");
    expect(output[1]).toMatch(/^console\.error: Error: an error\n\s+at /);
    expect(takeConsoleOutput()).toEqual([]);
  });

  it("records nothing while a test spies on the console to expect output", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    console.warn("expected");
    expect(warn).toHaveBeenCalledWith("expected");
    warn.mockRestore();
    expect(takeConsoleOutput()).toEqual([]);
  });
});
