import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { apiError, createFakeApi, STATS } from "../test/fake-api.ts";
import { renderApp } from "../test/render.tsx";

describe("expired session", () => {
  it("redirects to login on a 401 from a save, then restores the form after re-login", async () => {
    let expired = false;
    const { api } = createFakeApi({
      "GET /stats": () => {
        if (expired) throw apiError(401);
        return STATS;
      },
      "POST /clinics": () => {
        expired = true;
        throw apiError(401, { error: "Authentication required" });
      },
      "POST /login": () => {
        expired = false;
        return { user: { id: 1, username: "admin" }, expiresAt: "2030-01-01T00:00:00Z" };
      },
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow Spa");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));

    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    expect(screen.getByText(/Your session has expired/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/clinics/create"));
    expect(await screen.findByLabelText("Name *")).toHaveValue("Glow Spa");
    expect(screen.getByLabelText("City *")).toHaveValue("Miami");
    expect(screen.getByLabelText("Slug")).toHaveValue("glow-spa-miami");
  });

  it("restores an edited post over the reloaded one after re-login", async () => {
    let expired = false;
    const post = {
      id: 9,
      title: "Botox pricing guide",
      slug: "botox-pricing-guide",
      content: "<p>" + "x".repeat(60) + "</p>",
      excerpt: null,
      author: "Dr. Kim",
      featuredImage: null,
      publishedAt: null,
      updatedAt: "2026-01-01T00:00:00Z",
      createdAt: "2026-01-01T00:00:00Z",
      published: false,
      categoryId: null,
      metaTitle: null,
      metaDescription: null,
      keywords: null,
      noIndex: false,
      estimatedReadTime: null,
    };
    const { api, callsTo } = createFakeApi({
      "GET /stats": () => {
        if (expired) throw apiError(401);
        return STATS;
      },
      "GET /blog/categories": [],
      "GET /blog/posts/9": post,
      "PATCH /blog/posts/9": () => {
        if (callsTo("PATCH", "/blog/posts/9").length === 1) {
          expired = true;
          throw apiError(401);
        }
        return post;
      },
      "POST /login": () => {
        expired = false;
        return { user: { id: 1, username: "admin" }, expiresAt: "2030-01-01T00:00:00Z" };
      },
      "GET /blog/posts": { posts: [], pagination: { total: 0, limit: 100, page: 1, totalPages: 0 } },
    });
    renderApp(api, "/blog/9");
    const user = userEvent.setup();
    const title = await screen.findByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Botox prices in 2026");
    await user.click(screen.getByRole("switch", { name: "Publish Post" }));
    await user.click(screen.getByRole("button", { name: "Update Post" }));

    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    // No failure toast: the login page says what happened.
    expect(screen.queryByText(MSG.admin.postUpdateError)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByLabelText("Title")).toHaveValue("Botox prices in 2026");
    expect(screen.getByRole("switch", { name: "Publish Post" })).toHaveAttribute("aria-checked", "true");
    await user.click(screen.getByRole("button", { name: "Update Post" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/blog$/));
    expect(callsTo("PATCH", "/blog/posts/9")[1]?.body).toMatchObject({ title: "Botox prices in 2026", published: true });
  });

  it("a 401 on a read (not only a save) also goes to login, then back to the page", async () => {
    let signedIn = true;
    const { api } = createFakeApi({
      // The session check passed a moment ago; the list read finds the session gone.
      "GET /stats": STATS,
      "GET /clinics": () => {
        if (!signedIn) throw apiError(401);
        return { clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } };
      },
      "POST /login": () => {
        signedIn = true;
        return { user: { id: 1, username: "admin" }, expiresAt: "2030-01-01T00:00:00Z" };
      },
    });
    signedIn = false;
    renderApp(api, "/clinics?page=2");
    expect(await screen.findByText(/Your session has expired/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("No clinics found.")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/clinics$/);
  });
});
