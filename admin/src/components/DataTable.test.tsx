import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { DataTable, type Column } from "./DataTable.tsx";

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { header: "Name", cell: (r) => r.name, title: (r) => `full ${r.name}` },
  { header: "Hidden on phones", className: "hidden md:table-cell", cell: (r) => String(r.id) },
  { header: "Actions", actions: true, cell: (r) => <button type="button">Edit {r.name}</button> },
];
const rows: Row[] = [
  { id: 1, name: "Alpha" },
  { id: 2, name: "Beta" },
];

describe("DataTable", () => {
  it("lays rows out as labelled cards on a phone when asked (the same table element)", () => {
    render(<DataTable cards columns={columns} rows={rows} rowKey={(r) => r.id} caption="Cards" />);
    const table = screen.getByRole("table", { name: "Cards" });
    expect(table).toHaveClass("max-sm:block");
    const [first] = within(table).getAllByRole("row").slice(1);
    expect(within(first!).getByRole("cell", { name: "Alpha" })).toHaveAttribute("data-label", "Name");
    expect(within(first!).getByRole("cell", { name: "Alpha" })).toHaveClass("max-sm:flex", "max-sm:before:content-[attr(data-label)]");
    // A column hidden on phones stays hidden; the actions carry no label.
    expect(within(first!).getByRole("cell", { name: "1" })).not.toHaveClass("max-sm:flex");
    expect(within(first!).getByRole("cell", { name: "Edit Alpha" })).not.toHaveAttribute("data-label");
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Plain" />);
    expect(within(screen.getByRole("table", { name: "Plain" })).getAllByRole("cell")[0]).not.toHaveAttribute("data-label");
  });

  it("renders a header per column and a row per item, in order", () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Things" rowAttributes={(r) => ({ "data-row-id": r.id })} />);
    const table = screen.getByRole("table", { name: "Things" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Hidden on phones", "Actions"]);
    const body = within(table).getAllByRole("row").slice(1);
    expect(body.map((r) => r.textContent)).toEqual(["Alpha1Edit Alpha", "Beta2Edit Beta"]);
    expect(body[1]).toHaveAttribute("data-row-id", "2");
    expect(within(body[0]!).getByRole("cell", { name: "Alpha" })).toHaveAttribute("title", "full Alpha");
    // A column's classes reach its header and its cells (a column hidden on phones hides whole).
    expect(within(table).getByRole("columnheader", { name: "Hidden on phones" })).toHaveClass("hidden", "md:table-cell");
    expect(within(body[0]!).getByRole("cell", { name: "1" })).toHaveClass("hidden", "md:table-cell");
    // The Actions column is pinned to the right edge.
    expect(within(table).getByRole("columnheader", { name: "Actions" })).toHaveClass("sticky", "right-0");
    // Not busy unless told.
    expect(table).not.toHaveAttribute("aria-busy");
  });

  it("shows a message as one full-width row instead of the items", () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} message="Loading things..." messageClassName="py-6" />);
    const body = screen.getAllByRole("row").slice(1);
    expect(body).toHaveLength(1);
    const cell = within(body[0]!).getByRole("cell");
    expect(cell).toHaveTextContent("Loading things...");
    expect(cell).toHaveAttribute("colspan", "3");
    expect(cell).toHaveClass("py-6");
  });

  it("marks the table busy and dims it while the next rows load", () => {
    const { container } = render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} busy />);
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(container.firstElementChild).toHaveClass("opacity-60");
  });
});
