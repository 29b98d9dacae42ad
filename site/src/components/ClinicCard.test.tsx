import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { ClinicCard } from "./ClinicCard.tsx";
import { makeClinic } from "../test/factories.ts";

describe("a clinic card's phone", () => {
  it("dials a valid US number in E.164, however it was written", () => {
    render(<ClinicCard clinic={makeClinic({ name: "Dialled", phone: "1 (312) 555-0142" })} />);
    expect(screen.getByRole("link", { name: /312.*555-0142/ })).toHaveAttribute("href", "tel:+13125550142");
  });

  it("shows a number that is not a valid US number as text, never as a link", () => {
    render(<ClinicCard clinic={makeClinic({ name: "Undialled", phone: "(312) 555-042" })} />);
    expect(screen.getByRole("article")).toHaveTextContent("(312) 555-042");
    expect(document.querySelector("a[href^='tel:']")).toBeNull();
  });
});
