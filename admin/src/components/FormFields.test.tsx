import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SaveErrors, SelectField, TextField } from "./FormFields.tsx";

const FRUITS = ["", "apple", "pear"] as const;
type Fruit = (typeof FRUITS)[number];

function Fruits() {
  const [fruit, setFruit] = useState<Fruit>("");
  return (
    <>
      <SelectField label="Fruit" value={fruit} options={FRUITS} optionLabel={(f) => (f === "" ? "Choose a fruit" : f.toUpperCase())} onValue={setFruit} />
      <output>{fruit || "none"}</output>
    </>
  );
}

describe("form fields", () => {
  it("a select offers its options by label and reports the chosen value", async () => {
    render(<Fruits />);
    const select = screen.getByRole("combobox", { name: "Fruit" });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(["Choose a fruit", "APPLE", "PEAR"]);
    await userEvent.selectOptions(select, "pear");
    expect(screen.getByRole("status")).toHaveTextContent("pear");
  });

  it("a text field is labelled, described by its hint and error, and marked invalid", () => {
    render(<TextField label="Name" hint="As on the sign." error="Name is required" value="" onValue={() => {}} name="name" />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input).toHaveAttribute("name", "name");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("As on the sign. Name is required");
  });

  it("a refused save lists each reason once, without field keys, leaving out those shown at their fields", () => {
    render(
      <SaveErrors
        title="Failed to save."
        errors={{ slug: "Taken", "": "Too large", other: "Taken", unitPrice: "Enter a price per unit" }}
        shownAtFields={["unitPrice"]}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Failed to save.");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Taken", "Too large"]);
  });
});
