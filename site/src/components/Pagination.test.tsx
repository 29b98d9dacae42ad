import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Pagination } from "./Pagination.tsx";

const labels = () => [...screen.getByRole("navigation").querySelectorAll("button, span")].map((el) => el.textContent);

describe("Pagination", () => {
  it("shows Previous, first, last, the neighbours of the current page with ellipses, and Next", () => {
    render(<Pagination page={5} totalPages={10} onChange={() => {}} />);
    expect(labels()).toEqual(["Previous", "1", "…", "4", "5", "6", "…", "10", "Next"]);
    expect(screen.getByRole("button", { name: "Page 5" })).toHaveAttribute("aria-current", "page");
  });

  it("disables Previous on the first page and Next on the last", () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
    rerender(<Pagination page={3} totalPages={3} onChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("reports the page chosen", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination page={2} totalPages={5} onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Previous" }));
    await user.click(screen.getByRole("button", { name: "Page 5" }));
    expect(onChange.mock.calls).toEqual([[3], [1], [5]]);
  });

  it("is not shown for a single page", () => {
    const { container } = render(<Pagination page={1} totalPages={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
