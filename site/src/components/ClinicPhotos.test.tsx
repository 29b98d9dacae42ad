import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { ClinicPhoto } from "@botox/core/contract";
import { ClinicPhotos } from "./ClinicPhotos.tsx";

const photo = (over: Partial<ClinicPhoto>): ClinicPhoto => ({
  id: 1,
  clinicId: 7,
  url: "https://api.example/api/v1/uploads/0123456789abcdef0123456789abcdef.webp",
  alt: "The treatment room",
  width: 1600,
  height: 1200,
  position: 1,
  createdAt: "2026-11-29T00:00:00.000Z",
  ...over,
});

describe("the clinic's photos", () => {
  it("each with its alt text, its size set (nothing shifts) and loaded lazily, in order", () => {
    render(<ClinicPhotos clinicName="Glow" photos={[photo({}), photo({ id: 2, alt: "<b>Lobby</b>", width: 800, height: 800, position: 2 })]} />);
    const images = screen.getAllByRole("img");
    expect(images.map((i) => i.getAttribute("alt"))).toEqual(["The treatment room", "<b>Lobby</b>"]);
    expect(images[0]).toHaveAttribute("width", "1600");
    expect(images[0]).toHaveAttribute("height", "1200");
    expect(images.every((i) => i.getAttribute("loading") === "lazy")).toBe(true);
    expect(screen.getByRole("region", { name: "Photos of Glow" })).toBeInTheDocument();
  });

  it("shows nothing without photos", () => {
    const { container } = render(<ClinicPhotos clinicName="Glow" photos={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
