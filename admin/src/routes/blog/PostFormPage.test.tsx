import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BRAND, MSG } from "@botox/core";
import { createFakeApi, failWith, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const cats = [{ id: 4, name: "Treatments", slug: "treatments" }];
const longContent = "<p>Botox is a purified protein that relaxes the muscles that cause expression lines.</p>";
const post = {
  id: 9,
  title: "Botox pricing guide",
  slug: "botox-pricing-guide",
  content: longContent,
  excerpt: null,
  author: "Dr. Kim",
  featuredImage: null,
  publishedAt: null,
  updatedAt: "2026-01-01T00:00:00Z",
  createdAt: "2026-01-01T00:00:00Z",
  published: true,
  categoryId: 4,
  metaTitle: null,
  metaDescription: null,
  keywords: null,
  noIndex: false,
  estimatedReadTime: null,
};
/** Types HTML into the editor's source view (the visual editor is covered in RichTextEditor.test.tsx). */
async function typeSource(user: ReturnType<typeof userEvent.setup>, html: string) {
  await user.click(await screen.findByRole("button", { name: "HTML source" }));
  await user.click(screen.getByRole("textbox", { name: "Content HTML source" }));
  await user.paste(html);
}
const list = { posts: [post], pagination: { total: 1, limit: 100, page: 1, totalPages: 1 } };

describe("post form", () => {
  it("create mode: title, default author, category choices, slug auto-fill", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": [] });
    renderApp(api, "/blog/create");
    expect(await screen.findByRole("heading", { name: MSG.admin.createPostTitle })).toBeInTheDocument();
    expect(screen.getByLabelText("Author")).toHaveValue(BRAND.teamAuthor);
    const select = screen.getByLabelText("Category");
    const options = within(select).getAllByRole("option");
    expect(options[0]).toHaveValue("uncategorized");
    await waitFor(() => expect(within(select).getByRole("option", { name: "No categories available" })).toBeDisabled());
    expect(within(select).getByRole("option", { name: "No categories available" })).toHaveValue("no-categories");
    expect(await screen.findByRole("textbox", { name: "Content" })).toHaveStyle({ minHeight: "300px" });
    expect(screen.getByRole("switch", { name: "Publish Post" })).toHaveAttribute("aria-checked", "false");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "What Is  Botox? A Guide!");
    expect(screen.getByLabelText("Slug")).toHaveValue("what-is-botox-a-guide");
    await user.clear(screen.getByLabelText("Slug"));
    await user.type(screen.getByLabelText("Slug"), "custom");
    await user.type(screen.getByLabelText("Title"), " More");
    expect(screen.getByLabelText("Slug")).toHaveValue("custom");
  });

  it("shows the schema messages on submit, then re-validates on change", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Bo");
    expect(screen.queryByText(MSG.validation.postTitle)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText("Author"));
    await user.type(screen.getByLabelText("Author"), "A");
    await user.click(screen.getByRole("button", { name: "Create Post" }));
    expect(screen.getByText(MSG.validation.postTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.postSlugMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.postContent)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.author)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Title"), "tox 101");
    expect(screen.queryByText(MSG.validation.postTitle)).not.toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "SEO" }));
    await user.type(screen.getByLabelText("Meta Description"), "x".repeat(161));
    expect(screen.getByText(MSG.validation.metaDescription)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("fills the gaps on submit, toasts success and returns to the list", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /blog/posts": (c: { body?: unknown }) => ({ ...post, ...(c.body as object), id: 10 }),
      "GET /blog/posts": list,
    });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Botox pricing guide");
    await user.selectOptions(screen.getByLabelText("Category"), "4");
    await typeSource(user, longContent);
    await user.click(screen.getByRole("switch", { name: "Publish Post" }));
    await user.click(screen.getByRole("button", { name: "Create Post" }));
    expect(await screen.findByText(MSG.admin.postCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/blog$/));
    const body = callsTo("POST", "/blog/posts")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "Botox pricing guide",
      slug: "botox-pricing-guide",
      categoryId: 4,
      published: true,
      metaTitle: "Botox pricing guide",
      excerpt: "Botox is a purified protein that relaxes the muscles that cause expression lines.",
      estimatedReadTime: 1,
      noIndex: false,
      author: BRAND.teamAuthor,
    });
    expect(body.metaDescription).toBe(body.excerpt);
  });

  it("checks the response status: a failed save toasts, shows the server's issues and keeps the values", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "GET /blog/posts/9": post,
      // The API's 409 body carries only the reason, no field issues.
      "PATCH /blog/posts/9": failWith(409, { error: MSG.api.postSlugTaken }),
    });
    renderApp(api, "/blog/9");
    expect(await screen.findByText(MSG.admin.loadingPost)).toBeInTheDocument();
    const title = await screen.findByLabelText("Title");
    expect(title).toHaveValue("Botox pricing guide");
    const user = userEvent.setup();
    await user.type(title, " 2026");
    expect(screen.getByLabelText("Slug")).toHaveValue("botox-pricing-guide");
    await user.click(screen.getByRole("button", { name: "Update Post" }));
    // The reason, not only "Failed to update blog post": at the slug field and in the toast.
    await waitFor(() => expect(screen.getByLabelText("Slug")).toHaveAccessibleDescription(expect.stringContaining(MSG.api.postSlugTaken)));
    expect(screen.getByLabelText("Slug")).toBeInvalid();
    expect(screen.getByTestId("toast")).toHaveTextContent(MSG.api.postSlugTaken);
    expect(screen.queryByText(MSG.admin.postUpdateError)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("Botox pricing guide 2026");
    expect(screen.getByTestId("location")).toHaveTextContent("/blog/9");
  });

  it("shows the not-found texts with a link back", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats });
    renderApp(api, "/blog/999");
    expect(await screen.findByText(MSG.admin.postNotFoundTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.admin.postNotFound)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Blog Posts" })).toHaveAttribute("href", "/blog");
  });

  it("checks image files, uploads, and removes", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /upload/blog-image": { url: "/uploads/blog/abc.webp" },
    });
    renderApp(api, "/blog/create");
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole("tab", { name: "SEO" }));
    expect(screen.getByText(/Ideal size: 1200x630 px/)).toBeInTheDocument();
    const input = screen.getByLabelText("Featured image file");

    await user.upload(input, new File(["x"], "doc.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(MSG.validation.imageType)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.imageTypeTitle)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upload" })).not.toBeInTheDocument();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await user.upload(input, big);
    expect(await screen.findByText(MSG.validation.imageSize)).toBeInTheDocument();

    await user.upload(input, new File(["png"], "ok.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText(MSG.admin.imageUploaded)).toBeInTheDocument();
    expect(screen.getByLabelText("Or image URL")).toHaveValue("/uploads/blog/abc.webp");
    const sent = callsTo("POST", "/upload/blog-image")[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get("image")).toBeInstanceOf(File);

    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.getByLabelText("Or image URL")).toHaveValue("");
  });

  it("toasts 'Upload failed' when the upload fails", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats, "POST /upload/blog-image": failWith(415) });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "SEO" }));
    await user.upload(screen.getByLabelText("Featured image file"), new File(["png"], "ok.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText(MSG.admin.uploadFailed)).toBeInTheDocument();
    expect(screen.getByText(MSG.admin.uploadFailedTitle)).toBeInTheDocument();
  });
});

