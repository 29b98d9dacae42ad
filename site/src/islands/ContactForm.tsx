import { useId, useState, type SubmitEvent } from "react";
import { CONTACT } from "@botox/core/constants";
import { errorMessageOf } from "@botox/core/http";
import { CONTACT_MSG } from "@botox/core/messages";
import { apiClient } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { contactPayload, validateContact, type ContactErrors, type ContactValues } from "../lib/contact.ts";
import { reactIsland } from "../lib/react-island.ts";

const EMPTY: ContactValues = { name: "", email: "", subject: "", message: "" };

/** Contact form (product.md §2.11, §4): idle, sending, sent or error; messages really reach the API (architecture.md §9). */
export default function ContactForm({ config }: { config: PublicConfig }) {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [state, setState] = useState<"idle" | "sending" | "sent" | "error">("idle");
  // What the API said when it refused the message (e.g. too long), else the general failure.
  const [failure, setFailure] = useState<string>(CONTACT_MSG.error);

  const set = (key: keyof ContactValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(e: SubmitEvent) {
    e.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setState("sending");
    try {
      await apiClient(config.apiUrl).send("POST", "/contact", contactPayload(values));
      setValues(EMPTY);
      setState("sent");
    } catch (err) {
      setFailure(errorMessageOf(err, CONTACT_MSG.error));
      setState("error");
    }
  }

  if (state === "sent") {
    return (
      <div className="card p-8 text-center" role="status">
        <h2 className="text-2xl font-bold text-slate-900">{CONTACT_MSG.sent}</h2>
        <p className="mt-2 text-slate-700">We'll get back to you within {CONTACT.replyWithinHours} hours.</p>
        <button type="button" className="btn-primary mt-6" onClick={() => setState("idle")}>
          {CONTACT_MSG.sendAnother}
        </button>
      </div>
    );
  }

  const field = (key: keyof ContactValues) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: set(key),
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-err` : undefined,
  });
  const err = (key: keyof ContactValues) =>
    errors[key] ? (
      <p id={`${id}-${key}-err`} className="mt-1 text-sm text-red-700">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="card space-y-4 p-6" aria-label="Contact form">
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
          Name
        </label>
        <input className="input" autoComplete="name" required {...field("name")} />
        {err("name")}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
          Email
        </label>
        <input className="input" type="email" autoComplete="email" required {...field("email")} />
        {err("email")}
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className="mb-1 block text-sm font-medium">
          Subject
        </label>
        <select className="input" {...field("subject")}>
          <option value="">Select a subject</option>
          {CONTACT.subjects.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-medium">
          Message
        </label>
        <textarea
          className="input min-h-36"
          required
          maxLength={CONTACT.messageMaxLength}
          {...field("message")}
          aria-describedby={[errors.message ? `${id}-message-err` : "", `${id}-message-count`].filter(Boolean).join(" ")}
        />
        <p id={`${id}-message-count`} className="mt-1 text-right text-xs text-slate-600" data-message-count>
          {values.message.length.toLocaleString("en-US")} / {CONTACT.messageMaxLength.toLocaleString("en-US")} characters
        </p>
        {err("message")}
      </div>
      {state === "error" && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={state === "sending"}>
        {state === "sending" ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

reactIsland(ContactForm);
