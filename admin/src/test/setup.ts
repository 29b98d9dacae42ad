import "@testing-library/jest-dom/vitest";
import { afterEach, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// Screens load lazily and CI machines are shared: give findBy/waitFor room before failing.
// A retrying wait only lasts long when something is broken, so the bound is generous (under
// the 20 s test timeout): at 4 s a loaded two-core run failed a dashboard check once.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.useRealTimers();
});

// jsdom has no layout: ProseMirror (the post editor) measures ranges to scroll the cursor into
// view. An element's empty measurements stand in.
if (typeof Range.prototype.getClientRects !== "function") {
  Range.prototype.getClientRects = () => document.createElement("span").getClientRects();
  Range.prototype.getBoundingClientRect = () => document.createElement("span").getBoundingClientRect();
}
