import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STAFF_MSG, isoDay, type Clinic, type ListedStaffMember, type NpiLookup } from "@botox/core";
import { apiError, createFakeApi, failWith, STATS, type FakeCall } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render.tsx";

const clinic = { id: 7, name: "Glow Spa", slug: "glow-spa", city: "Austin", citySlug: "austin", state: "TX", businessStatus: "OPERATIONAL" } as Clinic;
const today = isoDay(new Date());

const LOOKUP: NpiLookup = {
  npi: "1000000004",
  name: "Dana M Reyes",
  credential: "NP",
  credentialText: "FNP-C",
  taxonomies: [
    { code: "363L00000X", description: "Nurse Practitioner", primary: false, state: "OK", license: "R0987" },
    { code: "363LF0000X", description: "Nurse Practitioner, Family", primary: true, state: "TX", license: "AP123456" },
  ],
  status: "active",
  sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000004",
};

function member(id: number, over: Partial<ListedStaffMember> = {}): ListedStaffMember {
  return {
    id,
    clinicId: 7,
    name: "Alex Kim",
    role: "medical_director",
    credential: "MD",
    npi: "1000000061",
    licenseState: "TX",
    licenseNumber: "Q4321",
    licenseStatus: "active",
    sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000061",
    verifiedVia: "npi_registry",
    verifiedOn: "2025-01-02",
    verifiedBy: "admin",
    source: "admin",
    verification: "stale",
    createdAt: "",
    updatedAt: "",
    ...over,
  };
}

function backend(staff: ListedStaffMember[], npi: Record<string, unknown> = {}) {
  let next = 100;
  return {
    "GET /stats": STATS,
    "GET /clinics/7": clinic,
    "GET /clinics/7/prices": { prices: [] },
    "GET /clinics/7/staff": () => ({ staff }),
    "GET /npi/1000000004": LOOKUP,
    ...npi,
    "POST /clinics/7/staff": (c: FakeCall) => {
      const row = member(next++, { ...(c.body as Partial<ListedStaffMember>), verification: "current" });
      staff.push(row);
      return { staff: row };
    },
    "PATCH /staff/:id": (c: FakeCall) => {
      const row = staff.find((s) => s.id === Number(c.path.split("/").pop()));
      if (!row) throw new Error("no row");
      Object.assign(row, c.body, { verification: "current" });
      return { staff: row };
    },
    "DELETE /staff/:id": (c: FakeCall) => {
      staff.splice(
        staff.findIndex((s) => s.id === Number(c.path.split("/").pop())),
        1,
      );
      return { ok: true };
    },
  };
}

const staffCard = () => screen.findByRole("region", { name: "Staff" });

