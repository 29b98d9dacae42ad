/**
 * Owners sign in with an emailed one-time link (decision 267): 32 random bytes, only the
 * SHA-256 kept, valid 15 minutes, single use. Asking for a link answers the same whether or not
 * the address is an owner's; a few links an address per hour at most, so the form cannot be
 * used to flood someone's inbox.
 */
import { MSG } from "@botox/core";
import type { MailContext } from "../mail/subscriptions.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { ownerSignInMail } from "../mail/templates.ts";
import { hashToken } from "../lib/token-hash.ts";
import { newConfirmToken } from "../mail/tokens.ts";

const SIGN_IN_LINK_MINUTES = 15;
/** Links one address may be sent per hour. */
const LINKS_PER_HOUR = 5;

/** Queues a link when `email` is an owner's; answers whether one was queued. */
export async function requestSignInLink(ctx: MailContext, email: string): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const [owner] = await tx<{ id: number; email: string }[]>`select id, email from owners where email = ${email.toLowerCase()}`;
    if (!owner) return false;
    const [recent] = await tx<{ n: number }[]>`
      select count(*)::int as n from owner_sign_in_links where owner_id = ${owner.id} and created_at > now() - interval '1 hour'`;
    if ((recent?.n ?? 0) >= LINKS_PER_HOUR) return false;
    const { token, hash } = newConfirmToken();
    await tx`insert into owner_sign_in_links (token_hash, owner_id, expires_at) values (${hash}, ${owner.id}, now() + ${SIGN_IN_LINK_MINUTES} * interval '1 minute')`;
    await enqueueMail(tx, ctx.config.from, { ...ownerSignInMail(ctx.config, owner.email, token, SIGN_IN_LINK_MINUTES), kind: "owner" });
    return true;
  });
}

/** Why a link does not sign in, with its answer's status. */
export const SIGN_IN_LINK_ERRORS = {
  invalid: { status: 404, error: MSG.owner.linkInvalid },
  used: { status: 409, error: MSG.owner.linkUsed },
  expired: { status: 410, error: MSG.owner.linkExpired },
} as const;

export type SignInResult = { ok: true; owner: { id: number; email: string } } | { ok: false; problem: keyof typeof SIGN_IN_LINK_ERRORS };

/** Uses a link's token once: the owner it signs in, or why not. */
export async function consumeSignInLink(ctx: MailContext, token: string): Promise<SignInResult> {
  return ctx.sql.begin(async (tx) => {
    const hash = hashToken(token);
    const [row] = await tx<{ owner_id: number; email: string; used: boolean; expired: boolean }[]>`
      select l.owner_id, o.email, l.used_at is not null as used, l.expires_at < now() as expired
      from owner_sign_in_links l join owners o on o.id = l.owner_id where l.token_hash = ${hash} for update of l`;
    if (!row) return { ok: false, problem: "invalid" };
    if (row.used) return { ok: false, problem: "used" };
    if (row.expired) return { ok: false, problem: "expired" };
    await tx`update owner_sign_in_links set used_at = now() where token_hash = ${hash}`;
    return { ok: true, owner: { id: Number(row.owner_id), email: row.email } };
  });
}
