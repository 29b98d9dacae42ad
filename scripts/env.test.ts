import { describe, expect, it } from "vitest";
import { readApiEnv } from "@botox/api/env";
import { localProductUrls } from "./env.ts";

describe("localProductUrls (npm start on any ports)", () => {
  it("derives the API, site and admin URLs and the allowed origins from the ports set", () => {
    const urls = localProductUrls({ PORT: "9100", SITE_PORT: "9200", ADMIN_PORT: "9300", PGLITE_PORT: "9400" });
    expect(urls).toEqual({
      PUBLIC_API_URL: "http://localhost:9100/api/v1",
      SITE_URL: "http://localhost:9200",
      VITE_API_URL: "http://localhost:9100/api/v1",
      ALLOWED_ORIGINS: "http://localhost:9200,http://localhost:9300,http://127.0.0.1:9200,http://127.0.0.1:9300",
      ADMIN_URL: "http://localhost:9300",
    });
    // What the API then reads: the admin's origin is allowed, nothing points at the default 8787.
    const env = readApiEnv({ PORT: "9100", SITE_PORT: "9200", ADMIN_PORT: "9300", ...urls });
    expect(env.ALLOWED_ORIGINS).toContain("http://localhost:9300");
    expect(JSON.stringify(env)).not.toMatch(/8787|4321|5173/);
  });

  it("gives the defaults of the documented ports when none is set", () => {
    expect(localProductUrls({})).toEqual({
      PUBLIC_API_URL: "http://localhost:8787/api/v1",
      SITE_URL: "http://localhost:4321",
      VITE_API_URL: "http://localhost:8787/api/v1",
      ALLOWED_ORIGINS: "http://localhost:4321,http://localhost:5173,http://127.0.0.1:4321,http://127.0.0.1:5173",
      ADMIN_URL: "http://localhost:5173",
    });
  });

  it("keeps every URL set explicitly", () => {
    const explicit = {
      PORT: "9100",
      PUBLIC_API_URL: "https://api.example.test/api/v1",
      SITE_URL: "https://www.example.test",
      VITE_API_URL: "https://admin-api.example.test/api/v1",
      ALLOWED_ORIGINS: "https://www.example.test,https://admin.example.test",
      ADMIN_URL: "https://admin.example.test",
    };
    expect(localProductUrls(explicit)).toEqual({
      PUBLIC_API_URL: explicit.PUBLIC_API_URL,
      SITE_URL: explicit.SITE_URL,
      VITE_API_URL: explicit.VITE_API_URL,
      ALLOWED_ORIGINS: explicit.ALLOWED_ORIGINS,
      ADMIN_URL: explicit.ADMIN_URL,
    });
    // The admin follows an explicit PUBLIC_API_URL when VITE_API_URL is not set.
    expect(localProductUrls({ PORT: "9100", PUBLIC_API_URL: explicit.PUBLIC_API_URL }).VITE_API_URL).toBe(explicit.PUBLIC_API_URL);
  });
});