describe("post form: SEO tab and returns", () => {
  const seoContent = "<h2>Botox aftercare</h2><p>Botox aftercare matters. Botox aftercare rules are simple: no rubbing, no lying down, no exercise.</p>";

  it("Cancel returns to /blog without saving", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats, "GET /blog/posts": list });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Draft title");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/blog$/));
    expect(calls.some((c) => c.method !== "GET")).toBe(false);
  });

  it("shows a preview of the chosen file, 'Uploading...' while it uploads, and Remove clears it all", async () => {
    const created: string[] = [];
    URL.createObjectURL = (f: Blob) => {
      const url = `blob:test/${(f as File).name}`;
      created.push(url);
      return url;
    };
    URL.revokeObjectURL = () => {};
    let finish: (v: unknown) => void = () => {};
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /upload/blog-image": () => new Promise((resolve) => (finish = resolve)),
    });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "SEO" }));
    await user.upload(screen.getByLabelText("Featured image file"), new File(["gif"], "anim.gif", { type: "image/gif" }));
    expect(screen.getByAltText("Featured image preview")).toHaveAttribute("src", "blob:test/anim.gif");
    expect(screen.getByText("Selected: anim.gif")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    finish({ url: "http://api.test/api/v1/uploads/x.webp" });
    expect(await screen.findByText(MSG.admin.imageUploadedTitle)).toBeInTheDocument();
    expect(screen.getByAltText("Featured image preview")).toHaveAttribute("src", "http://api.test/api/v1/uploads/x.webp");
    expect(screen.queryByText("Selected: anim.gif")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.queryByAltText("Featured image preview")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Or image URL")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Remove" })).not.toBeInTheDocument();

    // WebP is accepted too; a typed URL previews as well.
    await user.upload(screen.getByLabelText("Featured image file"), new File(["webp"], "photo.webp", { type: "image/webp" }));
    expect(screen.getByRole("button", { name: "Upload" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove" }));
    await user.type(screen.getByLabelText("Or image URL"), "https://cdn.example.com/a.jpg");
    expect(screen.getByAltText("Featured image preview")).toHaveAttribute("src", "https://cdn.example.com/a.jpg");
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it("applies selected keyword suggestions to the Keywords field and scores the post", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Botox aftercare guide");
    await typeSource(user, seoContent);
    await user.click(screen.getByRole("tab", { name: "SEO" }));
    expect(screen.getByText("Generating suggestions...")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "botox aftercare" }, { timeout: 2000 }));
    await user.click(screen.getByRole("button", { name: "Apply Selected Keywords" }));
    expect(screen.getByLabelText("Keywords")).toHaveValue("botox aftercare");
    // The panel follows the form: a heading in the content and 1 keyword count.
    expect(screen.getByText(/heading/i, { selector: "li span" })).toBeInTheDocument();
    expect(Number(screen.getByTestId("seo-score").textContent)).toBeGreaterThan(0);
  });

  it("the search-result preview shows meta title, slug and description, and warns about No Index", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": cats });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Botox aftercare guide");
    await user.click(screen.getByRole("tab", { name: "SEO" }));
    const preview = screen.getByRole("region", { name: "Search result preview" });
    expect(within(preview).getByText("Botox aftercare guide")).toBeInTheDocument();
    expect(preview).toHaveTextContent("› blog › botox-aftercare-guide");
    await user.type(screen.getByLabelText("Meta Title"), "Aftercare | Botox Near Me");
    await user.type(screen.getByLabelText("Meta Description"), "What to do after Botox.");
    expect(within(preview).getByText("Aftercare | Botox Near Me")).toBeInTheDocument();
    expect(within(preview).getByText("What to do after Botox.")).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "No Index" }));
    expect(within(preview).getByText(/No Index is on/)).toBeInTheDocument();
  });

  it("a network failure on create toasts the spec's text and keeps the values", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /blog/posts": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Botox pricing guide");
    await typeSource(user, longContent);
    await user.click(screen.getByRole("tab", { name: "SEO" }));
    await user.type(screen.getByLabelText("Estimated Read Time (minutes)"), "7");
    await user.click(screen.getByRole("button", { name: "Create Post" }));
    expect(await screen.findByText(MSG.admin.postCreateError)).toBeInTheDocument();
    expect(screen.getByText(MSG.admin.errorTitle)).toBeInTheDocument();
    expect(screen.getByLabelText("Estimated Read Time (minutes)")).toHaveValue(7);
    await user.click(screen.getByRole("tab", { name: "Content" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Botox pricing guide");
    expect(screen.getByRole("textbox", { name: "Content HTML source" })).toHaveValue(longContent);
    expect(screen.getByTestId("location")).toHaveTextContent("/blog/create");
  });

  it("sends the typed read time as a number and 'uncategorized' as null", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": cats,
      "POST /blog/posts": { id: 12 },
      "GET /blog/posts": list,
    });
    renderApp(api, "/blog/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Botox pricing guide");
    await typeSource(user, longContent);
    await user.click(screen.getByRole("tab", { name: "SEO" }));
    await user.type(screen.getByLabelText("Estimated Read Time (minutes)"), "7");
    await user.click(screen.getByRole("button", { name: "Create Post" }));
    await waitFor(() => expect(callsTo("POST", "/blog/posts")).toHaveLength(1));
    expect(callsTo("POST", "/blog/posts")[0]?.body).toMatchObject({ estimatedReadTime: 7, categoryId: null, published: false });
  });
});
