import { describe, expect, it } from "vitest";
import { toPostSlug, type BlogPost } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminApi, expectToast, makePng, publicGet, signedInPage, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

const content =
  "<h2>Before your appointment</h2><p>Botox aftercare starts before the appointment: avoid blood thinners and alcohol.</p>" +
  "<h2>After your appointment</h2><p>Botox aftercare means no rubbing, no lying down for four hours, and no hard exercise that day.</p>";

describe("blog posts", () => {
  it("creates a post with an uploaded image, readable through the public API", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/blog");
    await page.getByRole("link", { name: "New Post" }).click();
    await page.getByRole("heading", { name: "Create New Blog Post" }).waitFor();

    // Validation on submit: nothing is sent, the spec's messages show.
    await page.getByRole("button", { name: "Create Post" }).click();
    await page.getByText("Title must be at least 5 characters.").waitFor();
    await page.getByText("Content must be at least 50 characters.").waitFor();

    const title = uniqueName("E2E Botox Aftercare");
    const slug = toPostSlug(title);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await expect.poll(() => page.getByText("Title must be at least 5 characters.").count()).toBe(0);
    await expect.poll(() => page.getByLabel("Slug", { exact: true }).inputValue()).toBe(slug);
    await page.getByLabel("Category").selectOption({ label: "Treatments" });
    await page.getByLabel("Author").fill("Dr. E2E");
    // HTML goes in through the editor's source view (the visual tools: experience.e2e.ts).
    await page.getByRole("button", { name: "HTML source" }).click();
    await page.getByRole("textbox", { name: "Content HTML source" }).fill(content);
    await page.getByRole("switch", { name: "Publish Post" }).click();

    await page.getByRole("tab", { name: "SEO" }).click();
    await page.getByLabel("Featured image file").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng() });
    await page.getByAltText("Featured image preview").waitFor();
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Image uploaded successfully");
    const imageUrl = await page.getByLabel("Or image URL").inputValue();
    expect(imageUrl).toMatch(/^https?:\/\/.+\/uploads\/.+/);
    // The preview now shows the stored image, loaded from the API.
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('img[alt="Featured image preview"]')?.naturalWidth ?? 0) > 0);

    // Keyword suggestions after the pause; apply one.
    await page.getByRole("button", { name: "botox aftercare", exact: true }).click();
    await page.getByRole("button", { name: "Apply Selected Keywords" }).click();
    await expect.poll(() => page.getByLabel("Keywords").inputValue()).toBe("botox aftercare");
    await page.getByLabel("Meta Description").fill("How to look after your skin before and after Botox: what to avoid, for how long, and why.");
    await page.getByTestId("seo-score").waitFor();

    await page.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created");
    await page.waitForURL(/\/admin\/blog$/);
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByText("Published").waitFor();
    await row.getByText("Treatments").waitFor();

    // Read back through the public API, as the site does.
    const { status, body } = await publicGet<BlogPost>(`/blog/posts/slug/${slug}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title,
      slug,
      author: "Dr. E2E",
      featuredImage: imageUrl,
      published: true,
      keywords: "botox aftercare",
      metaTitle: title,
      category: expect.objectContaining({ name: "Treatments" }),
    });
    expect(body.content).toContain("<h2>After your appointment</h2>");
    expect(body.excerpt).toMatch(/^Before your appointment/);
    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);

    // Edit: loads, changes, and the public read follows.
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("heading", { name: "Edit Blog Post" }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill(`${title} Updated`);
    await expect.poll(() => page.getByLabel("Slug", { exact: true }).inputValue()).toBe(slug);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expectToast(page, "Blog post updated");
    await page.waitForURL(/\/admin\/blog$/);
    expect((await publicGet<BlogPost>(`/blog/posts/slug/${slug}`)).body.title).toBe(`${title} Updated`);

    // Delete from the list.
    await page.getByRole("button", { name: `Delete ${title} Updated` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Post deleted");
    expect((await publicGet(`/blog/posts/slug/${slug}`)).status).toBe(404);
    await expect(adminApi(context).get(`/blog/posts/${body.id}`)).rejects.toThrow(/404/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
