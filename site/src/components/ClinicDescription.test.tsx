import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { ClinicDescription } from "./ClinicDescription.tsx";

describe("the clinic's description", () => {
  it("is text: markup an owner typed shows as characters and never becomes an element", () => {
    const text = "We are <b>open</b> late.\n<script>alert(1)</script><img src=x onerror=alert(2)>";
    const { container } = render(<ClinicDescription clinicName="Glow" text={text} />);
    expect(container.querySelector("script, img, b")).toBeNull();
    expect(screen.getByRole("region", { name: "About Glow" })).toHaveTextContent(
      "We are <b>open</b> late. <script>alert(1)</script><img src=x onerror=alert(2)>",
    );
  });

  it("a blank line starts a paragraph; nothing is shown without a description", () => {
    const { container } = render(<ClinicDescription clinicName="Glow" text={"First.\n\nSecond."} />);
    expect([...container.querySelectorAll("p")].slice(0, 2).map((p) => p.textContent)).toEqual(["First.", "Second."]);
    const empty = render(<ClinicDescription clinicName="Glow" text={null} />);
    expect(empty.container.innerHTML).toBe("");
  });
});
