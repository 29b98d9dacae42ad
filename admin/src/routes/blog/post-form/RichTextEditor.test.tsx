import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { AppProviders, createQueryClient } from "../../../App.tsx";
import { createFakeApi, failWith } from "../../../test/fake-api.ts";
import RichTextEditor from "./RichTextEditor.tsx";
import { tagsTheEditorDrops } from "./editor-html.ts";

/** The editor as the post form uses it: the form holds the HTML; `changes` records what it receives. */
function renderEditor(initial: string, routes: Record<string, unknown> = {}) {
  const { api, callsTo } = createFakeApi(routes);
  const changes: string[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <p id="content-label">Content</p>
        <RichTextEditor
          value={value}
          labelId="content-label"
          onChange={(html) => {
            changes.push(html);
            setValue(html);
          }}
        />
        <output data-testid="html">{value}</output>
      </>
    );
  }
  render(
    <MemoryRouter>
      <AppProviders api={api} queryClient={createQueryClient()}>
        <Host />
      </AppProviders>
    </MemoryRouter>,
  );
  return { changes, callsTo, html: () => screen.getByTestId("html").textContent ?? "", user: userEvent.setup() };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "after.png", { type: "image/png" });

describe("rich-text editor", () => {
  it("shows the post visually, named by its label, and reports nothing until the admin edits", () => {
    const { changes } = renderEditor("<h2>Aftercare</h2><ul><li><p>No rubbing</p></li></ul>");
    const box = screen.getByRole("textbox", { name: "Content" });
    expect(box.querySelector("h2")).toHaveTextContent("Aftercare");
    expect(box.querySelector("ul li")).toHaveTextContent("No rubbing");
    expect(screen.getByRole("toolbar", { name: "Formatting" })).toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it("turns the current block into a heading, a list, and back", async () => {
    const { html, user } = renderEditor("<p>Before your appointment</p>");
    await user.click(screen.getByRole("button", { name: "Heading 2" }));
    expect(html()).toBe("<h2>Before your appointment</h2>");
    expect(screen.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Heading 3" }));
    expect(html()).toBe("<h3>Before your appointment</h3>");
    await user.click(screen.getByRole("button", { name: "Heading 3" }));
    await user.click(screen.getByRole("button", { name: "Bulleted list" }));
    expect(html()).toBe("<ul><li><p>Before your appointment</p></li></ul>");
    await user.click(screen.getByRole("button", { name: "Numbered list" }));
    expect(html()).toBe("<ol><li><p>Before your appointment</p></li></ol>");
  });

  it("inserts a link from the link panel", async () => {
    const { html, user } = renderEditor("<p>Read more:</p>");
    await user.click(screen.getByRole("button", { name: "Link" }));
    expect(screen.getByRole("button", { name: "Apply link" })).toBeDisabled();
    await user.type(screen.getByLabelText("Link address"), "https://example.com/aftercare");
    await user.click(screen.getByRole("button", { name: "Apply link" }));
    expect(html()).toContain('<a href="https://example.com/aftercare">https://example.com/aftercare</a>');
    expect(screen.queryByLabelText("Link address")).not.toBeInTheDocument();
  });

  it("uploads an image through the upload call and inserts it with its description", async () => {
    const url = "http://127.0.0.1:8787/api/v1/uploads/blog/after.webp";
    const { html, user, callsTo } = renderEditor("<p>Results after two weeks.</p>", { "POST /upload/blog-image": { url } });
    await user.click(screen.getByRole("button", { name: "Image" }));
    expect(screen.getByRole("button", { name: "Insert image" })).toBeDisabled();
    await user.upload(screen.getByLabelText("Image file"), png());
    await user.type(screen.getByLabelText("Image description (alt text)"), "Forehead two weeks after");
    await user.click(screen.getByRole("button", { name: "Insert image" }));
    await waitFor(() => expect(html()).toContain(`<img src="${url}" alt="Forehead two weeks after">`));
    const sent = callsTo("POST", "/upload/blog-image")[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get("image")).toBeInstanceOf(File);
    expect(await screen.findByText(MSG.admin.imageUploadedTitle)).toBeInTheDocument();
  });

  it("refuses a wrong file type and toasts a failed upload, inserting nothing", async () => {
    const { html, user } = renderEditor("<p>Results after two weeks.</p>", { "POST /upload/blog-image": failWith(500) });
    await user.click(screen.getByRole("button", { name: "Image" }));
    await user.upload(screen.getByLabelText("Image file"), new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("button", { name: "Insert image" })).toBeDisabled();
    await user.upload(screen.getByLabelText("Image file"), png());
    await user.click(screen.getByRole("button", { name: "Insert image" }));
    expect(await screen.findByText(MSG.admin.uploadFailed)).toBeInTheDocument();
    expect(html()).not.toContain("<img");
  });

  it("edits the HTML in the source view and shows it visually again", async () => {
    const { html, user } = renderEditor("<p>Old text</p>");
    await user.click(screen.getByRole("button", { name: "HTML source" }));
    const source = screen.getByRole("textbox", { name: "Content HTML source" });
    expect(source).toHaveValue("<p>Old text</p>");
    expect(screen.queryByRole("button", { name: "Bold" })).not.toBeInTheDocument();
    await user.clear(source);
    await user.click(source);
    await user.paste("<h3>New heading</h3><p>New text</p>");
    // The source is the form's value as typed; the API's sanitizer cleans it on save.
    expect(html()).toBe("<h3>New heading</h3><p>New text</p>");
    await user.click(screen.getByRole("button", { name: "HTML source" }));
    const box = screen.getByRole("textbox", { name: "Content" });
    expect(box.querySelector("h3")).toHaveTextContent("New heading");
  });

  it("opens HTML it cannot keep (a table) in the source view, and keeps it there", async () => {
    const onChange = vi.fn();
    const table = "<p>Prices:</p><table><tbody><tr><td>Forehead</td></tr></tbody></table>";
    const { api } = createFakeApi({});
    render(
      <MemoryRouter>
        <AppProviders api={api} queryClient={createQueryClient()}>
          <RichTextEditor value={table} labelId="x" onChange={onChange} />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(screen.getByRole("textbox", { name: "Content HTML source" })).toHaveValue(table);
    expect(screen.getByText(/cannot keep \(table, tbody, td, tr\)/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "HTML source" })).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe("tagsTheEditorDrops", () => {
  it("lists the sanitizer's elements the visual editor has no node for", () => {
    expect(tagsTheEditorDrops("plain text")).toEqual([]);
    expect(tagsTheEditorDrops("<h2>a</h2><p><strong>b</strong> <a href='x'>c</a></p><img src='y'><ol><li>d</li></ol>")).toEqual([]);
    expect(tagsTheEditorDrops("<figure><img src='y'><figcaption>z</figcaption></figure><p>x<sup>2</sup><span>s</span></p>")).toEqual([
      "figcaption",
      "figure",
      "span",
      "sup",
    ]);
  });
});
