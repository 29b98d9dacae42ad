/** The clinic form's hours editor, ZIP-centroid coordinates and refusal of unreadable hours. */
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeApi, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const LIST = { clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } };

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Name *"), "Glow");
  await user.type(screen.getByLabelText("City *"), "Chicago");
  await user.type(screen.getByLabelText("State *"), "IL");
}

/** The create form with "62701" typed as the postal code, its ZIP lookup held until `answerZip()` (Springfield's centre). */
async function createFormAwaitingZip() {
  let answer: (value: unknown) => void = () => undefined;
  const { api } = createFakeApi({
    "GET /stats": STATS,
    "GET /zip-search": () =>
      new Promise((resolve) => {
        answer = resolve;
      }),
  });
  renderApp(api, "/clinics/create");
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Postal code"), "62701");
  const answerZip = () =>
    answer({
      clinics: [],
      totalCount: 0,
      itemsPerPage: 1,
      currentPage: 1,
      origin: { latitude: 39.8017, longitude: -89.6436, city: "Springfield", state: "IL" },
    });
  return { user, answerZip };
}

describe("clinic form, round two", () => {
  it("sets hours day by day (two ranges, 24 hours, closed) and sends the spec's day object", async () => {
    const { api, callsTo } = createFakeApi({ "GET /stats": STATS, "POST /clinics": { id: 1 }, "GET /clinics": LIST });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await fillBasics(user);
    await user.click(screen.getByRole("button", { name: "Set hours" }));
    expect(screen.getByText(/Today, as visitors see it:/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add range on Monday" }));
    await user.type(screen.getByLabelText("Monday range 2 opens"), "18:00");
    await user.type(screen.getByLabelText("Monday range 2 closes"), "20:00");
    await user.selectOptions(screen.getByLabelText("Saturday hours"), "allDay");
    await user.selectOptions(screen.getByLabelText("Friday hours"), "closed");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    await waitFor(() => expect(callsTo("POST", "/clinics")).toHaveLength(1));
    const body = callsTo("POST", "/clinics")[0]?.body as Record<string, unknown>;
    expect(body.workingHours).toEqual({
      Monday: "9 AM-5 PM, 6 PM-8 PM",
      Tuesday: "9 AM-5 PM",
      Wednesday: "9 AM-5 PM",
      Thursday: "9 AM-5 PM",
      Friday: "Closed",
      Saturday: "Open 24 hours",
      Sunday: "Closed",
    });
    expect(body).not.toHaveProperty("workingHoursAsText");
  });

  it("refuses a range that closes before it opens until it is marked as running past midnight", async () => {
    const { api, callsTo } = createFakeApi({ "GET /stats": STATS, "POST /clinics": { id: 1 } });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await fillBasics(user);
    await user.click(screen.getByRole("button", { name: "Set hours" }));
    await user.click(screen.getByRole("button", { name: "Add range on Tuesday" }));
    await user.type(screen.getByLabelText("Tuesday range 2 opens"), "17:00");
    await user.type(screen.getByLabelText("Tuesday range 2 closes"), "16:00");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect((await screen.findAllByText(/17:00–16:00 closes before it opens/)).length).toBeGreaterThan(0);
    expect(callsTo("POST", "/clinics")).toHaveLength(0);
    await user.click(screen.getByRole("checkbox", { name: "Runs past midnight" }));
    expect(screen.queryByText(/closes before it opens/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    await waitFor(() => expect(callsTo("POST", "/clinics")).toHaveLength(1));
    expect((callsTo("POST", "/clinics")[0]?.body as { workingHours: Record<string, string> }).workingHours.Tuesday).toBe("9 AM-5 PM, 5 PM-4 PM");
  });

  it("refuses a range without both times before sending", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await fillBasics(user);
    await user.click(screen.getByRole("button", { name: "Set hours" }));
    await user.click(screen.getByRole("button", { name: "Add range on Tuesday" }));
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(screen.getAllByText("Set both times of each range.").length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("opens unreadable stored hours as free text with the warning, and keeps them flagged on save", async () => {
    const clinic = {
      id: 9,
      name: "Glow",
      slug: "glow",
      city: "Chicago",
      citySlug: "chicago",
      state: "IL",
      country: "USA",
      businessStatus: "OPERATIONAL",
      workingHours: { text: "By appointment" },
      timeZone: "America/Chicago",
    };
    const { api, callsTo } = createFakeApi({ "GET /stats": STATS, "GET /clinics/9": clinic, "PUT /clinics/9": clinic, "GET /clinics": LIST });
    renderApp(api, "/clinics/9");
    expect(await screen.findByText(/Saved as free text: visitors see these hours as posted/)).toBeInTheDocument();
    expect(screen.getByLabelText("Hours as posted")).toHaveValue("By appointment");
    await userEvent.setup().click(screen.getByRole("button", { name: "Update Clinic" }));
    await waitFor(() => expect(callsTo("PUT", "/clinics/9")).toHaveLength(1));
    expect(callsTo("PUT", "/clinics/9")[0]?.body).toMatchObject({ workingHours: "By appointment", workingHoursAsText: true });
  });

  it("fills latitude and longitude from the ZIP's centre, says so, and leaves typed coordinates alone", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /zip-search": (c: { params?: Record<string, unknown> }) => ({
        clinics: [],
        totalCount: 0,
        itemsPerPage: 1,
        currentPage: 1,
        origin: c.params?.postalCode === "60601" ? { latitude: 41.8858, longitude: -87.6181, city: "Chicago", state: "IL" } : null,
      }),
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Postal code"), "60601");
    await waitFor(() => expect(screen.getByLabelText("Latitude")).toHaveValue("41.8858"));
    expect(screen.getByLabelText("Longitude")).toHaveValue("-87.6181");
    expect(screen.getByText(/Filled from the centre of ZIP 60601 \(our ZIP table\)/)).toBeInTheDocument();
    // Typed coordinates win: a later ZIP no longer overwrites them.
    await user.clear(screen.getByLabelText("Latitude"));
    await user.type(screen.getByLabelText("Latitude"), "41.9");
    await user.clear(screen.getByLabelText("Postal code"));
    await user.type(screen.getByLabelText("Postal code"), "99999");
    expect(screen.getByLabelText("Latitude")).toHaveValue("41.9");
    expect(callsTo("GET", "/zip-search").map((c) => c.params?.postalCode)).toEqual(["60601"]);
  });

  it("a late ZIP answer never overwrites coordinates typed meanwhile", async () => {
    const { user, answerZip } = await createFormAwaitingZip();
    await user.type(screen.getByLabelText("Latitude"), "39.7983");
    answerZip();
    await waitFor(() => expect(screen.getByLabelText("Latitude")).toHaveValue("39.7983"));
    expect(screen.getByLabelText("Longitude")).toHaveValue("");
  });

  it("an answer landing after the admin entered a coordinate field, before the first keystroke, leaves the field to them", async () => {
    const { user, answerZip } = await createFormAwaitingZip();
    await user.click(screen.getByLabelText("Latitude"));
    answerZip();
    // The answer settles before the first keystroke (typing waits a task per key).
    await user.type(screen.getByLabelText("Latitude"), "39.7983");
    expect(screen.getByLabelText("Latitude")).toHaveValue("39.7983");
    expect(screen.getByLabelText("Longitude")).toHaveValue("");
  });
});
