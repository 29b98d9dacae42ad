import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clinicPayload, emptyClinicForm } from "./clinic-form.ts";
import { LastVerifiedField } from "./LastVerifiedField.tsx";

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LastVerifiedField value={value} onValue={setValue} today="2026-11-25" />
      <output aria-label="payload">{JSON.stringify(clinicPayload({ ...emptyClinicForm, lastVerifiedOn: value }).lastVerifiedOn)}</output>
    </>
  );
}

describe("LastVerifiedField", () => {
  it("shows the day last checked and stamps today into what is saved", async () => {
    render(<Harness initial="2025-03-04" />);
    expect(screen.getByText("03/04/2025")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Verified today" }));
    expect(screen.getByText("11/25/2026")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verified today" })).toBeDisabled();
    expect(screen.getByLabelText("payload")).toHaveTextContent('"2026-11-25"');
  });

  it("says Never for a listing never checked", () => {
    render(<Harness initial="" />);
    expect(screen.getByText("Never")).toBeInTheDocument();
  });
});
