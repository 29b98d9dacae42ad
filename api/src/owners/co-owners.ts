/**
 * Co-owners (decision 285): an owner invites another address with a single-use link, kept as
 * the SHA-256 of its token only (like the sign-in link, decision 267) and valid OWNER_INVITE_DAYS;
 * accepting it makes the address an owner of the clinic and signs it in. An owner removes a
 * co-owner or themselves, but a clinic's last owner stays until a successor accepts or the team
 * removes them. Every write and its mail share one transaction (the outbox).
 */
import { MSG, OWNER_INVITE_DAYS, type ClinicOwnersResponse, type OwnerInvite } from "@botox/core";
import { setAuditActor, type AuditActor, type Sql } from "@botox/db";
import type { MailContext } from "../mail/subscriptions.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { ownerInviteMail } from "../mail/templates.ts";
import { hashToken } from "../lib/token-hash.ts";
import { newConfirmToken } from "../mail/tokens.ts";
import { ClaimProblem } from "./claims.ts";

/** Invitations one owner may send in a day (across their clinics): enough for a practice, too few to mail-bomb anyone. */
const INVITES_PER_OWNER_DAY = 10;

const iso = (v: Date | string) => new Date(v).toISOString();

export async function listClinicOwners(sql: Sql, clinicId: number, me: number): Promise<ClinicOwnersResponse> {
  const owners = await sql<{ id: number; email: string; since: Date | string }[]>`
    select o.id, o.email, co.created_at as since from clinic_owners co join owners o on o.id = co.owner_id
    where co.clinic_id = ${clinicId} order by co.created_at, o.id`;
  const invites = await sql<{ id: number; email: string; expires_at: Date | string; invited_by: string | null }[]>`
    select i.id, i.email, i.expires_at, o.email as invited_by from clinic_owner_invites i left join owners o on o.id = i.invited_by
    where i.clinic_id = ${clinicId} and i.used_at is null and i.expires_at > now() order by i.created_at, i.id`;
  const claims = await sql<{ id: number; name: string; role: string; email: string; ends: Date | string }[]>`
    select id, name, role, email, contest_ends_at as ends from clinic_claims
    where clinic_id = ${clinicId} and status = 'contested' and contest_ends_at > now() order by contest_ends_at, id`;
  return {
    owners: owners.map((o) => ({ id: Number(o.id), email: o.email, since: iso(o.since), you: Number(o.id) === me })),
    invites: invites.map((i) => ({ id: Number(i.id), email: i.email, expiresAt: iso(i.expires_at), invitedBy: i.invited_by })),
    claims: claims.map((k) => ({ id: Number(k.id), name: k.name, role: k.role, email: k.email, contestEndsAt: iso(k.ends) })),
  };
}

/** Mails `email` an invitation to co-own the clinic; an earlier open invitation of the same address stops working. */
export async function inviteOwner(ctx: MailContext, clinicId: number, inviter: { id: number; email: string }, email: string): Promise<OwnerInvite> {
  return ctx.sql.begin(async (tx) => {
    const [clinic] = await tx<{ name: string }[]>`select name from clinics where id = ${clinicId}`;
    if (!clinic) throw new ClaimProblem(404, MSG.api.notFound);
    const [owner] = await tx`
      select 1 from clinic_owners co join owners o on o.id = co.owner_id where co.clinic_id = ${clinicId} and o.email = ${email}`;
    if (owner) throw new ClaimProblem(409, MSG.coOwners.alreadyOwner);
    // Counted under a lock of the inviter's account, so two invitations at once cannot both pass the limit.
    await tx`select 1 from owners where id = ${inviter.id} for update`;
    const [sent] = await tx<{ n: number }[]>`
      select count(*)::int as n from clinic_owner_invites where invited_by = ${inviter.id} and created_at > now() - interval '1 day'`;
    if ((sent?.n ?? 0) >= INVITES_PER_OWNER_DAY) throw new ClaimProblem(429, MSG.coOwners.tooManyInvites);
    await tx`update clinic_owner_invites set expires_at = least(expires_at, now())
      where clinic_id = ${clinicId} and email = ${email} and used_at is null and expires_at > now()`;
    const { token, hash } = newConfirmToken();
    const [row] = await tx<{ id: number; expires_at: Date | string }[]>`
      insert into clinic_owner_invites (clinic_id, email, token_hash, invited_by, expires_at)
      values (${clinicId}, ${email}, ${hash}, ${inviter.id}, now() + ${OWNER_INVITE_DAYS} * interval '1 day') returning id, expires_at`;
    if (!row) throw new Error("invite insert returned no row");
    await enqueueMail(tx, ctx.config.from, { ...ownerInviteMail(ctx.config, email, inviter.email, clinic.name, token, OWNER_INVITE_DAYS), kind: "owner" });
    return { id: Number(row.id), email, expiresAt: iso(row.expires_at), invitedBy: inviter.email };
  });
}

