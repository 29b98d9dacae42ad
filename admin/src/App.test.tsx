import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { createQueryClient } from "./App.tsx";
import { apiError, createFakeApi, failWith, STATS } from "./test/fake-api.ts";
import { renderApp } from "./test/render.tsx";

describe("data-fetching defaults (product.md §9)", () => {
  it("no retry, no refetch on focus, never stale", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
    expect(queries?.refetchInterval).toBeUndefined();
    expect(mutations).toMatchObject({ retry: false });
  });

  it("a failed read is asked once, and focus or remount does not ask again", async () => {
    const { api, callsTo } = createFakeApi({ "GET /stats": STATS, "GET /clinics": failWith(500) });
    renderApp(api, "/clinics");
    expect(await screen.findByText(MSG.admin.loadClinics)).toBeInTheDocument();
    expect(callsTo("GET", "/clinics")).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(callsTo("GET", "/clinics")).toHaveLength(1);
    expect(callsTo("GET", "/stats")).toHaveLength(1);
  });

  it("cached data is reused when a screen is opened again", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /blog/categories": [{ id: 1, name: "News", slug: "news" }],
      "GET /blog/posts": { posts: [], pagination: { total: 0, limit: 100, page: 1, totalPages: 0 } },
    });
    renderApp(api, "/blog/categories");
    expect(await screen.findByText("News")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Blog Posts" }));
    await user.click(await screen.findByRole("link", { name: "Blog Categories" }));
    expect(await screen.findByText("News")).toBeInTheDocument();
    expect(callsTo("GET", "/blog/categories")).toHaveLength(1);
  });
});

describe("admin shell", () => {
  it("has the spec's sidebar and marks the section of the current screen", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": [] });
    renderApp(api, "/blog/create");
    const nav = await screen.findByRole("navigation", { name: "Admin" });
    const names = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(names).toEqual(["Dashboard", "Clinics", "Blog Posts", "Blog Categories", "Messages", "Mail", "Price Reports", "Suggested Edits", "Claims"]);
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
    // A post's form belongs to Blog Posts, not to Blog Categories.
    expect(within(nav).getByRole("link", { name: "Blog Posts" })).toHaveClass("bg-brand-50");
    expect(within(nav).getByRole("link", { name: "Blog Categories" })).not.toHaveClass("bg-brand-50");
  });

  it("folds the navigation into a Menu button on a phone: it opens, and closes on a choice or Escape", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": [] });
    renderApp(api, "/blog/categories");
    const user = userEvent.setup();
    const menu = await screen.findByRole("button", { name: "Menu" });
    const nav = screen.getByRole("navigation", { name: "Admin" });
    // The classes are what hides it below the md breakpoint (jsdom applies no CSS; the
    // phone browser test checks what shows).
    expect(menu).toHaveClass("md:hidden");
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveAttribute("aria-controls", nav.id);
    expect(nav).toHaveClass("hidden", "md:flex");
    await user.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(nav).not.toHaveClass("hidden");
    await user.click(within(nav).getByRole("link", { name: "Messages" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/messages$/));
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(nav).toHaveClass("hidden");
    await user.click(menu);
    await user.keyboard("{Tab}{Escape}");
    expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  it("logs out on the server and goes to the login page", async () => {
    const { api, callsTo } = createFakeApi({ "GET /stats": STATS, "POST /logout": null });
    renderApp(api, "/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    expect(callsTo("POST", "/logout")).toHaveLength(1);
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/login$/);
  });

  it("shows 'Checking session...' while the session check runs, then the login page when it fails", async () => {
    let fail: () => void = () => {};
    const { api } = createFakeApi({
      "GET /stats": () =>
        new Promise((_resolve, reject) => {
          fail = () => reject(apiError(401));
        }),
    });
    renderApp(api, "/clinics");
    expect(screen.getByText("Checking session...")).toBeInTheDocument();
    act(() => fail());
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
  });

  it("shows 'Page Not Found' for an unknown admin path", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/nope");
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Back to the dashboard" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });
});
