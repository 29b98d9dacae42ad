/**
 * Publishing end to end: an edit saved in the admin reaches the public site through the
 * automatic rebuild (debounce, build into a new folder, atomic switch), on the clinic's page
 * and on its city page.
 */
import { describe, expect, it } from "vitest";
import { cityPath, clinicPath, type Clinic } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { REBUILD_TIMEOUT_MS, adminApi, expectToast, signedInPage, stack, uniqueCity, uniqueName, unexpectedErrors, untilServed } from "./helpers.ts";

const browser = useBrowser();

describe("publishing", () => {
  it(
    "shows a clinic renamed in the admin on its public page and its city page after the automatic rebuild",
    async () => {
      const { page, context, errors } = await signedInPage(browser(), "/clinics");
      const api = adminApi(context);
      // A clinic of our own in a city of its own: no other test edits either page.
      const name = uniqueName("Publish Glow Spa");
      const city = uniqueCity("Publishville");
      const created = await api.send<Clinic>("POST", "/clinics", {
        name,
        city,
        state: "OH",
        postalCode: "43215",
        latitude: 39.9612,
        longitude: -82.9988,
        phone: "6145550100",
      });
      const clinicPage = clinicPath(created.citySlug, created.slug);
      const cityPage = cityPath(created.citySlug);
      try {
        // Creating it is a content change too: it appears on the site without anyone asking.
        await untilServed(clinicPage, name);
        await untilServed(cityPage, name);

        type Status = { live: { id: number } | null; builds: { id: number; status: string; trigger: string }[] };
        const before = await api.get<Status>("/publish/status");

        // Rename it through the edit form.
        await page.goto(`${stack().urls.admin}/clinics/${created.id}`);
        await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
        await expect.poll(() => page.getByLabel("Name *").inputValue()).toBe(name);
        const renamed = `${name} Renamed`;
        await page.getByLabel("Name *").fill(renamed);
        await page.getByRole("button", { name: "Update Clinic" }).click();
        await expectToast(page, "Clinic updated");

        // The automatic rebuild publishes it: the same URLs now carry the new name.
        const html = await untilServed(clinicPage, renamed);
        expect(html).toContain(`<h1 class="text-3xl font-bold text-slate-900">${renamed}</h1>`);
        await untilServed(cityPage, renamed);

        // A visitor's browser sees it too.
        const visitor = await browser().newContext();
        const site = await visitor.newPage();
        await site.goto(stack().urls.site + clinicPage);
        await site.getByRole("heading", { level: 1, name: renamed }).waitFor();
        await site.goto(stack().urls.site + cityPage);
        await site.getByText(renamed).first().waitFor();
        await visitor.close();

        // The admin's publish status shows the build that did it: another than the one live
        // before the rename. It is the edit's own (content) build, or a full build that ran
        // meanwhile (another test's "Rebuild now", or a queued request, which runs as "webhook")
        // and caught up with the edits saved during it before it went live (decision 208).
        // Live from its switch, succeeded once it has recorded its ending a moment later.
        let status = await api.get<Status>("/publish/status");
        await expect
          .poll(async () => {
            status = await api.get<Status>("/publish/status");
            return status.builds.find((b) => b.id === status.live?.id)?.status;
          })
          .toBe("succeeded");
        const live = status.builds.find((b) => b.id === status.live?.id);
        // (A full build claimed before the rename can have the lower id.)
        expect(live!.id).not.toBe(before.live?.id);
        // A build that took queued requests along names them all ("rebuild+content").
        expect(
          live!.trigger.split("+").every((t) => ["content", "webhook", "rebuild", "nightly"].includes(t)),
          live!.trigger,
        ).toBe(true);
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await api.send("DELETE", `/clinics/${created.id}`).catch(() => undefined);
        await context.close();
      }
    },
    REBUILD_TIMEOUT_MS * 3,
  );
});
