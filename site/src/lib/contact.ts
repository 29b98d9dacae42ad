/**
 * Contact form rules (product.md §5) without zod in the browser bundle: the same messages as
 * core's contactSchema, which the API applies again on receipt.
 */
import { CONTACT_MSG } from "@botox/core/messages";

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(v: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!v.name.trim()) errors.name = CONTACT_MSG.nameRequired;
  if (!v.email.trim()) errors.email = CONTACT_MSG.emailRequired;
  else if (!EMAIL_RE.test(v.email.trim())) errors.email = CONTACT_MSG.invalidEmail;
  if (!v.message.trim()) errors.message = CONTACT_MSG.messageRequired;
  return errors;
}

export function contactPayload(v: ContactValues) {
  return { name: v.name.trim(), email: v.email.trim(), subject: v.subject || null, message: v.message.trim() };
}
