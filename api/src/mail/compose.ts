/**
 * One outbox row as the RFC 5322 message that leaves (or is captured): both modes send the
 * same bytes, built here by nodemailer's composer, so the captured .eml carries exactly the
 * headers SMTP gets. Every header value is refused if it holds CR or LF: no field a visitor
 * typed can add a header or a recipient.
 */
import MailComposer from "nodemailer/lib/mail-composer";

export interface ComposableMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  messageId: string;
  createdAt: Date;
}

const LINE_BREAK = /[\r\n]/;

/** @internal Exported for its tests. */
export class HeaderInjectionError extends Error {}

/** Throws when a header's value could end the header (CR or LF). */
export function assertHeaderSafe(name: string, value: string): void {
  if (LINE_BREAK.test(value) || LINE_BREAK.test(name)) throw new HeaderInjectionError(`line break in mail header ${name}`);
}

/** Text for a Subject: line breaks and runs of white space become one space. */
export const oneLine = (value: string): string => value.replace(/\s+/g, " ").trim();

export async function composeRaw(mail: ComposableMail): Promise<Buffer> {
  assertHeaderSafe("From", mail.from);
  assertHeaderSafe("To", mail.to);
  assertHeaderSafe("Subject", mail.subject);
  assertHeaderSafe("Message-ID", mail.messageId);
  for (const [name, value] of Object.entries(mail.headers)) assertHeaderSafe(name, value);
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    headers: mail.headers,
    messageId: mail.messageId,
    date: mail.createdAt,
  });
  return composer.compile().build();
}

/** The address part of "Name <a@b>" (or the whole text). */
export function addressOf(from: string): string {
  const m = /<([^<>]+)>\s*$/.exec(from);
  return (m?.[1] ?? from).trim();
}

/** The domain of the sender's address: the right side of every Message-ID. */
export function messageIdDomain(from: string): string {
  const address = addressOf(from);
  const at = address.lastIndexOf("@");
  const domain = at >= 0 ? address.slice(at + 1) : "";
  return /^[A-Za-z0-9.-]+$/.test(domain) && domain.length > 0 ? domain : "localhost";
}
