/**
 * The mails' words. A confirmation is transactional: plain, no offers, no images (a
 * confirmation that advertises is itself advertising). Marketing (digest, alert) has text and
 * HTML, the preferences and unsubscribe links, the postal address and the RFC 8058 headers.
 * Every value that reaches HTML is escaped; no value reaches a header but the subject, which
 * outbox.ts makes one line.
 */
import { BRAND, BRAND_LABELS, OUTBOUND_PARAMS, clinicPath, formatCents, formatUtcMinute, type PriceBrand } from "@botox/core";
import type { OutgoingMail } from "./outbox.ts";

export interface MailLinks {
  siteUrl: string;
  apiUrl: string;
  postalAddress: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const confirmUrl = (l: MailLinks, token: string) => `${l.siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
const preferencesUrl = (l: MailLinks, token: string) => `${l.siteUrl}/newsletter/preferences?token=${encodeURIComponent(token)}`;
const oneClickUrl = (l: MailLinks, token: string) => `${l.apiUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** A clinic page with the product's two tracking parameters (product.md §1). */
function clinicUrl(l: MailLinks, citySlug: string, slug: string): string {
  const url = new URL(clinicPath(citySlug, slug), `${l.siteUrl}/`);
  url.searchParams.set(OUTBOUND_PARAMS.source, BRAND.siteId);
  url.searchParams.set(OUTBOUND_PARAMS.ref, BRAND.siteId);
  return url.toString();
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(BRAND.name)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;max-width:600px;margin:0 auto;padding:16px">${body}</body></html>`;

export function confirmationMail(
  l: MailLinks,
  to: { email: string; firstName: string | null },
  confirmToken: string,
  manage: string,
): Omit<OutgoingMail, "kind"> {
  const link = confirmUrl(l, confirmToken);
  const hello = to.firstName ? `Hello ${to.firstName},` : "Hello,";
  const text = [
    hello,
    "",
    `Please confirm that you want local Botox deals and price alerts from ${BRAND.name} at this address:`,
    link,
    "",
    "The link is valid for 7 days. If you did not ask for this, ignore this message: nothing more will be sent.",
    "",
    `Preferences or delete this request: ${preferencesUrl(l, manage)}`,
  ].join("\n");
  const html = page(
    `<p>${esc(hello)}</p><p>Please confirm that you want local Botox deals and price alerts from ${esc(BRAND.name)} at this address.</p>` +
      `<p><a href="${esc(link)}">Confirm my subscription</a></p>` +
      `<p>The link is valid for 7 days. If you did not ask for this, ignore this message: nothing more will be sent.</p>` +
      `<p><a href="${esc(preferencesUrl(l, manage))}">Preferences or delete this request</a></p>`,
  );
  return { to: to.email, subject: `Confirm your subscription to ${BRAND.name}`, text, html };
}

/** The footer, links and headers every marketing mail carries. */
function marketing(l: MailLinks, manage: string, textBody: string, htmlBody: string): { text: string; html: string; headers: Record<string, string> } {
  const prefs = preferencesUrl(l, manage);
  const text = `${textBody}\n\n--\nPreferences: ${prefs}\nUnsubscribe: ${prefs}#unsubscribe\n${l.postalAddress}`;
  const html = page(
    `${htmlBody}<hr><p style="font-size:13px;color:#6b7280"><a href="${esc(prefs)}">Preferences</a> · <a href="${esc(prefs)}#unsubscribe">Unsubscribe</a><br>${esc(l.postalAddress)}</p>`,
  );
  return { text, html, headers: { "List-Unsubscribe": `<${oneClickUrl(l, manage)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

export interface DigestDeal {
  dealId: number;
  title: string;
  brand: PriceBrand;
  perUnitCents: number;
  endsOn: string;
  conditions: string | null;
  clinicName: string;
  citySlug: string;
  slug: string;
  belowTypical: boolean;
}
export interface DigestPriceDrop {
  priceId: number;
  brand: PriceBrand;
  perUnitCents: number;
  previousCents: number;
  clinicName: string;
  citySlug: string;
  slug: string;
}
export interface DigestClinic {
  clinicId: number;
  name: string;
  citySlug: string;
  slug: string;
  city: string;
}

export function digestMail(
  l: MailLinks,
  to: { email: string; zipCode: string; radiusMiles: number },
  manage: string,
  items: { deals: DigestDeal[]; drops: DigestPriceDrop[]; clinics: DigestClinic[] },
): Omit<OutgoingMail, "kind"> {
  const t: string[] = [`What's new within ${to.radiusMiles} miles of ${to.zipCode}:`];
  const h: string[] = [`<p>What's new within ${to.radiusMiles} miles of ${esc(to.zipCode)}:</p>`];
  if (items.deals.length > 0) {
    t.push("", "New deals");
    h.push("<h2>New deals</h2><ul>");
    for (const d of items.deals) {
      const url = clinicUrl(l, d.citySlug, d.slug);
      const price = `${BRAND_LABELS[d.brand]} ${formatCents(d.perUnitCents)}/unit`;
      const extra = `until ${d.endsOn}${d.conditions ? `; ${d.conditions}` : ""}${d.belowTypical ? "; below typical for the area" : ""}`;
      t.push(`- ${d.clinicName}: ${d.title} — ${price}, ${extra}`, `  ${url}`);
      h.push(`<li><a href="${esc(url)}">${esc(d.clinicName)}</a>: ${esc(d.title)} — <strong>${esc(price)}</strong>, ${esc(extra)}</li>`);
    }
    h.push("</ul>");
  }
  if (items.drops.length > 0) {
    t.push("", "Lower prices");
    h.push("<h2>Lower prices</h2><ul>");
    for (const p of items.drops) {
      const url = clinicUrl(l, p.citySlug, p.slug);
      const line = `${BRAND_LABELS[p.brand]} now ${formatCents(p.perUnitCents)}/unit (was ${formatCents(p.previousCents)})`;
      t.push(`- ${p.clinicName}: ${line}`, `  ${url}`);
      h.push(`<li><a href="${esc(url)}">${esc(p.clinicName)}</a>: ${esc(line)}</li>`);
    }
    h.push("</ul>");
  }
  if (items.clinics.length > 0) {
    t.push("", "New clinics");
    h.push("<h2>New clinics</h2><ul>");
    for (const c of items.clinics) {
      const url = clinicUrl(l, c.citySlug, c.slug);
      t.push(`- ${c.name}, ${c.city}`, `  ${url}`);
      h.push(`<li><a href="${esc(url)}">${esc(c.name)}</a>, ${esc(c.city)}</li>`);
    }
    h.push("</ul>");
  }
  const count = items.deals.length + items.drops.length + items.clinics.length;
  return {
    to: to.email,
    subject: `${count} new near ${to.zipCode}: Botox deals and prices`,
    ...marketing(l, manage, t.join("\n"), h.join("")),
  };
}

export interface AlertHit {
  priceId: number;
  brand: PriceBrand;
  perUnitCents: number;
  maxUnitCents: number;
  zipCode: string;
  radiusMiles: number;
  clinicName: string;
  citySlug: string;
  slug: string;
}

export function alertMail(l: MailLinks, email: string, manage: string, hits: [AlertHit, ...AlertHit[]]): Omit<OutgoingMail, "kind"> {
  const [first] = hits;
  const t: string[] = ["Prices under your alert:"];
  const h: string[] = ["<p>Prices under your alert:</p><ul>"];
  for (const x of hits) {
    const url = clinicUrl(l, x.citySlug, x.slug);
    const line = `${BRAND_LABELS[x.brand]} ${formatCents(x.perUnitCents)}/unit (under ${formatCents(x.maxUnitCents)}, within ${x.radiusMiles} miles of ${x.zipCode})`;
    t.push(`- ${x.clinicName}: ${line}`, `  ${url}`);
    h.push(`<li><a href="${esc(url)}">${esc(x.clinicName)}</a>: ${esc(line)}</li>`);
  }
  h.push("</ul>");
  return {
    to: email,
    subject: `Price alert: ${BRAND_LABELS[first.brand]} under ${formatCents(first.maxUnitCents)} a unit near ${first.zipCode}`,
    ...marketing(l, manage, t.join("\n"), h.join("")),
  };
}

/** An owner's one-time sign-in link (transactional): the token rides in the fragment, never in a server log. */
export function ownerSignInMail(l: MailLinks & { adminUrl: string }, email: string, token: string, minutes: number): Omit<OutgoingMail, "kind"> {
  const link = `${l.adminUrl}/owner/sign-in#token=${encodeURIComponent(token)}`;
  const text = [
    "Hello,",
    "",
    `Use this link to sign in to manage your clinic's listing on ${BRAND.name}:`,
    link,
    "",
    `The link is valid for ${minutes} minutes and works once. If you did not ask for it, ignore this message.`,
  ].join("\n");
  const html = page(
    `<p>Hello,</p><p>Use this link to sign in to manage your clinic's listing on ${esc(BRAND.name)}.</p>` +
      `<p><a href="${esc(link)}">Sign in</a></p>` +
      `<p>The link is valid for ${minutes} minutes and works once. If you did not ask for it, ignore this message.</p>`,
  );
  return { to: email, subject: `Your sign-in link for ${BRAND.name}`, text, html };
}

/** The code that proves a claim (transactional). */
export function claimCodeMail(to: { email: string; name: string }, clinicName: string, code: string, minutes: number): Omit<OutgoingMail, "kind"> {
  const text = [
    `Hello ${to.name},`,
    "",
    `Your code to claim the listing of ${clinicName} on ${BRAND.name} is:`,
    "",
    code,
    "",
    `It is valid for ${minutes} minutes. If you did not ask for it, ignore this message: nothing changes.`,
  ].join("\n");
  const html = page(
    `<p>Hello ${esc(to.name)},</p><p>Your code to claim the listing of ${esc(clinicName)} on ${esc(BRAND.name)} is:</p>` +
      `<p style="font-size:28px;letter-spacing:4px;font-weight:bold">${esc(code)}</p>` +
      `<p>It is valid for ${minutes} minutes. If you did not ask for it, ignore this message: nothing changes.</p>`,
  );
  return { to: to.email, subject: `Your code for ${clinicName}: ${code}`, text, html };
}

/** The team's decision on a claim (transactional); a verified claimant is told how to sign in. */
export function claimDecisionMail(
  l: MailLinks & { adminUrl: string },
  to: { email: string; name: string },
  clinicName: string,
  decision: { status: "verified" | "rejected"; reason: string | null },
): Omit<OutgoingMail, "kind"> {
  const signIn = `${l.adminUrl}/owner/sign-in`;
  const verdict =
    decision.status === "verified"
      ? `Your claim of ${clinicName} was approved: you now manage its listing on ${BRAND.name}. Sign in here with this address: ${signIn}`
      : `Your claim of ${clinicName} on ${BRAND.name} was not approved.`;
  const reason = decision.reason ? `Reason: ${decision.reason}` : "";
  const text = [`Hello ${to.name},`, "", verdict, ...(reason ? ["", reason] : [])].join("\n");
  const html = page(`<p>Hello ${esc(to.name)},</p><p>${esc(verdict)}</p>` + (reason ? `<p>${esc(reason)}</p>` : ""));
  return { to: to.email, subject: `Your claim of ${clinicName}: ${decision.status === "verified" ? "approved" : "not approved"}`, text, html };
}

/**
 * The team's decision on a clinic owner's held edit (decision 279), to each owner of the clinic
 * (transactional): what was asked, whether it is on the listing now, and the team's reason.
 */
export function ownerEditDecisionMail(
  l: MailLinks & { adminUrl: string },
  to: string,
  edit: {
    clinicName: string;
    sentBy: string | null;
    status: "applied" | "rejected";
    reason: string | null;
    /** Each asked-for field's label and value, as text. */
    changes: readonly (readonly [string, string])[];
  },
): Omit<OutgoingMail, "kind"> {
  const who = edit.sentBy ? ` sent by ${edit.sentBy}` : "";
  const verdict =
    edit.status === "applied"
      ? `The change to the listing of ${edit.clinicName} on ${BRAND.name}${who} was applied by the listing team: it is on the listing now.`
      : `The change to the listing of ${edit.clinicName} on ${BRAND.name}${who} was not applied by the listing team: the listing stays as it was.`;
  const reason = edit.reason ? `Reason: ${edit.reason}` : "";
  const workspace = `${l.adminUrl}/owner`;
  const text = [
    "Hello,",
    "",
    verdict,
    "",
    "The change asked for:",
    ...edit.changes.map(([label, value]) => `${label}: ${value.replace(/\n/g, "; ")}`),
    ...(reason ? ["", reason] : []),
    "",
    `Your listing and its history of changes are in your owner workspace: ${workspace}`,
  ].join("\n");
  const rows = edit.changes
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0;vertical-align:top">${esc(label)}</th><td style="white-space:pre-line">${esc(value)}</td></tr>`,
    )
    .join("");
  const html = page(
    `<p>Hello,</p><p>${esc(verdict)}</p><p>The change asked for:</p><table>${rows}</table>` +
      (reason ? `<p>${esc(reason)}</p>` : "") +
      `<p><a href="${esc(workspace)}">Your owner workspace</a> has your listing and its history of changes.</p>`,
  );
  return { to, subject: `Your change to ${edit.clinicName}: ${edit.status === "applied" ? "applied" : "not applied"}`, text, html };
}

/**
 * A claim of a clinic these owners manage was verified (decision 284): who claims it and how to
 * object before the window ends (transactional, to each owner).
 */
export function claimContestOwnerMail(
  l: MailLinks & { adminUrl: string },
  ownerEmail: string,
  claim: { id: number; clinicId: number; name: string; role: string; email: string },
  clinicName: string,
  endsAt: Date,
): Omit<OutgoingMail, "kind"> {
  const link = `${l.adminUrl}/owner/clinics/${claim.clinicId}#claim-${claim.id}`;
  const until = formatUtcMinute(endsAt);
  const who = `${claim.name} (${claim.role}, ${claim.email})`;
  const text = [
    "Hello,",
    "",
    `${who} has claimed the listing of ${clinicName} on ${BRAND.name}, which you manage, and proved the claim.`,
    `If nobody objects by ${until}, they will manage the listing with you.`,
    "",
    "If you do not know this person, or they should not manage the listing, object here (sign in with this address, then press Object beside the claim):",
    link,
    "",
    "An objection sends the claim to our team, who decide.",
  ].join("\n");
  const html = page(
    `<p>Hello,</p><p>${esc(who)} has claimed the listing of ${esc(clinicName)} on ${esc(BRAND.name)}, which you manage, and proved the claim. ` +
      `If nobody objects by ${esc(until)}, they will manage the listing with you.</p>` +
      `<p>If you do not know this person, or they should not manage the listing, <a href="${esc(link)}">object here</a> ` +
      `(sign in with this address, then press Object beside the claim).</p><p>An objection sends the claim to our team, who decide.</p>`,
  );
  return { to: ownerEmail, subject: `${clinicName}: someone claims your listing (object by ${until})`, text, html };
}

/** The claimant's claim was verified but the clinic has owners: they have until the window's end to object. */
export function claimContestOpenedMail(to: { email: string; name: string }, clinicName: string, endsAt: Date): Omit<OutgoingMail, "kind"> {
  const until = formatUtcMinute(endsAt);
  const words = `Your claim of ${clinicName} on ${BRAND.name} was verified. The listing already has owners: they have until ${until} to object. If none does, you will manage it then, and we will email you.`;
  const text = [`Hello ${to.name},`, "", words].join("\n");
  return {
    to: to.email,
    subject: `Your claim of ${clinicName}: verified, waiting for the current owners`,
    text,
    html: page(`<p>Hello ${esc(to.name)},</p><p>${esc(words)}</p>`),
  };
}

/**
 * A clinic's booking link stopped answering its daily re-checks (decision 299) and is no longer
 * shown (transactional, to each owner, once: when it is hidden).
 */
export function ownerBookingLinkDownMail(
  l: MailLinks & { adminUrl: string },
  to: string,
  link: { clinicId: number; clinicName: string; url: string; failingSince: Date; reason: string },
): Omit<OutgoingMail, "kind"> {
  const since = formatUtcMinute(link.failingSince);
  const workspace = `${l.adminUrl}/owner/clinics/${link.clinicId}`;
  const lead = `The booking link of ${link.clinicName} on ${BRAND.name} has not answered since ${since}, so the listing no longer shows "Book online".`;
  const text = [
    "Hello,",
    "",
    lead,
    "",
    `Link: ${link.url}`,
    `Last answer: ${link.reason}`,
    "",
    `It is checked again every day and shown again as soon as it answers. To change it, open your owner workspace: ${workspace}`,
  ].join("\n");
  const html = page(
    `<p>Hello,</p><p>${esc(lead)}</p><p>Link: ${esc(link.url)}<br>Last answer: ${esc(link.reason)}</p>` +
      `<p>It is checked again every day and shown again as soon as it answers. To change it, open <a href="${esc(workspace)}">your owner workspace</a>.</p>`,
  );
  return { to, subject: `The booking link of ${link.clinicName} is not answering`, text, html };
}

/** An owner's invitation to co-own a clinic's listing (transactional): a single-use link, its token in the fragment. */
export function ownerInviteMail(
  l: MailLinks & { adminUrl: string },
  email: string,
  inviter: string,
  clinicName: string,
  token: string,
  days: number,
): Omit<OutgoingMail, "kind"> {
  const link = `${l.adminUrl}/owner/sign-in#invite=${encodeURIComponent(token)}`;
  const words = `${inviter} invites you to manage the listing of ${clinicName} on ${BRAND.name} with them.`;
  const text = [
    "Hello,",
    "",
    words,
    "Accept with this link; it signs you in:",
    link,
    "",
    `The link is valid for ${days} days and works once. If you do not know ${inviter}, ignore this message: nothing changes.`,
  ].join("\n");
  const html = page(
    `<p>Hello,</p><p>${esc(words)}</p><p><a href="${esc(link)}">Accept and sign in</a></p>` +
      `<p>The link is valid for ${days} days and works once. If you do not know ${esc(inviter)}, ignore this message: nothing changes.</p>`,
  );
  return { to: email, subject: `${clinicName}: an invitation to manage the listing`, text, html };
}
