import { describe, expect, it } from "vitest";
import { toCategorySlug, type BlogCategory, type BlogPost } from "@botox/core";
import { useBrowser } from "@botox/e2e/hooks";
import { adminApi, expectToast, publicGet, signedInPage, uniqueName, unexpectedErrors } from "./helpers.ts";

const browser = useBrowser();

describe("blog categories", () => {
  it("creates, edits and deletes a category; its posts become uncategorized", async () => {
    const { page, context, errors } = await signedInPage(browser(), "/blog");
    const api = adminApi(context);
    await page.getByRole("link", { name: "Categories", exact: true }).click();
    await page.getByRole("heading", { name: "Blog Categories" }).waitFor();
    const form = page.getByRole("form", { name: "Create Category" });

    // Validation on submit, then on change.
    await form.getByRole("button", { name: "Create Category" }).click();
    await page.getByText("Category name must be at least 2 characters.").waitFor();
    await page.getByText("Slug must be at least 2 characters.").waitFor();
    const name = uniqueName("E2E Lip Care");
    await page.getByLabel("Category Name").fill(name);
    await expect.poll(() => page.getByText("Category name must be at least 2 characters.").count()).toBe(0);
    const slug = toCategorySlug(name);
    await expect.poll(() => page.getByLabel("Slug").inputValue()).toBe(slug);

    await form.getByRole("button", { name: "Create Category" }).click();
    await expectToast(page, "The category has been successfully created.");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText(slug, { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel("Category Name").inputValue()).toBe("");

    // A published post in the new category (made through the API: this test edits categories).
    const category = (await api.get<BlogCategory[]>("/blog/categories")).find((c) => c.slug === slug)!;
    const postSlug = `${slug}-post`;
    await api.send("POST", "/blog/posts", {
      title: `Post filed under ${name}`,
      slug: postSlug,
      content: "<p>A post that lives in a category which is about to be renamed and then deleted.</p>",
      author: "E2E",
      categoryId: category.id,
      published: true,
    });

    // Edit: the slug does not follow the name in edit mode.
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const editForm = page.getByRole("form", { name: "Edit Category" });
    await editForm.waitFor();
    await page.getByText("Edit the details of an existing category").waitFor();
    const renamed = `${name} Renamed`;
    await page.getByLabel("Category Name").fill(renamed);
    await expect.poll(() => page.getByLabel("Slug").inputValue()).toBe(slug);
    await editForm.getByRole("button", { name: "Update Category" }).click();
    await expectToast(page, "The category has been successfully updated.");
    await page.getByRole("form", { name: "Create Category" }).waitFor();
    const renamedRow = page.getByRole("row").filter({ hasText: renamed });
    await renamedRow.waitFor();
    expect((await publicGet<BlogPost>(`/blog/posts/slug/${postSlug}`)).body.category?.name).toBe(renamed);

    // Delete with the spec's confirmation.
    await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Are you sure you want to delete this category? All posts in this category will be uncategorized.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "The category has been successfully deleted.");
    await renamedRow.waitFor({ state: "detached" });

    const post = (await publicGet<BlogPost>(`/blog/posts/slug/${postSlug}`)).body;
    expect(post.categoryId).toBeNull();

    // 'Back to Posts' goes back in history: to the post list, which shows the post uncategorized.
    await page.getByRole("button", { name: "Back to Posts" }).click();
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    await page
      .getByRole("row")
      .filter({ hasText: `Post filed under ${name}` })
      .getByText("Uncategorized")
      .waitFor();

    await api.send("DELETE", `/blog/posts/${post.id}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
