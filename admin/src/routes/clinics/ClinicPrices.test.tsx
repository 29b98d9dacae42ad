import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { priceCheckedOn, type Clinic, type ClinicPrice } from "@botox/core";
import { createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const clinic = { id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX", businessStatus: "OPERATIONAL" } as Clinic;

function stored(id: number, over: Partial<ClinicPrice> = {}): ClinicPrice {
  const row: ClinicPrice = {
    id,
    clinicId: 7,
    brand: "botox",
    model: "per_unit",
    unitPriceCents: 1300,
    area: null,
    priceCents: null,
    units: null,
    perUnitCents: 1300,
    conditions: null,
    newPatientsOnly: false,
    source: "phone",
    evidenceUrl: null,
    observedOn: new Date().toISOString().slice(0, 10),
    verifiedOn: null,
    checkedOn: "",
    status: "published",
    createdAt: "",
    updatedAt: "",
    ...over,
  };
  return { ...row, checkedOn: priceCheckedOn(row) };
}

/** A clinic with its prices behind the fake API. */
function backend(prices: ClinicPrice[]) {
  let next = 100;
  return {
    "GET /stats": STATS,
    "GET /clinics/7": clinic,
    "GET /clinics/7/prices": () => ({ prices }),
    "POST /clinics/7/prices": (c: FakeCall) => {
      const body = c.body as ClinicPrice;
      const row = stored(next++, {
        ...body,
        perUnitCents: body.unitPriceCents,
        status: body.unitPriceCents != null && body.unitPriceCents > 4000 ? "pending" : body.status,
      });
      prices.push(row);
      return row;
    },
    "PATCH /prices/:id": (c: FakeCall) => {
      const row = prices.find((p) => p.id === Number(c.path.split("/").pop()));
      if (!row) throw new Error("no row");
      Object.assign(row, c.body);
      return row;
    },
    "DELETE /prices/:id": (c: FakeCall) => {
      prices.splice(
        prices.findIndex((p) => p.id === Number(c.path.split("/").pop())),
        1,
      );
      return { ok: true };
    },
  };
}

const pricesCard = () => screen.findByRole("region", { name: "Prices" });

describe("prices on the clinic edit screen", () => {
  it("asks for every status, shows the empty state, and adds a price in dollars", async () => {
    const prices: ClinicPrice[] = [];
    const { api, callsTo } = createFakeApi(backend(prices));
    renderApp(api, "/clinics/7");
    const card = await pricesCard();
    await within(card).findByText("No prices yet for this clinic.");
    expect(callsTo("GET", "/clinics/7/prices")[0]?.params).toEqual({ status: "all" });

    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Add price" }));
    const form = within(card).getByRole("form", { name: "Add price" });
    await user.click(within(form).getByRole("button", { name: "Save price" }));
    expect(within(form).getByText("Enter a price per unit.")).toBeInTheDocument();
    expect(callsTo("POST", "/clinics/7/prices")).toHaveLength(0);

    await user.type(within(form).getByLabelText("Price per unit ($)"), "12.50");
    await user.click(within(form).getByRole("button", { name: "Save price" }));
    await waitFor(() => expect(within(card).getAllByText("$12.50/unit").length).toBeGreaterThan(0));
    expect(callsTo("POST", "/clinics/7/prices")[0]?.body).toMatchObject({
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 1250,
      source: "phone",
      status: "published",
    });
    expect(document.body).toHaveTextContent("Price added");
  });

  it("says when an outlier was held for review", async () => {
    const { api } = createFakeApi(backend([]));
    renderApp(api, "/clinics/7");
    const card = await pricesCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole("button", { name: "Add price" }));
    await user.type(within(card).getByLabelText("Price per unit ($)"), "45");
    await user.click(within(card).getByRole("button", { name: "Save price" }));
    await waitFor(() => expect(document.body).toHaveTextContent("Price held for review"));
    expect(within(card).getByText("pending")).toBeInTheDocument();
  });

  it("verifies a price today, edits it and deletes it", async () => {
    const prices = [stored(1, { observedOn: "2025-01-02" })];
    const { api, callsTo } = createFakeApi(backend(prices));
    renderApp(api, "/clinics/7");
    const card = await pricesCard();
    const row = await within(card).findByRole("row", { name: /Botox/ });
    expect(within(row).getByText("over a year old")).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(row).getByRole("button", { name: "Verify today" }));
    await waitFor(() => expect(callsTo("PATCH", "/prices/1")).toHaveLength(1));
    expect(callsTo("PATCH", "/prices/1")[0]?.body).toEqual({ verifiedOn: new Date().toISOString().slice(0, 10) });
    await within(card).findByText(/^verified /);

    await user.click(within(card).getByRole("button", { name: "Edit" }));
    const form = within(card).getByRole("form", { name: "Edit price" });
    expect(within(form).getByLabelText("Price per unit ($)")).toHaveValue("13");
    await user.clear(within(form).getByLabelText("Price per unit ($)"));
    await user.type(within(form).getByLabelText("Price per unit ($)"), "14");
    await user.click(within(form).getByRole("button", { name: "Save price" }));
    await waitFor(() => expect(callsTo("PATCH", "/prices/1")).toHaveLength(2));
    expect(callsTo("PATCH", "/prices/1")[1]?.body).toMatchObject({ unitPriceCents: 1400 });

    await user.click(within(card).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await within(card).findByText("No prices yet for this clinic.");
    expect(callsTo("DELETE", "/prices/1")).toHaveLength(1);
  });

  it("shows the API's reason when a save fails, and an error state when the list fails", async () => {
    const routes = {
      ...backend([]),
      "POST /clinics/7/prices": failWith(400, {
        error: "Invalid input",
        issues: [{ path: "observedOn", message: "Dates must be real dates written YYYY-MM-DD." }],
      }),
    };
    const { api } = createFakeApi(routes);
    renderApp(api, "/clinics/7");
    const card = await pricesCard();
    const user = userEvent.setup();
    await user.click(await within(card).findByRole("button", { name: "Add price" }));
    await user.type(within(card).getByLabelText("Price per unit ($)"), "13");
    await user.click(within(card).getByRole("button", { name: "Save price" }));
    const alert = await within(card).findByRole("alert");
    expect(alert).toHaveTextContent("Invalid input");
    expect(within(card).getAllByText("Dates must be real dates written YYYY-MM-DD.").length).toBeGreaterThan(0);
  });

  it("offers Retry when the prices cannot be loaded", async () => {
    const { api } = createFakeApi({ ...backend([]), "GET /clinics/7/prices": failWith(503) });
    renderApp(api, "/clinics/7");
    const card = await pricesCard();
    expect(await within(card).findByRole("alert")).toHaveTextContent("Failed to load the prices.");
    expect(within(card).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