describe("staff on the clinic edit screen", () => {
  it("asks before saving a second medical director, and saves it when confirmed", async () => {
    const staff: ListedStaffMember[] = [member(1, { name: "Alex Kim" })];
    const { api, callsTo } = createFakeApi(backend(staff));
    renderApp(api, "/clinics/7");
    const card = await staffCard();
    await within(card).findByRole("row", { name: /Alex Kim/ });
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Add without NPI" }));
    const form = within(card).getByRole("form", { name: "Add staff member" });
    await user.type(within(form).getByLabelText("Name"), "Jo Park");
    await user.selectOptions(within(form).getByLabelText("Role"), "medical_director");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("This clinic already has a medical director (Alex Kim). Save a second one?")).toBeInTheDocument();
    expect(callsTo("POST", "/clinics/7/staff")).toHaveLength(0);
    await user.click(within(form).getByRole("button", { name: "Yes, save a second medical director" }));
    await waitFor(() => expect(callsTo("POST", "/clinics/7/staff")).toHaveLength(1));
    expect(callsTo("POST", "/clinics/7/staff")[0]?.body).toMatchObject({ name: "Jo Park", role: "medical_director" });
  });

  it("adds a staff member by NPI lookup: the registry's record fills name, credential and licence, the admin confirms", async () => {
    const staff: ListedStaffMember[] = [];
    const { api, callsTo } = createFakeApi(backend(staff));
    renderApp(api, "/clinics/7");
    const card = await staffCard();
    await within(card).findByText(STAFF_MSG.empty);
    const user = userEvent.setup();

    await user.type(within(card).getByLabelText("Add by NPI"), "1000000005");
    await user.click(within(card).getByRole("button", { name: "Look up" }));
    expect(within(card).getByText(STAFF_MSG.npi)).toBeInTheDocument();
    expect(callsTo("GET", "/npi/1000000005")).toHaveLength(0);

    await user.clear(within(card).getByLabelText("Add by NPI"));
    await user.type(within(card).getByLabelText("Add by NPI"), "1000000004");
    await user.click(within(card).getByRole("button", { name: "Look up" }));
    await within(card).findByText("Dana M Reyes");
    await user.click(within(card).getByRole("button", { name: "Use this record" }));

    const form = within(card).getByRole("form", { name: "Add staff member" });
    expect(within(form).getByLabelText("Name")).toHaveValue("Dana M Reyes");
    expect(within(form).getByLabelText("Credential")).toHaveValue("NP");
    expect(within(form).getByLabelText("Licence state")).toHaveValue("TX");
    expect(within(form).getByLabelText("Licence number")).toHaveValue("AP123456");
    // No role is assumed: a save without one says so and sends nothing.
    expect(within(form).getByLabelText("Role")).toHaveValue("");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Choose the person's role: medical director or injector.")).toBeInTheDocument();
    expect(callsTo("POST", "/clinics/7/staff")).toHaveLength(0);
    await user.selectOptions(within(form).getByLabelText("Role"), "injector");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo("POST", "/clinics/7/staff")).toHaveLength(1));
    expect(callsTo("POST", "/clinics/7/staff")[0]?.body).toEqual({
      name: "Dana M Reyes",
      role: "injector",
      credential: "NP",
      npi: "1000000004",
      licenseState: "TX",
      licenseNumber: "AP123456",
      licenseStatus: "active",
      sourceUrl: LOOKUP.sourceUrl,
      verifiedOn: today,
    });
    await within(card).findByRole("row", { name: /Dana M Reyes/ });
  });

  it("says what the registry answered when the lookup fails", async () => {
    const { api } = createFakeApi(backend([], { "GET /npi/1000000020": failWith(404, { error: STAFF_MSG.npiNotFound }) }));
    renderApp(api, "/clinics/7");
    const card = await staffCard();
    const user = userEvent.setup();
    await user.type(await within(card).findByLabelText("Add by NPI"), "1000000020");
    await user.click(within(card).getByRole("button", { name: "Look up" }));
    expect(await within(card).findByText(STAFF_MSG.npiNotFound)).toBeInTheDocument();
  });

  it("says why a saved person is entered, not checked, and labels such rows so", async () => {
    const staff: ListedStaffMember[] = [];
    const reasons = ["Credential: the NPI Registry has NP."];
    const { api } = createFakeApi({
      ...backend(staff),
      "POST /clinics/7/staff": (c: FakeCall) => {
        const row = member(100, { ...(c.body as Partial<ListedStaffMember>), verifiedVia: null, verifiedOn: null, verification: "none" });
        staff.push(row);
        return { staff: row, registryCheck: { checked: false, reasons } };
      },
    });
    renderApp(api, "/clinics/7");
    const card = await staffCard();
    const user = userEvent.setup();
    await user.type(await within(card).findByLabelText("Add by NPI"), "1000000004");
    await user.click(within(card).getByRole("button", { name: "Look up" }));
    await within(card).findByText("Dana M Reyes");
    await user.click(within(card).getByRole("button", { name: "Use this record" }));
    const form = within(card).getByRole("form", { name: "Add staff member" });
    await user.selectOptions(within(form).getByLabelText("Credential"), "MD");
    await user.selectOptions(within(form).getByLabelText("Role"), "injector");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Staff member added: entered, not checked")).toBeInTheDocument();
    expect(screen.getByText(reasons[0]!)).toBeInTheDocument();
    const row = await within(card).findByRole("row", { name: /Dana M Reyes/ });
    expect(within(row).getByText("Entered, not checked")).toBeInTheDocument();
  });

  it("checks a licence against the registry again, shows the API's field message, and deletes", async () => {
    const staff = [member(1)];
    const { api, callsTo } = createFakeApi({
      ...backend(staff),
      "PATCH /staff/:id": (c: FakeCall) => {
        const body = c.body as Record<string, unknown>;
        if ("licenseState" in body && body.licenseState === "TEXAS")
          throw apiError(400, { error: STAFF_MSG.licenseState, issues: [{ path: "licenseState", message: STAFF_MSG.licenseState }] });
        Object.assign(staff[0]!, body, { verification: "current" });
        return { staff: staff[0] };
      },
    });
    renderApp(api, "/clinics/7");
    const card = await staffCard();
    const row = await within(card).findByRole("row", { name: /Alex Kim/ });
    expect(within(row).getByText("May be out of date")).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(row).getByRole("button", { name: "Check against the NPI Registry: Alex Kim" }));
    await waitFor(() => expect(callsTo("PATCH", "/staff/1")).toHaveLength(1));
    expect(callsTo("PATCH", "/staff/1")[0]?.body).toEqual({ npi: "1000000061" });
    await within(card).findByText("Checked", { selector: "span" });

    await user.click(within(card).getByRole("button", { name: "Edit Alex Kim" }));
    const form = within(card).getByRole("form", { name: "Edit staff member" });
    await user.clear(within(form).getByLabelText("Licence state"));
    await user.type(within(form).getByLabelText("Licence state"), "TEXAS");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findAllByText(STAFF_MSG.licenseState)).not.toHaveLength(0);

    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await user.click(within(card).getByRole("button", { name: "Delete Alex Kim" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(callsTo("DELETE", "/staff/1")).toHaveLength(1));
    await within(card).findByText(STAFF_MSG.empty);
  });
});
