import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { apiError, createFakeApi, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const mk = (id: number, title: string, published: boolean) => ({
  id,
  title,
  slug: `post-${id}`,
  content: "",
  excerpt: null,
  author: "A",
  featuredImage: null,
  publishedAt: null,
  updatedAt: "2026-03-04T00:00:00Z",
  createdAt: "2026-03-04T00:00:00Z",
  published,
  categoryId: null,
  metaTitle: null,
  metaDescription: null,
  keywords: null,
  noIndex: false,
  estimatedReadTime: null,
});
const posts = [mk(1, "Botox Pricing Guide", true), mk(2, "Lip fillers explained", false)];
const list = { posts, pagination: { total: 2, limit: 100, page: 1, totalPages: 1 } };

describe("blog post list", () => {
  it("asks for 100 posts including drafts, searches titles case-insensitively, shows badges", async () => {
    const { api, callsTo } = createFakeApi({ "GET /stats": STATS, "GET /blog/posts": list, "GET /blog/categories": [] });
    renderApp(api, "/blog");
    expect(await screen.findByText("Botox Pricing Guide")).toBeInTheDocument();
    expect(callsTo("GET", "/blog/posts")[0]?.params).toEqual({ limit: 100, publishedOnly: false });
    expect(screen.getByText("Published")).toBeInTheDocument();
    expect(screen.getByText("Draft")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Search posts by title"), "PRICING");
    expect(screen.getByText("Botox Pricing Guide")).toBeInTheDocument();
    expect(screen.queryByText("Lip fillers explained")).not.toBeInTheDocument();
  });

  it("deletes after confirmation with the spec's toasts", async () => {
    let fail = true;
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/posts": list,
      "GET /blog/categories": [],
      "DELETE /blog/posts/2": () => {
        if (fail) throw apiError(500);
        return null;
      },
    });
    renderApp(api, "/blog");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Lip fillers explained" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MSG.admin.postDeleteError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Delete Lip fillers explained" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByText(MSG.admin.postDeleted)).toBeInTheDocument());
  });
});
