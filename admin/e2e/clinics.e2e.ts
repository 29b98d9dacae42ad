import { describe, expect, it } from "vitest";
import { toClinicSlug, toLinkSlug, type Clinic } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminApi, expectToast, signedInPage, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

describe("clinics", () => {
  it("creates (validation after blur and submit), edits and deletes a clinic", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/clinics");
    const api = adminApi(context);
    await page.getByRole("link", { name: "Add Clinic" }).click();
    await page.getByRole("heading", { name: "Add Clinic" }).waitFor();

    // After blur: only the field left.
    await page.getByLabel("Name *").focus();
    await page.getByLabel("Name *").blur();
    await page.getByText("Name is required").waitFor();
    await expect.poll(() => page.getByText("City is required").count()).toBe(0);

    // After submit: every message, and nothing sent.
    await page.getByLabel("Website").fill("not a url");
    await page.getByRole("button", { name: "Create Clinic" }).click();
    await page.getByText("City is required").waitFor();
    await page.getByText("State is required").waitFor();
    await page.getByText("Please enter a valid URL").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/clinics/create");

    const name = uniqueName("E2E Glow Clinic");
    const city = "Springfield";
    await page.getByLabel("Name *").fill(name);
    await page.getByLabel("City *").fill(city);
    await page.getByLabel("State *").fill("IL");
    await expect.poll(() => page.getByText("Name is required").count()).toBe(0);
    const slug = toClinicSlug(name, city);
    await expect.poll(() => page.getByLabel("Slug").inputValue()).toBe(slug);
    await page.getByText(`/botox-clinic/${toLinkSlug(city)}/${slug}`).waitFor();

    await page.getByLabel("Website").fill("https://glow.example.com");
    await page.getByLabel("Phone").fill("2175550142");
    await page.getByLabel("Full address").fill("1 Capitol Ave, Springfield, IL 62701");
    await page.getByLabel("Postal code").fill("62701");
    // The ZIP lookup settles first (its hint shows in the same render as the centroid it fills).
    // Playwright's fill selects the field, then inserts the text in a second step: a render of
    // the centroid landing between the two put the caret after it, and the typed digits ran on
    // ("39.80173939.7983", an invalid latitude; seen in CI on 2026-11-26). A person's focus
    // already cancels the lookup (claimCoords); this step is the test's own.
    await page.getByText(/ZIP 62701 (\(our ZIP table\)|is not in our ZIP table)/).waitFor();
    await page.getByLabel("Latitude").fill("39.7983");
    await page.getByLabel("Longitude").fill("-89.6544");
    await page.getByLabel("Reviews").fill("4.5 (126 reviews)");
    // Hours day by day: the editor starts from weekdays 9 to 5.
    await page.getByRole("button", { name: "Set hours" }).click();
    await page.getByLabel("Sunday hours").selectOption("closed");
    await page.getByLabel("Business status").selectOption("CLOSED_TEMPORARILY");
    await page.getByRole("button", { name: "Create Clinic" }).click();
    await expectToast(page, "Clinic created");
    await page.waitForURL(/\/admin\/clinics\/\d+$/);
    // A new clinic opens in its edit screen; Cancel goes back to the list.
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/admin\/clinics$/);

    // The list finds it with the admin status label.
    await page.getByLabel("Search clinics").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText("Temp. Closed").waitFor();
    await row.getByText("(217) 555-0142").waitFor();

    const [created] = (await api.get<{ clinics: Clinic[] }>(`/clinics?query=${encodeURIComponent(name)}`)).clinics;
    expect(created).toMatchObject({
      name,
      slug,
      city,
      state: "IL",
      site: "https://glow.example.com",
      businessStatus: "CLOSED_TEMPORARILY",
      latitude: 39.7983,
      workingHours: { Monday: "9 AM-5 PM", Sunday: "Closed" },
    });

    // The dashboard lists it among the recent changes, linking to its form.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("region", { name: "Recent changes" }).getByRole("link", { name }).click();

    // Edit: the form holds every saved value; the slug no longer follows the name.
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    await expect.poll(() => page.getByLabel("Reviews").inputValue()).toMatch(/^4\.5/);
    await expect.poll(() => page.getByLabel("Business status").inputValue()).toBe("CLOSED_TEMPORARILY");
    const renamed = `${name} Renamed`;
    await page.getByLabel("Name *").fill(renamed);
    await expect.poll(() => page.getByLabel("Slug").inputValue()).toBe(slug);
    await page.getByLabel("Business status").selectOption("OPERATIONAL");
    await page.getByRole("button", { name: "Update Clinic" }).click();
    await expectToast(page, "Clinic updated");
    await page.waitForURL(/\/admin\/clinics/);
    const edited = await api.get<Clinic>(`/clinics/${created!.id}`);
    expect(edited).toMatchObject({ name: renamed, slug, businessStatus: "OPERATIONAL" });

    // Delete after confirmation.
    await page.getByLabel("Search clinics").fill(renamed);
    await page.getByRole("button", { name: "Search" }).click();
    await page
      .getByRole("row")
      .filter({ hasText: renamed })
      .getByRole("button", { name: `Delete ${renamed}` })
      .click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(renamed).waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Clinic deleted");
    await page.getByText("No clinics found.").waitFor();
    await expect(api.get(`/clinics/${created!.id}`)).rejects.toThrow(/404/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("filters by business status and pages through the list", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/clinics?businessStatus=closed_temporarily");
    // The rows of the page asked for, not the previous ones kept while it loads.
    const settled = () => page.locator('table[aria-busy="false"]').waitFor();
    // Fixtures hold temporarily closed clinics; every row shown carries that label.
    await settled();
    const labels = await page.getByRole("row").locator("td:nth-child(5)").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(["Temp. Closed"]));

    await page.getByLabel("Business status").selectOption("");
    // The filtered list said "Page 1 of 1" too: wait for the unfiltered one (several pages;
    // the navigation is a transition, so the old table can still be on screen, not busy).
    await page.waitForURL((url) => !url.searchParams.has("businessStatus"));
    await page.getByText(/Page 1 of (?:[2-9]|\d{2,})$/).waitFor();
    await settled();
    const firstPage = await page.getByRole("row").locator("td:first-child").allTextContents();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(/Page 2 of \d+/).waitFor();
    await settled();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    const secondPage = await page.getByRole("row").locator("td:first-child").allTextContents();
    expect(secondPage.some((n) => firstPage.includes(n))).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
