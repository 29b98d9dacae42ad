import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { apiError, createFakeApi, failWith, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const cats = [
  { id: 1, name: "Botox Treatments", slug: "botox-treatments" },
  { id: 2, name: "News", slug: "news" },
];

describe("blog categories", () => {
  it("shows the loading and empty texts", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": [] });
    renderApp(api, "/blog/categories");
    expect(await screen.findByText(MSG.admin.loadingCategories)).toBeInTheDocument();
    expect(await screen.findByText(MSG.admin.noCategories)).toBeInTheDocument();
    expect(screen.getByText(MSG.admin.noCategoriesHint)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Blog Categories" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to Posts" })).toBeInTheDocument();
    expect(screen.getByText("Add a new category for blog posts")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("e.g. Botox Treatments")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("e.g. botox-treatments")).toBeInTheDocument();
    expect(screen.getByText("This will be used in the URL.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
  });

  it("validates on submit, then on change", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats });
    renderApp(api, "/blog/categories");
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Category Name");
    const slug = screen.getByLabelText("Slug");
    await user.type(slug, "Bad Slug");
    expect(screen.queryByText(MSG.validation.slugPattern)).not.toBeInTheDocument();
    await user.type(name, "A");
    expect(screen.queryByText(MSG.validation.categoryName)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Category" }));
    expect(screen.getByText(MSG.validation.categoryName)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.slugPattern)).toBeInTheDocument();
    await user.type(name, "b");
    expect(screen.queryByText(MSG.validation.categoryName)).not.toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, "x");
    expect(screen.getByText(MSG.validation.categorySlugMin)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("auto-fills the slug in create mode only, and Cancel leaves edit mode", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /blog/categories": { id: 3, name: "Lip Fillers & More", slug: "lip-fillers-more" },
    });
    renderApp(api, "/blog/categories");
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Category Name");
    await user.type(name, "Lip Fillers & More");
    expect(screen.getByLabelText("Slug")).toHaveValue("lip-fillers-more");
    await user.click(screen.getByRole("button", { name: "Create Category" }));
    await waitFor(() => expect(callsTo("POST", "/blog/categories")).toHaveLength(1));
    expect(callsTo("POST", "/blog/categories")[0]?.body).toEqual({ name: "Lip Fillers & More", slug: "lip-fillers-more" });
    expect(await screen.findByText(MSG.admin.categoryCreated)).toBeInTheDocument();
    expect(screen.getByLabelText("Category Name")).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Edit News" }));
    expect(screen.getByRole("heading", { name: "Edit Category" })).toBeInTheDocument();
    expect(screen.getByText("Edit the details of an existing category")).toBeInTheDocument();
    expect(screen.getByLabelText("Slug")).toHaveValue("news");
    await user.type(screen.getByLabelText("Category Name"), " Extra");
    expect(screen.getByLabelText("Slug")).toHaveValue("news");
    expect(screen.getByRole("button", { name: "Update Category" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("heading", { name: "Create Category" })).toBeInTheDocument();
    expect(screen.getByLabelText("Category Name")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
  });

  it("updates with PATCH, deletes after the spec's confirmation, and shows failure toasts", async () => {
    let deleteFails = true;
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "PATCH /blog/categories/2": { id: 2, name: "Newsroom", slug: "news" },
      "DELETE /blog/categories/1": () => {
        if (deleteFails) throw apiError(500);
        return null;
      },
    });
    renderApp(api, "/blog/categories");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit News" }));
    await user.clear(screen.getByLabelText("Category Name"));
    await user.type(screen.getByLabelText("Category Name"), "Newsroom");
    await user.click(screen.getByRole("button", { name: "Update Category" }));
    expect(await screen.findByText(MSG.admin.categoryUpdated)).toBeInTheDocument();
    expect(callsTo("PATCH", "/blog/categories/2")[0]?.body).toEqual({ name: "Newsroom", slug: "news" });

    await user.click(screen.getByRole("button", { name: "Delete Botox Treatments" }));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText(MSG.admin.categoryDeleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MSG.admin.categoryDeleteError)).toBeInTheDocument();
    deleteFails = false;
    await user.click(screen.getByRole("button", { name: "Delete Botox Treatments" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MSG.admin.categoryDeleted)).toBeInTheDocument();
    // Refetched after save and delete (the refetch may start after the message shows).
    await waitFor(() => expect(callsTo("GET", "/blog/categories").length).toBeGreaterThanOrEqual(3));
  });
});

describe("blog categories: going back and failed saves", () => {
  const emptyPosts = { posts: [], pagination: { total: 0, limit: 100, page: 1, totalPages: 0 } };

  it("'Back to Posts' goes back in history", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats, "GET /blog/posts": emptyPosts });
    renderApp(api, "/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Blog Categories" }));
    await user.click(await screen.findByRole("button", { name: "Back to Posts" }));
    // Back where the admin came from (the dashboard), not to a fixed place.
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
  });

  it("'Back to Posts' opens the post list when the page was opened directly", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats, "GET /blog/posts": emptyPosts });
    renderApp(api, "/blog/categories");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Back to Posts" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/blog$/));
  });

  it("a failed save toasts and keeps what was typed; the server's slug message shows", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /blog/categories": failWith(409, { error: MSG.api.categorySlugTaken }),
    });
    renderApp(api, "/blog/categories");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Category Name"), "News");
    await user.click(screen.getByRole("button", { name: "Create Category" }));
    // The API's reason at the slug field and in the toast, not only "Failed to save the category."
    await waitFor(() => expect(screen.getByLabelText("Slug")).toHaveAccessibleDescription(expect.stringContaining(MSG.api.categorySlugTaken)));
    expect(screen.getByTestId("toast")).toHaveTextContent(MSG.api.categorySlugTaken);
    expect(screen.getByLabelText("Category Name")).toHaveValue("News");
    expect(screen.getByLabelText("Slug")).toHaveValue("news");
    // Editing the slug clears the server's message.
    await user.type(screen.getByLabelText("Slug"), "-2");
    expect(screen.getByLabelText("Slug")).not.toHaveAccessibleDescription(expect.stringContaining(MSG.api.categorySlugTaken));
  });

  it("shows the load failure text in the table", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": failWith(500) });
    renderApp(api, "/blog/categories");
    expect(await screen.findByText(MSG.blog.fetchCategories)).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Name" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Slug" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
  });
});
