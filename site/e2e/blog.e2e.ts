/** Blog (product.md §2.12): category chips, 6 posts per page, pagination, posts, noIndex and drafts. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, site, useBrowser } from "./support.ts";

const browser = useBrowser();
const titles = (page: Page) => page.locator("[data-blog-list] h2").allTextContents();
const pager = (page: Page) => page.getByRole("navigation", { name: "Blog pages" });

describe("blog list", () => {
  it("shows 6 posts per page, newest first, with pagination", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/blog`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Blog");
    await expect(titles(page)).resolves.toEqual([
      "Botox Guide Part 8",
      "Botox Guide Part 7",
      "Botox Guide Part 6",
      "Botox Guide Part 5",
      "Botox Guide Part 4",
      "Botox Guide Part 3",
    ]);
    await expect(pager(page).locator("a, span").allTextContents()).resolves.toEqual(["Previous", "1", "2", "3", "Next"]);
    await expect.poll(() => pager(page).getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await Promise.all([page.waitForURL(`${site}/blog/page/2`), pager(page).getByRole("link", { name: "Next" }).click()]);
    await expect(titles(page)).resolves.toEqual([
      "Botox Guide Part 2",
      "Botox Guide Part 1",
      "Aftercare Tip 1",
      "Aftercare Tip 2",
      "Aftercare Tip 3",
      "Aftercare Tip 4",
    ]);
    await Promise.all([page.waitForURL(`${site}/blog/page/3`), pager(page).getByRole("link", { name: "Page 3" }).click()]);
    await expect(titles(page)).resolves.toEqual(["Aftercare Tip 5", "Aftercare Tip 6", "Aftercare Tip 7"]);
    await Promise.all([page.waitForURL(`${site}/blog/page/2`), pager(page).getByRole("link", { name: "Previous" }).click()]);
    // The draft never shows.
    await expect.poll(() => page.getByText("Unpublished Draft Post").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters by category with the chips, pages within a category, shows an empty one, and accepts /blog?category={slug}", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/blog`);
    const chips = page.getByRole("navigation", { name: "Blog categories" });
    await expect(chips.getByRole("link").allTextContents()).resolves.toEqual(["All Posts", "Aftercare", "Costs", "Events", "Treatments"]);
    await expect.poll(() => chips.getByRole("link", { name: "All Posts" }).getAttribute("aria-current")).toBe("page");

    await Promise.all([page.waitForURL(`${site}/blog/category/costs`), chips.getByRole("link", { name: "Costs" }).click()]);
    await expect(titles(page)).resolves.toEqual(["Botox Guide Part 8", "Botox Guide Part 7"]);
    await expect
      .poll(() => page.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: "Costs" }).getAttribute("aria-current"))
      .toBe("page");
    await expect.poll(() => pager(page).count()).toBe(0);

    await Promise.all([
      page.waitForURL(`${site}/blog/category/aftercare`),
      page.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: "Aftercare" }).click(),
    ]);
    await expect(titles(page)).resolves.toHaveLength(6);
    await Promise.all([page.waitForURL(`${site}/blog/category/aftercare/page/2`), pager(page).getByRole("link", { name: "Next" }).click()]);
    await expect(titles(page)).resolves.toEqual(["Aftercare Tip 7"]);
    await Promise.all([
      page.waitForURL(`${site}/blog`),
      page.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: "All Posts" }).click(),
    ]);

    await Promise.all([
      page.waitForURL(`${site}/blog/category/events`),
      page.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: "Events" }).click(),
    ]);
    await page.getByText("No blog posts found").waitFor();
    await expect(titles(page)).resolves.toEqual([]);

    await page.goto(`${site}/blog?category=treatments`);
    await page.waitForURL(`${site}/blog/category/treatments`);
    await expect(titles(page)).resolves.toEqual([
      "Botox Guide Part 6",
      "Botox Guide Part 5",
      "Botox Guide Part 4",
      "Botox Guide Part 3",
      "Botox Guide Part 2",
      "Botox Guide Part 1",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("blog post", () => {
  it("shows the category link, title, author, date, sanitized HTML, back link and 3 recent posts other than itself", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`${site}/blog`);
    await Promise.all([page.waitForURL(`${site}/blog/botox-guide-part-7`), page.getByRole("link", { name: "Botox Guide Part 7" }).click()]);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botox Guide Part 7");
    await expect.poll(() => page.getByRole("main").getByRole("link", { name: "Costs" }).getAttribute("href")).toBe("/blog/category/costs");
    await page.getByText(/^By Dr\. Jane Smith · 7 Jan 2026/).waitFor();
    await expect.poll(() => page.locator(".prose-post h2").textContent()).toBe("Section");
    await expect.poll(() => page.locator(".prose-post p").count()).toBe(3);
    await expect.poll(() => page.locator(".prose-post script").count()).toBe(0);
    const recent = page.getByRole("region", { name: "Recent Posts" });
    await expect(recent.getByRole("heading", { level: 3 }).allTextContents()).resolves.toEqual([
      "Botox Guide Part 8",
      "Botox Guide Part 6",
      "Botox Guide Part 5",
    ]);
    await Promise.all([page.waitForURL(`${site}/blog`), page.getByRole("link", { name: "← Back to Blog" }).click()]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tells search engines not to index a noIndex post; a draft or unknown post is 'Blog Post Not Found'", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site}/blog/botox-guide-part-8`);
    await expect.poll(() => page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    await page.goto(`${site}/blog/botox-guide-part-7`);
    await expect.poll(() => page.locator('meta[name="robots"]').count()).toBe(0);

    for (const slug of ["unpublished-draft-post", "no-such-post"]) {
      const res = await page.goto(`${site}/blog/${slug}`);
      expect(res?.status()).toBe(404);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog Post Not Found");
      await expect.poll(() => page.getByRole("link", { name: "← Back to Blog" }).getAttribute("href")).toBe("/blog");
    }
    await context.close();
  });
});
