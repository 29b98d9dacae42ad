import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeApi, failWith, STATS } from "../test/fake-api.ts";
import { renderApp } from "../test/render.tsx";

describe("expired session", () => {
  it("redirects to login on a 401 from a save, then restores the form after re-login", async () => {
    let expired = false;
    const { api } = createFakeApi({
      "GET /stats": () => {
        if (expired) throw failWith(401)();
        return STATS;
      },
      "POST /clinics": () => {
        expired = true;
        throw failWith(401, { error: "Authentication required" })();
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
});
