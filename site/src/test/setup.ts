import "@testing-library/jest-dom/vitest";
import { afterEach, beforeEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import { siteQueryClient } from "../lib/query.ts";

// jsdom lays nothing out: scrolling is recorded, not performed.
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  // Islands share one QueryClient per page; each test starts with an empty cache.
  siteQueryClient().clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
