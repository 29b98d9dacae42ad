import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { apiError, createFakeApi, failWith, STATS } from "../test/fake-api.ts";
import { renderApp } from "../test/render.tsx";

describe("login", () => {
  it("requires both fields", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": failWith(401) });
    renderApp(api, "/login");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(MSG.admin.loginRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/login")).toHaveLength(0);
  });

  it("shows 'Invalid username or password' on 401", async () => {
    const { api } = createFakeApi({ "POST /login": failWith(401, { error: "nope" }) });
    renderApp(api, "/login");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(MSG.admin.invalidLogin)).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("shows the server's message when throttled", async () => {
    const { api } = createFakeApi({ "POST /login": failWith(429, { error: "Too many attempts, wait 10 minutes." }) });
    renderApp(api, "/login");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "x");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Too many attempts, wait 10 minutes.")).toBeInTheDocument();
  });

  it("redirects to login when the session check fails, then back to the page first asked for", async () => {
    let signedIn = false;
    const { api } = createFakeApi({
      "GET /stats": () => {
        if (!signedIn) throw apiError(401);
        return STATS;
      },
      "POST /login": () => {
        signedIn = true;
        return { user: { id: 1, username: "admin" }, expiresAt: "2030-01-01T00:00:00Z" };
      },
      "GET /blog/categories": [],
    });
    renderApp(api, "/blog/categories");
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { name: "Blog Categories" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/blog/categories");
  });

  it("lands on the dashboard by default", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "POST /login": { user: { id: 1, username: "admin" }, expiresAt: "2030-01-01T00:00:00Z" },
    });
    renderApp(api, "/login");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "admin");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(await screen.findByText("Total Clinics")).toBeInTheDocument();
  });
});
