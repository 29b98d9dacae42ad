import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SUGGESTION_MSG } from "@botox/core/freshness";
import SuggestEdit, { suggestionBody } from "./SuggestEdit.tsx";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
const PATH = "POST /clinics/7/suggestions";

async function openForm() {
  render(<SuggestEdit clinicId={7} clinicName="Glow Spa" config={config} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Suggest an edit" }));
  return user;
}

describe("SuggestEdit", () => {
  it("starts as one button, sends only the fields filled in, shows the sending state, then 'pending'", async () => {
    const hold = deferred<Response>();
    const { requests } = mockApi({ [PATH]: () => hold.promise });
    const user = await openForm();
    await user.type(screen.getByLabelText("Phone"), " (512) 555-0199 ");
    await user.selectOptions(screen.getByLabelText("Status"), "PERMANENTLY_CLOSED");
    await user.selectOptions(screen.getByLabelText("Category"), "Dermatology practice");
    await user.type(screen.getByLabelText("Note (optional)"), "Moved next door");
    await user.click(screen.getByRole("button", { name: "Send suggestion" }));
    expect(await screen.findByRole("button", { name: "Sending…" })).toBeDisabled();
    hold.resolve(json({ id: 1, status: "pending", message: SUGGESTION_MSG.pending }, 201));
    expect(await screen.findByText(SUGGESTION_MSG.pending)).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      changes: { phone: "(512) 555-0199", category: "Dermatology practice", businessStatus: "PERMANENTLY_CLOSED" },
      note: "Moved next door",
    });
  });

  it("asks for at least one change before sending anything", async () => {
    const { requests } = mockApi({});
    const user = await openForm();
    await user.type(screen.getByLabelText("Note (optional)"), "Just a note");
    await user.click(screen.getByRole("button", { name: "Send suggestion" }));
    expect(screen.getByRole("alert")).toHaveTextContent(SUGGESTION_MSG.noChange);
    expect(requests).toHaveLength(0);
  });

  it("shows the API's reason (one pending suggestion) and keeps the form", async () => {
    mockApi({ [PATH]: () => json({ error: SUGGESTION_MSG.alreadyPending }, 409) });
    const user = await openForm();
    await user.type(screen.getByLabelText("Website"), "https://glow.example.com");
    await user.click(screen.getByRole("button", { name: "Send suggestion" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(SUGGESTION_MSG.alreadyPending);
    expect(screen.getByRole("button", { name: "Send suggestion" })).toBeEnabled();
  });

  it("says when the visitor is rate limited, and Cancel folds the form away", async () => {
    mockApi({ [PATH]: () => new Response("", { status: 429 }) });
    const user = await openForm();
    await user.type(screen.getByLabelText("Address"), "2 New St");
    await user.click(screen.getByRole("button", { name: "Send suggestion" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(SUGGESTION_MSG.tooMany);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Suggest an edit" })).toBeInTheDocument();
  });

  it("suggestionBody leaves out blank fields and a blank note", () => {
    expect(suggestionBody({ phone: " ", site: "", fullAddress: "", category: "", workingHours: "Mon 9-5", businessStatus: "", note: "  " })).toEqual({
      changes: { workingHours: "Mon 9-5" },
    });
  });
});
