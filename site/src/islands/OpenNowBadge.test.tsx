import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { makeClinic } from "../test/factories.ts";
import OpenNowBadge from "./OpenNowBadge.tsx";
import ClinicHours from "./ClinicHours.tsx";
import { hoursTableRows } from "../lib/hours-table.ts";

const hours = { Monday: "9 AM-5 PM", Tuesday: "9 AM-5 PM" };
afterEach(() => {
  delete window.__BOTOX_NOW__;
});

describe("OpenNowBadge", () => {
  it("tells the state at the page's clock in the clinic's zone", async () => {
    window.__BOTOX_NOW__ = "2026-11-23T17:00:00Z";
    render(<OpenNowBadge clinic={makeClinic({ workingHours: hours, timeZone: "America/New_York" })} />);
    expect((await screen.findByText("Open now · closes 5 PM")).dataset.openNow).toBe("open");
  });

  it("shows nothing for unknown hours, and leaves closed businesses to the status badge", () => {
    window.__BOTOX_NOW__ = "2026-11-23T17:00:00Z";
    const { container } = render(
      <>
        <OpenNowBadge clinic={makeClinic({ workingHours: { text: "By appointment" } })} />
        <OpenNowBadge clinic={makeClinic({ workingHours: hours, businessStatus: "CLOSED_TEMPORARILY" })} />
      </>,
    );
    expect(container.querySelector("[data-open-now]")).toBeNull();
  });

  it("marks today's row of the hours table", async () => {
    window.__BOTOX_NOW__ = Date.parse("2026-11-24T15:00:00Z"); // Tuesday in New York
    render(<ClinicHours clinic={makeClinic({ workingHours: hours, timeZone: "America/New_York" })} rows={hoursTableRows(hours)} />);
    await screen.findByText("Open now · closes 5 PM");
    const today = document.querySelector("tr[data-today]");
    expect(today?.textContent).toContain("Tuesday");
    expect(document.querySelectorAll("tr[data-today]")).toHaveLength(1);
  });
});
