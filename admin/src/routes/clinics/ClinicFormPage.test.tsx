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
    expect(screen.getByText(/as text or a JSON object/)).toBeInTheDocument();
    expect(screen.getByLabelText("Business status")).toHaveValue("OPERATIONAL");
    await user.clear(slug);
    await user.type(slug, "my-slug");
    await user.type(screen.getByLabelText("Name *"), " Two");
    expect(slug).toHaveValue("my-slug");
  });

  it("keeps what was typed and shows the server's issues when the save fails", async () => {
    const { api } = createFakeApi({
      "GET /stats": STATS,
      "POST /clinics": failWith(409, { error: MSG.api.clinicSlugTaken, issues: [{ path: "slug", message: MSG.api.clinicSlugTaken }] }),
    });
    renderApp(api, "/clinics/create");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name *"), "Glow");
    await user.type(screen.getByLabelText("City *"), "Miami");
    await user.type(screen.getByLabelText("State *"), "FL");
    await user.click(screen.getByRole("button", { name: "Create Clinic" }));
    expect(await screen.findByText(MSG.admin.saveClinic)).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(MSG.api.clinicSlugTaken)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText("Name *")).toHaveValue("Glow");
    expect(screen.getByTestId("location")).toHaveTextContent("/clinics/create");
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
