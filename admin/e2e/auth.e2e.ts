import { describe, expect, it } from "vitest";
import { newTrackedPage } from "@botox/e2e";
import { useBrowser, useDatabase } from "@botox/e2e/hooks";
import { adminApi, adminUrl, expectToast, login, sessionIdOf, signedInPage, stack, submitLogin, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();
const database = useDatabase();

const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe("login and logout", () => {
  it("requires both fields, returns to the page first asked for, and logs out on the server too", async () => {
    const { page, context, errors } = await newTrackedPage(browser());
    await page.goto(adminUrl("/clinics?query=Glow"));
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    expect(path(page.url())).toBe("/admin/login");

    await page.getByLabel("Username").fill(stack().admin.username);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Please enter both username and password").waitFor();

    await submitLogin(page);
    await page.getByRole("heading", { name: "Clinics" }).waitFor();
    expect(path(page.url())).toBe("/admin/clinics?query=Glow");
    await expect.poll(() => page.getByLabel("Search clinics").inputValue()).toBe("Glow");

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    expect(path(page.url())).toBe("/admin/login");
    // The server session is gone: the old cookie no longer opens the area.
    const stats = await context.request.get(`${stack().urls.api}/stats`);
    expect(stats.status()).toBe(401);
    await page.goto(adminUrl("/"));
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();

    // Without a page asked for, the dashboard is where the admin lands.
    await submitLogin(page);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(path(page.url())).toBe("/admin");
    const counts = await adminApi(context).get<{ totalClinics: number }>("/stats");
    await page.getByRole("link", { name: `Total Clinics ${counts.totalClinics}` }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("answers a wrong password with 'Invalid username or password'", async () => {
    const { page, context } = await newTrackedPage(browser());
    await page.goto(adminUrl("/login"));
    await submitLogin(page, { username: stack().admin.username, password: "definitely-wrong" });
    await page.getByText("Invalid username or password").waitFor();
    expect(path(page.url())).toBe("/admin/login");
    // The right password still works afterwards (one failure is far from the throttle).
    await submitLogin(page);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await context.close();
  });
});

describe("expired session", () => {
  it("mid-work: a save answered 401 goes to login, and the typed form comes back after signing in", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/clinics/create");
    const name = uniqueName("Expiry Spa");
    await page.getByLabel("Name *").fill(name);
    await page.getByLabel("City *").fill("Boston");
    await page.getByLabel("State *").fill("MA");
    await page.getByLabel("Phone").fill("6175550100");

    const id = await sessionIdOf(context);
    await database().sql`update sessions set expires_at = now() - interval '1 minute' where id = ${id}`;

    await page.getByRole("button", { name: "Create Clinic" }).click();
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await page.getByText("Your session has expired").waitFor();
    await submitLogin(page);

    await page.getByRole("heading", { name: "Add Clinic" }).waitFor();
    expect(path(page.url())).toBe("/admin/clinics/create");
    await expect.poll(() => page.getByLabel("Name *").inputValue()).toBe(name);
    await expect.poll(() => page.getByLabel("City *").inputValue()).toBe("Boston");
    await expect.poll(() => page.getByLabel("Phone").inputValue()).toBe("6175550100");

    await page.getByRole("button", { name: "Create Clinic" }).click();
    await expectToast(page, "Clinic created");
    await page.waitForURL(/\/admin\/clinics\/\d+$/);
    await page.getByRole("heading", { name: "Edit Clinic" }).waitFor();
    const found = await adminApi(context).get<{ clinics: { name: string; city: string }[] }>(`/clinics?query=${encodeURIComponent(name)}`);
    expect(found.clinics).toEqual([expect.objectContaining({ name, city: "Boston" })]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("deleted session rows: the next page load goes to login, then back to that page", async () => {
    const { page, context } = await signedInPage(browser(), "/blog/categories");
    await page.getByRole("heading", { name: "Blog Categories" }).waitFor();
    const id = await sessionIdOf(context);
    await database().sql`delete from sessions where id = ${id}`;

    await page.goto(adminUrl("/blog"));
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await submitLogin(page);
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    expect(path(page.url())).toBe("/admin/blog");
    await context.close();
  });
});

// Keeps the helper exercised when every other file is filtered out.
it("login helper reaches the dashboard", async () => {
  const { page, context } = await newTrackedPage(browser());
  await login(page);
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await context.close();
});
