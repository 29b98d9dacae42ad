import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeApi, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

// The editor's chunk fails to load, as after a deploy that replaced it.
vi.mock("./post-form/RichTextEditor.tsx", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

describe("post form without its editor chunk", () => {
  it("keeps the content editable as HTML and says why", async () => {
    // React reports the error the boundary caught; that report is expected here.
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /blog/categories": [] });
    renderApp(api, "/blog/create");
    expect(await screen.findByText(/The visual editor could not load/)).toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: "Content" });
    await userEvent.setup().type(box, "<p>Still editable</p>");
    await waitFor(() => expect(box).toHaveValue("<p>Still editable</p>"));
    report.mockRestore();
  });
});
