import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { ClinicCard } from "./ClinicCard.tsx";
import { makeClinic } from "../test/factories.ts";
import { BRAND } from "@botox/core/brand";
import { OUTBOUND_PARAMS } from "@botox/core/search";

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

describe("a clinic card's booking link", () => {
  it("shows 'Book online' with the outbound tracking tags, counted as a booking tap", () => {
    render(<ClinicCard clinic={makeClinic({ name: "Bookable", bookingUrl: "https://book.zenoti.com/glow?x=1" })} />);
    const link = screen.getByRole("link", { name: /Book online/ });
    const url = new URL(link.getAttribute("href")!);
    expect(url.origin + url.pathname).toBe("https://book.zenoti.com/glow");
    expect(Object.fromEntries(url.searchParams)).toEqual({ x: "1", [OUTBOUND_PARAMS.source]: BRAND.siteId, [OUTBOUND_PARAMS.ref]: BRAND.siteId });
    expect(link).toHaveAttribute("data-event", "booking");
    expect(link).toHaveAttribute("rel", "noopener nofollow");
  });

  it("has none without a link, or when the clinic has closed for good", () => {
    render(<ClinicCard clinic={makeClinic({ name: "No link" })} />);
    render(<ClinicCard clinic={makeClinic({ name: "Closed", bookingUrl: "https://book.zenoti.com/x", businessStatus: "PERMANENTLY_CLOSED" })} />);
    expect(screen.queryByRole("link", { name: /Book online/ })).toBeNull();
  });
});
