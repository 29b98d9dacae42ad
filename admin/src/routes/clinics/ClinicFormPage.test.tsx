import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MSG } from "@botox/core";
import { createFakeApi, failWith, STATS } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const clinic = {
  id: 7,
  name: "Glow Med Spa",
  slug: "glow-med-spa",
  site: "https://glow.example",
  url: "https://glow.example",
  phone: "2125551234",
  fullAddress: "1 Main St, New York, NY 10001",
  street: "1 Main St",
  city: "New York",
  citySlug: "new-york",
  state: "NY",
  postalCode: "10001",
  country: "USA",
  latitude: 40.7,
  longitude: -74,
  reviews: "4.5 (126 reviews)",
  rating: 4.5,
  reviewCount: 126,
  photo: null,
  streetView: null,
  workingHours: { Monday: "9AM-5PM" },
  businessStatus: "CLOSED_TEMPORARILY",
  locationLink: null,
  timeZone: "America/New_York",
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

describe("clinic form", () => {
  it("shows the required messages after blur", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    const name = await screen.findByLabelText("Name *");
    expect(screen.queryByText(MSG.validation.nameRequired)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(name);
    await user.tab();
    expect(screen.getByText(MSG.validation.nameRequired)).toBeInTheDocument();
    expect(screen.queryByText(MSG.validation.cityRequired)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText("City *"));
    await user.tab();
    expect(screen.getByText(MSG.validation.cityRequired)).toBeInTheDocument();
    expect(screen.queryByText(MSG.validation.stateRequired)).not.toBeInTheDocument();
  });

  it("shows every message on submit and sends nothing", async () => {
    const { api, calls } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Website"), "not a url");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(screen.getByText(MSG.validation.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.cityRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.stateRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.invalidUrl)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("generates the slug from name and city while untouched, and shows the hints", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow Med Spa");
    await user.type(screen.getByLabelText("City *"), "New York");
    const slug = screen.getByLabelText("Slug");
    expect(slug).toHaveValue("glow-med-spa-new-york");
    expect(screen.getByText(/\/botox-clinic\/\{city\}\/\{slug\}/)).toBeInTheDocument();
    expect(screen.getByText(/a number like 4\.5 or with a count like "4\.5 \(126 reviews\)"/)).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Working hours" })).toHaveTextContent("No hours: visitors are asked to call.");
    expect(screen.getByLabelText("Business status")).toHaveValue("OPERATIONAL");
    await user.clear(slug);
    await user.type(slug, "my-slug");
    await user.type(screen.getByLabelText("Name *"), " Two");
    expect(slug).toHaveValue("my-slug");
  });

  it("keeps what was typed and shows the server's issues when the save fails", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "POST /clinics": failWith(409, { error: MSG.api.clinicSlugTaken }),
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(await screen.findByText(MSG.admin.saveClinic)).toBeInTheDocument();
    // The API's 409 reason shows at the slug field.
    expect(screen.getByLabelText("Slug")).toHaveAccessibleDescription(expect.stringContaining(MSG.api.clinicSlugTaken));
    expect(screen.getByLabelText("Name *")).toHaveValue("Glow");
    expect(screen.getByTestId("location")).toHaveTextContent("/clinics/create");
  });

  it("shows the reason of another refusal (413) under the alert", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "POST /clinics": failWith(413, { error: MSG.api.payloadTooLarge }) });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(await screen.findByText(MSG.admin.saveClinic)).toBeInTheDocument();
    expect(screen.getByText(MSG.api.payloadTooLarge)).toBeInTheDocument();
  });

  it("edits a clinic with PUT and returns to the list", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "GET /clinics/7": clinic,
      "PUT /clinics/7": (c: { body?: unknown }) => ({ ...clinic, ...(c.body as object) }),
      "GET /clinics": { clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } },
    });
    renderApp(api, "/clinics/7");
    const name = await screen.findByLabelText("Name *");
    expect(name).toHaveValue("Glow Med Spa");
    expect(screen.getByLabelText("Business status")).toHaveValue("CLOSED_TEMPORARILY");
    const user = userEvent.setup();
    await user.type(name, " NYC");
    expect(screen.getByLabelText("Slug")).toHaveValue("glow-med-spa");
    await user.click(screen.getByRole("button", { name: "Update Clinic" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/clinics$/));
    const body = callsTo("PUT", "/clinics/7")[0]?.body as Record<string, unknown>;
    expect(body.name).toBe("Glow Med Spa NYC");
    expect(body.workingHours).toEqual({ Monday: "9AM-5PM" });
  });

  it("shows 'Clinic Not Found' and 'Error Loading Clinic'", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS, "GET /clinics/8": failWith(500) });
    renderApp(api, "/clinics/404");
    expect(await screen.findByText(MSG.admin.clinicNotFound)).toBeInTheDocument();
    const second = renderApp(api, "/clinics/8");
    expect(await second.findByText(MSG.admin.loadClinic)).toBeInTheDocument();
  });
});

