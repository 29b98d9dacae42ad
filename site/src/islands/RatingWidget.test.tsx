import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import RatingWidget from "./RatingWidget.tsx";
import { API_URL, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };
const stats = [
  { emoji: "love-eyes", count: 3 },
  { emoji: "smile", count: 1 },
  { emoji: "neutral", count: 0 },
  { emoji: "sad", count: 0 },
  { emoji: "angry", count: 0 },
];
const toastText = () => document.getElementById("toast-viewport")?.textContent ?? "";
/** A choice of the form once the API has said this visitor has not rated (until then it is disabled). */
async function enabledRadio(name: RegExp): Promise<HTMLElement> {
  const radio = await screen.findByRole("radio", { name });
  await waitFor(() => expect(radio).toBeEnabled());
  return radio;
}

describe("RatingWidget", () => {
  it("shows only thanks and the stats to a visitor who has rated", async () => {
    mockApi({ "GET /clinics/7/has-rated": { hasRated: true }, "GET /clinics/7/rating-stats": stats });
    render(<RatingWidget clinicId={7} clinicName="Glow Spa" config={config} />);
    expect(await screen.findByText("Thanks for rating Glow Spa!")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Ratings so far" });
    expect(within(list).getByText(/Love it: 3/)).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("shows the form's shape, its choices disabled, until the API says whether this visitor has rated", async () => {
    let answer!: (r: Response) => void;
    mockApi({ "GET /clinics/7/has-rated": () => new Promise<Response>((resolve) => (answer = resolve)) });
    render(<RatingWidget clinicId={7} clinicName="Glow Spa" config={config} />);
    const radios = screen.getAllByRole("radio");
    expect(radios).toHaveLength(5);
    for (const radio of radios) expect(radio).toBeDisabled();
    expect(screen.getByRole("region", { name: "Rate This Clinic" })).toHaveAttribute("aria-busy", "true");
    answer(json({ hasRated: false }));
    await waitFor(() => expect(screen.getByRole("radio", { name: /Good/ })).toBeEnabled());
    expect(screen.getByRole("region", { name: "Rate This Clinic" })).not.toHaveAttribute("aria-busy");
  });

  it("offers the five emojis; Submit Rating appears once one is chosen, and no comment is asked for", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /clinics/7/has-rated": { hasRated: false } });
    render(<RatingWidget clinicId={7} clinicName="Glow Spa" config={config} />);
    await enabledRadio(/Love it/);
    const radios = screen.getAllByRole("radio");
    expect(radios.map((r) => r.closest("label")!.textContent.replace(/\p{Extended_Pictographic}/gu, ""))).toEqual([
      "Love it",
      "Good",
      "Neutral",
      "Disappointed",
      "Angry",
    ]);
    expect(screen.queryByRole("button", { name: "Submit Rating" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Good/ }));
    expect(screen.queryByLabelText(/Comment/)).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit Rating" })).toBeInTheDocument();
  });

  it("submits the emoji without a comment and thanks with it", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      "GET /clinics/7/has-rated": { hasRated: false },
      "POST /clinics/7/ratings": () => json({ rating: { id: 1 } }, 201),
      "GET /clinics/7/rating-stats": stats,
    });
    render(<RatingWidget clinicId={7} clinicName="Glow Spa" config={config} />);
    await user.click(await enabledRadio(/Love it/));
    await user.click(screen.getByRole("button", { name: "Submit Rating" }));
    expect(await screen.findByText("Thanks for rating Glow Spa!")).toBeInTheDocument();
    expect(screen.getByText(/Your rating:/)).toHaveTextContent(/Love it$/);
    expect(requests.find((r) => r.method === "POST")!.body).toEqual({ clinicId: 7, emoji: "love-eyes", comment: null });
    expect(toastText()).toBe("Thank you for your feedback!Your rating has been submitted successfully.");
  });

  it("shows the server's error text in the Error toast and keeps the form", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /clinics/7/has-rated": { hasRated: false },
      "POST /clinics/7/ratings": () => json({ error: "You have already rated this clinic." }, 409),
    });
    render(<RatingWidget clinicId={7} clinicName="Glow Spa" config={config} />);
    await user.click(await enabledRadio(/Angry/));
    await user.click(screen.getByRole("button", { name: "Submit Rating" }));
    await waitFor(() => expect(toastText()).toBe("ErrorYou have already rated this clinic."));
    expect(screen.getByRole("button", { name: "Submit Rating" })).toBeEnabled();
  });

  it("falls back to the spec's text when the failure carries no message", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /clinics/7/has-rated": { hasRated: false },
      "POST /clinics/7/ratings": () => new Response("", { status: 502 }),
    });
    render(<RatingWidget clinicId={7} clinicName="Glow Spa" config={config} />);
    await user.click(await enabledRadio(/Good/));
    await user.click(screen.getByRole("button", { name: "Submit Rating" }));
    await waitFor(() => expect(toastText()).toBe("ErrorUnable to submit your rating. Please try again."));
  });
});
