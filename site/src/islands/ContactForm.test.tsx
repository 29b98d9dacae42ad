import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import ContactForm from "./ContactForm.tsx";
import { API_URL, deferred, json, mockApi } from "../test/fetch.ts";

const config = { apiUrl: API_URL, geoServices: [] };

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; subject?: string; message?: string }) {
  if (values.name) await user.type(screen.getByLabelText("Name"), values.name);
  if (values.email) await user.type(screen.getByLabelText("Email"), values.email);
  if (values.subject) await user.selectOptions(screen.getByLabelText("Subject"), values.subject);
  if (values.message) await user.type(screen.getByLabelText("Message"), values.message);
}

describe("ContactForm", () => {
  it("offers the five subjects", () => {
    render(<ContactForm config={config} />);
    const options = [...screen.getByLabelText<HTMLSelectElement>("Subject").options].map((o) => o.text);
    expect(options).toEqual(["Select a subject", "General Inquiry", "Clinic Information", "List My Clinic", "Report an Issue", "Other"]);
  });

  it("shows the validation messages beside the fields and sends nothing", async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    render(<ContactForm config={config} />);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Name is required");
    await fill(user, { name: "Ann", email: "ann@", message: "Hi" });
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(screen.queryByText("Name is required")).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("goes idle → sending → sent, posts the message to the API, clears the form and can send another", async () => {
    const user = userEvent.setup();
    const pending = deferred<Response>();
    const { requests } = mockApi({ "POST /contact": () => pending.promise });
    render(<ContactForm config={config} />);
    await fill(user, { name: "Ann", email: "ann@example.com", subject: "List My Clinic", message: "Please list us." });
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(requests[0]!.body).toEqual({ name: "Ann", email: "ann@example.com", subject: "List My Clinic", message: "Please list us." });
    pending.resolve(json({ received: true, id: 1 }, 201));
    expect(await screen.findByRole("heading", { name: "Message Sent!" })).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });

  it("shows the error state and keeps what was typed when sending fails", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /contact": () => new Response("<html>Bad gateway</html>", { status: 502 }) });
    render(<ContactForm config={config} />);
    await fill(user, { name: "Ann", email: "ann@example.com", message: "Hello" });
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Failed to send message. Please try again later."));
    expect(screen.getByLabelText("Message")).toHaveValue("Hello");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("limits the message with a character count, and shows the API's own reason when it refuses one", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /contact": () => json({ error: "Message is too long (at most 5000 characters)." }, 400) });
    render(<ContactForm config={config} />);
    const message = screen.getByLabelText("Message");
    expect(message).toHaveAttribute("maxlength", "5000");
    await fill(user, { name: "Ann", email: "ann@example.com", message: "Hello" });
    expect(screen.getByText("5 / 5,000 characters")).toBeInTheDocument();
    expect(message).toHaveAccessibleDescription("5 / 5,000 characters");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Message is too long (at most 5000 characters)."));
    expect(screen.queryByText("Failed to send message")).not.toBeInTheDocument();
  });
});
