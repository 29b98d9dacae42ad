import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEAL_MSG, isoDay, type Clinic, type Deal } from "@botox/core";
import { apiError, createFakeApi, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";
import { dealPayload } from "./ClinicDeals.tsx";

const clinic = { id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX", businessStatus: "OPERATIONAL" } as Clinic;
const today = isoDay(new Date());
const inDays = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

function stored(id: number, over: Partial<Deal> = {}): Deal {
  return {
    id,
    clinicId: 7,
    title: "Winter Botox",
    brand: "botox",
    model: "per_unit",
    unitPriceCents: 999,
    area: null,
    areaPriceCents: null,
    units: null,
    perUnitCents: 999,
    startsOn: today,
    endsOn: inDays(30),
    conditions: null,
    newPatientsOnly: false,
    sourceUrl: null,
    demo: false,
    createdBy: 1,
    createdAt: "",
    updatedAt: "",
    ...over,
  };
}

function backend(deals: Deal[]) {
  let next = 100;
  return {
    "GET /stats": STATS,
    "GET /clinics/7": clinic,
    "GET /clinics/7/prices": () => ({ prices: [] }),
    "GET /clinics/7/deals": () => ({ deals }),
    "POST /clinics/7/deals": (c: FakeCall) => {
      const body = c.body as Deal;
      if (body.model === "per_area" && body.units == null)
        throw apiError(400, { error: DEAL_MSG.unitsRequired, issues: [{ path: "units", message: DEAL_MSG.unitsRequired }] });
      const row = stored(next++, { ...body, perUnitCents: body.unitPriceCents ?? 0 });
      deals.push(row);
      return { deal: row };
    },
    "DELETE /deals/:id": (c: FakeCall) => {
      deals.splice(
        deals.findIndex((d) => d.id === Number(c.path.split("/").pop())),
        1,
      );
      return { ok: true };
    },
  };
}

const dealsCard = () => screen.findByRole("region", { name: "Deals" });

describe("deals on the clinic edit screen", () => {
  it("lists the clinic's deals with their state, adds one in dollars, and deletes one", async () => {
    const deals = [stored(1, { title: "Old offer", startsOn: inDays(-40), endsOn: inDays(-10) })];
    const { api, callsTo } = createFakeApi(backend(deals));
    renderApp(api, "/clinics/7");
    const card = await dealsCard();
    await within(card).findByText("Old offer");
    expect(within(card).getByText("Ended")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Add deal" }));
    const form = within(card).getByRole("form", { name: "Add deal" });
    await user.type(within(form).getByLabelText("Title"), "Spring Botox");
    await user.type(within(form).getByLabelText("Price per unit ($)"), "9.99");
    await user.type(within(form).getByLabelText(/Ends on/), inDays(20));
    await user.click(within(form).getByRole("button", { name: "Save deal" }));
    await within(card).findByText("Spring Botox");
    expect(callsTo("POST", "/clinics/7/deals")[0]?.body).toMatchObject({
      title: "Spring Botox",
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 999,
      endsOn: inDays(20),
    });
    expect(within(card).getByText("Running")).toBeTruthy();

    const row = within(card).getByText("Old offer").closest("li")!;
    await user.click(within(row as HTMLElement).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await within(card).findByText("Spring Botox");
    expect(callsTo("DELETE", "/deals/1")).toHaveLength(1);
  });

  it("shows the API's refusal at its field: a per-area deal without units", async () => {
    const { api } = createFakeApi(backend([]));
    renderApp(api, "/clinics/7");
    const card = await dealsCard();
    await within(card).findByText("No deals for this clinic.");
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Add deal" }));
    const form = within(card).getByRole("form", { name: "Add deal" });
    await user.type(within(form).getByLabelText("Title"), "Frown lines");
    await user.selectOptions(within(form).getByLabelText("Pricing"), "per_area");
    await user.selectOptions(within(form).getByLabelText("Area"), "frown_lines");
    await user.type(within(form).getByLabelText("Area price ($)"), "199");
    await user.type(within(form).getByLabelText(/Ends on/), inDays(20));
    await user.click(within(form).getByRole("button", { name: "Save deal" }));
    expect((await within(form).findAllByText(DEAL_MSG.unitsRequired)).length).toBeGreaterThan(0);
  });

  it("sends only the chosen model's fields, in cents", () => {
    const body = dealPayload({
      title: "x",
      brand: "dysport",
      model: "per_area",
      unitPrice: "12",
      area: "frown_lines",
      areaPrice: "$225",
      units: "50",
      startsOn: today,
      endsOn: inDays(3),
      conditions: "",
      newPatientsOnly: true,
      sourceUrl: "",
    });
    expect(body).toMatchObject({ unitPriceCents: null, area: "frown_lines", areaPriceCents: 22500, units: 50 });
  });
});
