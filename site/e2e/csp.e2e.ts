/**
 * The site's CSP: no 'unsafe-inline' for scripts, yet every page's inline
 * scripts (Astro's island loader) run, because their hashes were computed from the build.
 */
import { expect, it } from "vitest";
import { openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();

it("serves a hash-only script-src and hydrates islands without a CSP violation", async () => {
  const res = await fetch(`${site}/`);
  const csp = res.headers.get("content-security-policy") ?? "";
  const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(res.headers.get("strict-transport-security")).toBeNull();

  const { page, errors, context } = await openPage(browser());
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  for (const path of ["/", "/botox-near-me", "/blog"]) {
    await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
    expect(violations, path).toEqual([]);
  }
  // Islands hydrate only when their inline loader ran (client:visible ones once scrolled to).
  await page.goto(`${site}/`, { waitUntil: "networkidle" });
  await page.waitForFunction(() => document.querySelector("astro-island:not([ssr])") !== null);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
