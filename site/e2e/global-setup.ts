/**
 * One product stack for every browser test file, plus three stand-ins for the IP-geolocation
 * services on loopback (the site is built with their URLs as PUBLIC_GEO_SERVICES). Each
 * answers 200 with a failure the way the real services do (ipapi.co's error body, ipwho.is's
 * success:false, a non-JSON page), so pages load without console noise and the location
 * falls back to New York; tests that need other answers route these URLs in their browser.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { stackSetup } from "@botox/e2e/global-setup";

declare module "vitest" {
  export interface ProvidedContext {
    geoServices: string[];
  }
}

const ANSWERS: { path: string; type: string; body: string }[] = [
  { path: "/ipapi/json/", type: "application/json", body: JSON.stringify({ error: true, reason: "RateLimited" }) },
  { path: "/ipwho/", type: "application/json", body: JSON.stringify({ success: false, message: "Reserved range" }) },
  { path: "/freeipapi/api/json", type: "text/html", body: "<html><body>Service temporarily unavailable</body></html>" },
];

export async function startGeoStubs(): Promise<{ urls: string[]; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const answer = ANSWERS.find((a) => a.path === new URL(req.url ?? "/", "http://x").pathname);
    res.writeHead(answer ? 200 : 404, { "content-type": answer?.type ?? "text/plain", "access-control-allow-origin": "*", "cache-control": "no-store" });
    res.end(answer?.body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: ANSWERS.map((a) => base + a.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export default async function setup(project: TestProject) {
  const geo = await startGeoStubs();
  try {
    // The site's browser tests need no admin build.
    const teardown = await stackSetup({ admin: false, geoServices: geo.urls })(project);
    project.provide("geoServices", geo.urls);
    return async () => {
      await teardown();
      await geo.close();
    };
  } catch (err) {
    await geo.close();
    throw err;
  }
}