/** Why an invitation does not make an owner, with its answer's status. */
export const INVITE_ERRORS = {
  invalid: { status: 404, error: MSG.coOwners.inviteInvalid },
  used: { status: 409, error: MSG.coOwners.inviteUsed },
  expired: { status: 410, error: MSG.coOwners.inviteExpired },
} as const;

export type AcceptResult = { ok: true; owner: { id: number; email: string }; clinicId: number } | { ok: false; problem: keyof typeof INVITE_ERRORS };

/** Uses an invitation's token once (its row locked, so two uses at once make one owner): the owner it makes, or why not. */
export async function acceptInvite(sql: Sql, token: string): Promise<AcceptResult> {
  return sql.begin(async (tx) => {
    const hash = hashToken(token);
    const [row] = await tx<{ id: number; clinic_id: number; email: string; used: boolean; expired: boolean }[]>`
      select id, clinic_id, email, used_at is not null as used, expires_at <= now() as expired
      from clinic_owner_invites where token_hash = ${hash} for update`;
    if (!row) return { ok: false, problem: "invalid" };
    if (row.used) return { ok: false, problem: "used" };
    if (row.expired) return { ok: false, problem: "expired" };
    await tx`update clinic_owner_invites set used_at = now() where id = ${row.id}`;
    const [owner] = await tx<{ id: number; email: string }[]>`
      insert into owners (email) values (${row.email}) on conflict (email) do update set email = excluded.email returning id, email`;
    if (!owner) throw new Error("owner upsert returned no row");
    // The audit log records the new owner as having joined themselves, by the invitation.
    await setAuditActor(tx, { role: "owner", id: Number(owner.id), email: owner.email });
    await tx`insert into clinic_owners (clinic_id, owner_id) values (${row.clinic_id}, ${owner.id}) on conflict do nothing`;
    return { ok: true, owner: { id: Number(owner.id), email: owner.email }, clinicId: Number(row.clinic_id) };
  });
}

/**
 * Removes an owner from a clinic, recorded in the audit log as `by`'s change. An owner may not
 * remove the last one, themselves included (409): the clinic's owner rows are locked first, so
 * two owners removing each other at once cannot leave it with none. The team may.
 */
export async function removeOwner(sql: Sql, clinicId: number, ownerId: number, by: AuditActor): Promise<{ remaining: number }> {
  return sql.begin(async (tx) => {
    await setAuditActor(tx, by);
    const rows = await tx<{ owner_id: number }[]>`select owner_id from clinic_owners where clinic_id = ${clinicId} order by owner_id for update`;
    if (!rows.some((r) => Number(r.owner_id) === ownerId)) throw new ClaimProblem(404, MSG.coOwners.notAnOwner);
    if (by.role === "owner" && rows.length <= 1) throw new ClaimProblem(409, MSG.coOwners.lastOwner);
    await tx`delete from clinic_owners where clinic_id = ${clinicId} and owner_id = ${ownerId}`;
    // The public page's "Listing managed by the clinic" may change: the publisher rebuilds it.
    if (rows.length === 1) await tx`insert into content_changes (entity, entity_id, action) values ('clinic', ${clinicId}, 'update')`;
    return { remaining: rows.length - 1 };
  });
}