describe("clinic form: every field, checks and hints", () => {
  it("has a field for every clinic property, with the status select", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    await screen.findByLabelText("Name *");
    for (const label of [
      "Slug",
      "Business status",
      "Phone",
      "Website",
      "Full address",
      "Street",
      "City *",
      "State *",
      "Postal code",
      "Country",
      "Latitude",
      "Longitude",
      "Maps link",
      "Photo URL",
      "Street view URL",
      "Reviews",
    ]) {
      expect(screen.getByLabelText(label), label).toBeInTheDocument();
    }
    expect(screen.getByRole("group", { name: "Working hours" })).toBeInTheDocument();
    expect(screen.getByLabelText("Country")).toHaveValue("USA");
    const options = [...screen.getByLabelText<HTMLSelectElement>("Business status").options].map((o) => o.value);
    expect(options).toEqual(["OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"]);
  });

  it("checks website, photo, street view and maps link as URLs, each after its blur", async () => {
    const { api } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await screen.findByLabelText("Name *");
    for (const label of ["Website", "Photo URL", "Street view URL", "Maps link"]) {
      const input = screen.getByLabelText(label);
      await user.type(input, "not a url");
      const before = screen.queryAllByText(MSG.validation.invalidUrl).length;
      await user.tab();
      expect(screen.getAllByText(MSG.validation.invalidUrl), label).toHaveLength(before + 1);
      expect(input).toHaveAttribute("aria-invalid", "true");
    }
    // A corrected value clears its message at once.
    await user.clear(screen.getByLabelText("Maps link"));
    await user.type(screen.getByLabelText("Maps link"), "https://maps.example.com/?q=1");
    expect(screen.getAllByText(MSG.validation.invalidUrl)).toHaveLength(3);
    // Coordinates are checked the same way.
    await user.type(screen.getByLabelText("Latitude"), "123");
    await user.tab();
    expect(screen.getByText(MSG.validation.latitude)).toBeInTheDocument();
  });

  it("shows the public URL the slug gives, and the slug keeps following a restored draft", async () => {
    sessionStorage.setItem("botox-admin-draft:clinic:create", JSON.stringify({ name: "Glow", city: "Miami", slug: "glow-miami", state: "FL" }));
    const { api } = createFakeApi({ "GET /stats": STATS });
    renderApp(api, "/clinics/create");
    const name = await screen.findByLabelText("Name *");
    expect(name).toHaveValue("Glow");
    expect(screen.getByText(/\/botox-clinic\/miami\/glow-miami$/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(name, " Spa");
    expect(screen.getByLabelText("Slug")).toHaveValue("glow-spa-miami");
    await user.clear(screen.getByLabelText("City *"));
    await user.type(screen.getByLabelText("City *"), "Palm Beach");
    expect(screen.getByLabelText("Slug")).toHaveValue("glow-spa-palm-beach");
    expect(screen.getByText(/\/botox-clinic\/palm-beach\/glow-spa-palm-beach$/)).toBeInTheDocument();
  });

  it("sends free-text working hours flagged as text, after the warning, and reviews as typed", async () => {
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "POST /clinics": { id: 11 },
      "GET /clinics": { clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } },
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.type(screen.getByLabelText("Reviews"), "4.5 (126 reviews)");
    await user.click(screen.getByRole("button", { name: "Set hours" }));
    await user.click(screen.getByRole("button", { name: "Save as free text instead" }));
    expect(screen.getByText(/Saved as free text: visitors see these hours as posted, with no open-now line/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Hours as posted"));
    await user.type(screen.getByLabelText("Hours as posted"), "By appointment only");
    await user.selectOptions(screen.getByLabelText("Business status"), "PERMANENTLY_CLOSED");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(await screen.findByText("Clinic created")).toBeInTheDocument();
    expect(callsTo("POST", "/clinics")[0]?.body).toMatchObject({
      name: "Glow",
      slug: "glow-miami",
      reviews: "4.5 (126 reviews)",
      workingHours: "By appointment only",
      workingHoursAsText: true,
      businessStatus: "PERMANENTLY_CLOSED",
      country: "USA",
    });
    // A new clinic opens in its edit screen (its prices, deals and staff are added there).
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/clinics\/11$/));
  });

  it("a likely duplicate is named, and Save anyway creates it on purpose", async () => {
    const message = MSG.api.likelyDuplicateClinic("Glow (Miami)");
    let posts = 0;
    const { api, callsTo } = createFakeApi({
      "GET /stats": STATS,
      "POST /clinics": () => {
        posts++;
        if (posts === 1) return failWith(409, { error: message, issues: [{ path: "duplicate", message: "Glow (Miami)" }] })();
        return { id: 12 };
      },
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.type(screen.getByLabelText("Phone"), "3055550100");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Slug")).not.toHaveAccessibleDescription(message);
    await user.click(screen.getByRole("button", { name: "Save anyway" }));
    expect(await screen.findByText("Clinic created")).toBeInTheDocument();
    expect(callsTo("POST", "/clinics").map((c) => (c.body as { allowDuplicate?: boolean }).allowDuplicate)).toEqual([undefined, true]);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/clinics\/12$/));
  });

  it("Cancel returns to the list without saving", async () => {
    const { api, calls } = createFakeApi({
      "GET /stats": STATS,
      "GET /clinics": { clinics: [], pagination: { totalItems: 0, itemsPerPage: 10, currentPage: 1, totalPages: 0 } },
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/clinics$/));
    expect(calls.some((c) => c.method !== "GET")).toBe(false);
  });

  it("a network failure keeps every value and shows the spec's text", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "POST /clinics": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.type(screen.getByLabelText("Phone"), "3055550100");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(await screen.findByText(MSG.admin.saveClinic)).toBeInTheDocument();
    expect(screen.getByLabelText("Phone")).toHaveValue("3055550100");
    expect(screen.getByLabelText("Slug")).toHaveValue("glow-miami");
    expect(screen.getByRole("button", { name: "Create Clinic" })).toBeEnabled();
  });
});
