import { describe, expect, it, vi } from "vitest";
import { MIN_PAGES, wantsRenderWorker, withRenderWorker } from "../render-pool.mjs";

// The worker's pages against the main thread's, byte for byte, on a real build:
// packages/publish/src/targeted-publish.test.ts (its full builds force the worker on).

describe("wantsRenderWorker", () => {
  it("runs a worker on two cores for a build of MIN_PAGES pages or more", () => {
    expect(wantsRenderWorker({}, MIN_PAGES, 2)).toBe(true);
    expect(wantsRenderWorker({}, MIN_PAGES - 1, 2)).toBe(false);
    expect(wantsRenderWorker({}, 50_000, 1)).toBe(false);
  });

  it("is forced off by 0 and on by 1, and refuses anything else", () => {
    expect(wantsRenderWorker({ SITE_RENDER_WORKERS: "0" }, 50_000, 8)).toBe(false);
    expect(wantsRenderWorker({ SITE_RENDER_WORKERS: "1" }, 3, 1)).toBe(true);
    expect(() => wantsRenderWorker({ SITE_RENDER_WORKERS: "2" }, 3, 2)).toThrow('SITE_RENDER_WORKERS must be 0 or 1, not "2"');
  });
});

/** A prerenderer whose pages render on the main thread as "main <url>". */
function fakeBase(entryUrl: string | undefined) {
  return {
    name: "fake",
    entryUrl,
    internals: { pagesByKeys: new Map(), entrySpecifierToBundleMap: new Map() },
    app: { getSettings: () => ({ scripts: [] }) },
    getStaticPaths: async () => [{ pathname: "/a/" }, { pathname: "/b/" }],
    render: vi.fn(async (request: Request) => `main ${request.url}`),
  };
}

const options = { routeData: { route: "/[slug]", component: "src/pages/[slug].astro" }, collectMetadata: false };

describe("withRenderWorker", () => {
  it("renders every page on the main thread when the worker cannot load the bundle", async () => {
    const base = fakeBase("data:text/javascript,throw new Error('no bundle here')");
    const log = { info: vi.fn(), warn: vi.fn() };
    const pool = withRenderWorker(base, { env: { SITE_RENDER_WORKERS: "1" }, log: () => log });
    await pool.getStaticPaths();
    await expect(pool.render(new Request("http://localhost/a/"), options)).resolves.toBe("main http://localhost/a/");
    await expect(pool.render(new Request("http://localhost/b/"), options)).resolves.toBe("main http://localhost/b/");
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/^render worker stopped \(it failed to start: .*no bundle here/s));
    await pool.teardown();
    expect(log.info).toHaveBeenCalledWith("render worker: 0 of 2 pages");
  });

  it("starts no worker without the patched prerenderer's bundle, and says so", async () => {
    const base = fakeBase(undefined);
    const log = { info: vi.fn(), warn: vi.fn() };
    const pool = withRenderWorker(base, { env: { SITE_RENDER_WORKERS: "1" }, log: () => log });
    await pool.getStaticPaths();
    await expect(pool.render(new Request("http://localhost/a/"), options)).resolves.toBe("main http://localhost/a/");
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("render worker not started"));
    await pool.teardown();
    expect(log.info).not.toHaveBeenCalled();
  });
});
