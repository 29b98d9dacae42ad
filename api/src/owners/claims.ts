/**
 * Claims of a listing (decision 268). A claim whose address is on the clinic's own registrable
 * domain (claim-domain.ts) is mailed a 6-digit code, kept as HMAC(secret, claim id and code) so
 * a code proves only its own claim; any other claim waits for the team. A verified claim makes
 * the address an owner of the clinic, unless the clinic already has owners: then the claim is
 * `contested` for CLAIM_CONTEST_DAYS (decision 284), the owners are mailed and may object (the
 * claim then waits for the team), and a scheduled step grants it when nobody did. Every write
 * and its mail share one transaction (the outbox, decision 246).
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CLAIM_CONTEST_DAYS, CLAIM_EVIDENCE_MINUTES, MSG, formatUtcMinute, type Claim, type ClaimInput, type ClaimMethod, type ClaimStatus } from "@botox/core";
import { setAuditActor, type AuditActor, type Sql } from "@botox/db";
import type { MailContext } from "../mail/subscriptions.ts";
import { enqueueMail, enqueueMails, type Tx } from "../mail/outbox.ts";
import { claimCodeMail, claimContestOpenedMail, claimContestOwnerMail, claimDecisionMail } from "../mail/templates.ts";
import { hashToken } from "../lib/token-hash.ts";
import { newConfirmToken } from "../mail/tokens.ts";
import { emailMatchesSite } from "./claim-domain.ts";

const CLAIM_CODE_MINUTES = 15;
/** Wrong codes a claim takes before it ends. */
const CLAIM_CODE_TRIES = 5;
/** Claims one address, and one network, may make in a day. */
const CLAIMS_PER_ADDRESS_DAY = 3;
const CLAIMS_PER_NETWORK_DAY = 10;

const OPEN = ["code-sent", "pending-review", "contested"] as const;

const codeHash = (secret: string, claimId: number, code: string) => createHmac("sha256", secret).update(`clinic-claim:${claimId}:${code}`).digest("hex");

export interface ClaimRef {
  id: number;
  status: ClaimStatus;
  method: ClaimMethod;
}

/** A new claim: with the single-use token that lets the claimant upload a document (decision 285). */
export interface NewClaim {
  claim: ClaimRef;
  evidenceToken: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * A verified claim on a clinic that has owners: `contested` until CLAIM_CONTEST_DAYS from now,
 * every owner mailed who claims it and how to object, the claimant told they wait. The team's
 * verification keeps its reason and who decided.
 */
async function openContest(
  ctx: MailContext,
  tx: Tx,
  claim: { id: number; clinic_id: number; email: string; name: string; role: string },
  clinicName: string,
  decision: { by: number | null; reason: string | null },
): Promise<Date> {
  const [row] = await tx<{ ends: Date | string }[]>`
    update clinic_claims set status = 'contested', code_hash = null, contest_ends_at = now() + ${CLAIM_CONTEST_DAYS} * interval '1 day',
      decided_by = coalesce(${decision.by}::integer, decided_by), reason = coalesce(${decision.reason}::text, reason)
    where id = ${claim.id} returning contest_ends_at as ends`;
  if (!row) throw new Error("contested claim update returned no row");
  const endsAt = new Date(row.ends);
  const owners = await tx<{ email: string }[]>`
    select o.email from clinic_owners co join owners o on o.id = co.owner_id where co.clinic_id = ${claim.clinic_id} order by o.id`;
  const about = { id: Number(claim.id), clinicId: Number(claim.clinic_id), name: claim.name, role: claim.role, email: claim.email };
  await enqueueMails(tx, ctx.config.from, [
    ...owners.map((o) => ({ ...claimContestOwnerMail(ctx.config, o.email, about, clinicName, endsAt), kind: "owner" as const })),
    { ...claimContestOpenedMail(claim, clinicName, endsAt), kind: "owner" as const },
  ]);
  return endsAt;
}

/** Why a claim was not taken or not verified, with its answer's status. */
export class ClaimProblem extends Error {
  readonly status: 400 | 404 | 409 | 410 | 429;
  constructor(status: 400 | 404 | 409 | 410 | 429, message: string) {
    super(message);
    this.status = status;
  }
}

/** The address's owner account, made when it has none. */
async function ownerFor(tx: Tx, email: string): Promise<{ id: number; email: string }> {
  const [row] = await tx<{ id: number; email: string }[]>`
    insert into owners (email) values (${email}) on conflict (email) do update set email = excluded.email returning id, email`;
  if (!row) throw new Error("owner upsert returned no row");
  return { id: Number(row.id), email: row.email };
}

/**
 * Makes the claimant an owner of the clinic and the claim verified (with the team's reason, if
 * any, in the same statement: the audit log records the decision as one change); `asOwner`
 * runs once the owner account is known.
 */
async function grant(
  tx: Tx,
  claim: { id: number; clinic_id: number; email: string },
  decision: { by: number | null; reason: string | null },
  asOwner?: (owner: { id: number; email: string }) => Promise<void>,
) {
  const owner = await ownerFor(tx, claim.email);
  await asOwner?.(owner);
  await tx`insert into clinic_owners (clinic_id, owner_id) values (${claim.clinic_id}, ${owner.id}) on conflict do nothing`;
  await tx`update clinic_claims set status = 'verified', owner_id = ${owner.id}, code_hash = null, decided_by = coalesce(${decision.by}::integer, decided_by),
    reason = coalesce(${decision.reason}::text, reason), decided_at = now() where id = ${claim.id}`;
  // The public page says "Listing managed by the clinic" from now on.
  await tx`insert into content_changes (entity, entity_id, action) values ('clinic', ${claim.clinic_id}, 'update')`;
  return owner;
}

export async function createClaim(ctx: MailContext, clinicId: number, input: ClaimInput, network: string): Promise<NewClaim> {
  return ctx.sql.begin(async (tx) => {
    const [clinic] = await tx<{ id: number; name: string; site: string | null }[]>`select id, name, site from clinics where id = ${clinicId}`;
    if (!clinic) throw new ClaimProblem(404, MSG.claim.clinicNotFound);
    // A code never entered ends with its time, so the address may claim again.
    await tx`update clinic_claims set status = 'rejected', reason = 'The code expired.', decided_at = now()
      where clinic_id = ${clinicId} and email = ${input.email} and status = 'code-sent' and code_expires_at < now()`;
    const [counts] = await tx<{ address: number; network: number }[]>`
      select count(*) filter (where email = ${input.email})::int as address, count(*) filter (where network = ${network})::int as network
      from clinic_claims where created_at > now() - interval '1 day' and (email = ${input.email} or network = ${network})`;
    if ((counts?.address ?? 0) >= CLAIMS_PER_ADDRESS_DAY || (counts?.network ?? 0) >= CLAIMS_PER_NETWORK_DAY) throw new ClaimProblem(429, MSG.claim.tooMany);
    const method: ClaimMethod = emailMatchesSite(input.email, clinic.site) ? "email-domain" : "review";
    const status: ClaimStatus = method === "email-domain" ? "code-sent" : "pending-review";
    const evidence = newConfirmToken();
    const [row] = await tx<{ id: number }[]>`
      insert into clinic_claims (clinic_id, email, name, role, status, method, network, note, npi, evidence_token_hash)
      values (${clinicId}, ${input.email}, ${input.name}, ${input.role}, ${status}, ${method}, ${network},
        ${input.note ?? null}, ${input.npi ?? null}, ${evidence.hash})
      on conflict (clinic_id, email) where status in ('code-sent', 'pending-review', 'contested') do nothing
      returning id`;
    if (!row) throw new ClaimProblem(409, MSG.claim.alreadyOpen);
    const id = Number(row.id);
    if (method === "email-domain") {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      await tx`update clinic_claims set code_hash = ${codeHash(ctx.secret, id, code)}, code_expires_at = now() + ${CLAIM_CODE_MINUTES} * interval '1 minute' where id = ${id}`;
      await enqueueMail(tx, ctx.config.from, { ...claimCodeMail(input, clinic.name, code, CLAIM_CODE_MINUTES), kind: "owner" });
    }
    return { claim: { id, status, method }, evidenceToken: evidence.token };
  });
}

interface ClaimRow {
  id: number;
  clinic_id: number;
  email: string;
  name: string;
  role: string;
  status: ClaimStatus;
  method: ClaimMethod;
  code_hash: string | null;
  expired: boolean;
  code_attempts: number;
}

export type VerifyResult =
  | { ok: true; claim: ClaimRef; owner: { id: number; email: string } | null; clinicId: number; contestEndsAt: string | null }
  | { ok: false; problem: ClaimProblem };

/**
 * Checks a claim's code. A failure that ends the claim (expired, too many tries) is committed
 * with it, so it is answered rather than thrown.
 */
export async function verifyClaim(ctx: MailContext, claimId: number, code: string): Promise<VerifyResult> {
  return ctx.sql.begin(async (tx): Promise<VerifyResult> => {
    const [claim] = await tx<(ClaimRow & { clinic_name: string })[]>`
      select k.id, k.clinic_id, k.email, k.name, k.role, k.status, k.method, k.code_hash, k.code_expires_at < now() as expired, k.code_attempts,
        c.name as clinic_name
      from clinic_claims k join clinics c on c.id = k.clinic_id where k.id = ${claimId} for update of k`;
    if (!claim) return { ok: false, problem: new ClaimProblem(404, MSG.claim.notFound) };
    if (claim.status !== "code-sent" || !claim.code_hash) return { ok: false, problem: new ClaimProblem(409, MSG.claim.notWaitingForCode) };
    const end = (reason: string) =>
      tx`update clinic_claims set status = 'rejected', reason = ${reason}, code_hash = null, decided_at = now() where id = ${claimId}`;
    if (claim.expired) {
      await end("The code expired.");
      return { ok: false, problem: new ClaimProblem(410, MSG.claim.codeExpired) };
    }
    const given = Buffer.from(codeHash(ctx.secret, claimId, code));
    if (!timingSafeEqual(given, Buffer.from(claim.code_hash))) {
      const attempts = claim.code_attempts + 1;
      if (attempts >= CLAIM_CODE_TRIES) {
        await end("Too many wrong codes.");
        return { ok: false, problem: new ClaimProblem(429, MSG.claim.codeTooManyTries) };
      }
      await tx`update clinic_claims set code_attempts = ${attempts} where id = ${claimId}`;
      return { ok: false, problem: new ClaimProblem(400, MSG.claim.codeWrong(CLAIM_CODE_TRIES - attempts)) };
    }
    const [owned] = await tx<{ n: number }[]>`select count(*)::int as n from clinic_owners where clinic_id = ${claim.clinic_id}`;
    if ((owned?.n ?? 0) > 0) {
      // A clinic someone already manages is not handed over by a code: its owners may object first.
      const endsAt = await openContest(ctx, tx, claim, claim.clinic_name, { by: null, reason: null });
      return {
        ok: true,
        claim: { id: claimId, status: "contested", method: claim.method },
        owner: null,
        clinicId: claim.clinic_id,
        contestEndsAt: endsAt.toISOString(),
      };
    }
    // The clinic's audit log records the claim as verified by the claimant, its new owner.
    const owner = await grant(tx, claim, { by: null, reason: null }, async (o) => setAuditActor(tx, { role: "owner", id: o.id, email: o.email }));
    return { ok: true, claim: { id: claimId, status: "verified", method: claim.method }, owner, clinicId: claim.clinic_id, contestEndsAt: null };
  });
}

interface ListedRow {
  id: number;
  clinic_id: number;
  email: string;
  name: string;
  role: string;
  status: ClaimStatus;
  method: ClaimMethod;
  reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  clinic_name: string;
  site: string | null;
  phone: string | null;
  full_address: string | null;
  city: string;
  state: string;
  owners: number;
  contest_ends_at: Date | string | null;
  objection: string | null;
  objected_by_email: string | null;
  objected_at: Date | string | null;
  note: string | null;
  npi: string | null;
  evidence: boolean;
  owner_list: { id: number; email: string }[] | string | null;
}

/** The clinic's owners from the JSON aggregate (text on some connections). */
function ownerListOf(v: ListedRow["owner_list"]): { id: number; email: string }[] {
  const list = typeof v === "string" ? (JSON.parse(v) as { id: number; email: string }[]) : (v ?? []);
  return list.map((o) => ({ id: Number(o.id), email: o.email }));
}

/** The team's queue, oldest first (the one waiting longest is answered first). */
export async function listClaims(sql: Sql, status: ClaimStatus | undefined): Promise<Claim[]> {
  const rows = await sql<ListedRow[]>`
    select k.id, k.clinic_id, k.email, k.name, k.role, k.status, k.method, k.reason, k.created_at, k.decided_at,
      k.contest_ends_at, k.objection, ob.email as objected_by_email, k.objected_at, k.note, k.npi,
      exists (select 1 from clinic_claim_evidence e where e.claim_id = k.id) as evidence,
      c.name as clinic_name, c.site, c.phone, c.full_address, c.city, c.state,
      (select count(*)::int from clinic_owners o where o.clinic_id = c.id) as owners,
      (select coalesce(json_agg(json_build_object('id', w.id, 'email', w.email) order by o.created_at, w.id), '[]'::json)
        from clinic_owners o join owners w on w.id = o.owner_id where o.clinic_id = c.id) as owner_list
    from clinic_claims k join clinics c on c.id = k.clinic_id left join owners ob on ob.id = k.objected_by
    where (${status ?? null}::text is null or k.status = ${status ?? null})
    order by k.created_at, k.id limit 500`;
  return rows.map((r) => ({
    id: Number(r.id),
    clinicId: Number(r.clinic_id),
    email: r.email,
    name: r.name,
    role: r.role,
    status: r.status,
    method: r.method,
    reason: r.reason,
    createdAt: iso(r.created_at),
    decidedAt: r.decided_at == null ? null : iso(r.decided_at),
    contestEndsAt: r.contest_ends_at == null ? null : iso(r.contest_ends_at),
    objection: r.objected_at == null ? null : { reason: r.objection ?? "", by: r.objected_by_email, at: iso(r.objected_at) },
    note: r.note,
    npi: r.npi,
    evidence: r.evidence,
    clinic: {
      name: r.clinic_name,
      site: r.site,
      phone: r.phone,
      fullAddress: r.full_address,
      city: r.city,
      state: r.state,
      owners: r.owners,
      ownerList: ownerListOf(r.owner_list),
    },
  }));
}

/**
 * The team's decision, mailed to the claimant in the same transaction and recorded in the
 * clinic's audit log as `admin`'s. Verifying a claim on a clinic with owners opens the contest
 * window (decision 284), unless the claim is already in it or an owner objected: then the team's
 * word is the last and the claimant becomes a co-owner at once.
 */
export async function decideClaim(
  ctx: MailContext,
  claimId: number,
  decision: { status: "verified" | "rejected"; reason?: string | undefined },
  admin: AuditActor,
): Promise<{ claim: ClaimRef; clinicId: number; granted: boolean }> {
  const adminId = admin.id;
  return ctx.sql.begin(async (tx) => {
    await setAuditActor(tx, admin);
    const [claim] = await tx<(ClaimRow & { clinic_name: string; objected: boolean; owners: number })[]>`
      select k.id, k.clinic_id, k.email, k.name, k.role, k.status, k.method, c.name as clinic_name, k.objected_at is not null as objected,
        (select count(*)::int from clinic_owners o where o.clinic_id = k.clinic_id) as owners
      from clinic_claims k join clinics c on c.id = k.clinic_id where k.id = ${claimId} for update of k`;
    if (!claim) throw new ClaimProblem(404, MSG.claim.notFound);
    if (!(OPEN as readonly string[]).includes(claim.status)) throw new ClaimProblem(409, MSG.claim.alreadyDecided);
    const reason = decision.reason ?? null;
    const clinicId = Number(claim.clinic_id);
    if (decision.status === "verified" && claim.status !== "contested" && !claim.objected && claim.owners > 0) {
      await openContest(ctx, tx, claim, claim.clinic_name, { by: adminId, reason });
      return { claim: { id: claimId, status: "contested", method: claim.method }, clinicId, granted: false };
    }
    if (decision.status === "verified") await grant(tx, claim, { by: adminId, reason });
    else
      await tx`update clinic_claims set status = 'rejected', reason = ${reason}, code_hash = null, decided_by = ${adminId}, decided_at = now() where id = ${claimId}`;
    await enqueueMail(tx, ctx.config.from, {
      ...claimDecisionMail(ctx.config, claim, claim.clinic_name, { status: decision.status, reason }),
      kind: "owner",
    });
    return { claim: { id: claimId, status: decision.status, method: claim.method }, clinicId, granted: decision.status === "verified" };
  });
}

/**
 * An owner of the claimed clinic objects while the window is open: the claim waits for the team
 * (`pending-review`), keeping the objection, who made it and when. The route has already checked
 * that the owner manages the claim's clinic.
 */
export async function objectToClaim(sql: Sql, claimId: number, owner: AuditActor, reason: string): Promise<ClaimRef> {
  return sql.begin(async (tx) => {
    const [claim] = await tx<{ status: ClaimStatus; method: ClaimMethod; ends: Date | string | null; open: boolean }[]>`
      select status, method, contest_ends_at as ends, contest_ends_at > now() as open from clinic_claims where id = ${claimId} for update`;
    if (!claim) throw new ClaimProblem(404, MSG.claim.notFound);
    if (claim.status !== "contested") throw new ClaimProblem(409, MSG.claim.objectionNotOpen);
    // Ended but not granted yet (the scheduled step runs later): the window is what counts.
    if (!claim.open) throw new ClaimProblem(409, MSG.claim.objectionClosed(formatUtcMinute(claim.ends ?? "")));
    await tx`update clinic_claims set status = 'pending-review', objection = ${reason}, objected_by = ${owner.id}, objected_at = now() where id = ${claimId}`;
    return { id: claimId, status: "pending-review", method: claim.method };
  });
}

/**
 * The scheduled step (schedule.ts): every contested claim whose window ended by `now` (the
 * database's clock unless given, the one objections are checked against) with no objection
 * makes its claimant a co-owner, who is mailed. Each claim is granted in its own
 * transaction under its row lock, re-checking its status, so a late run grants what is due and a
 * second run (or a second instance at once) finds it verified and does nothing twice. Recorded
 * in the audit log as the claimant's, as when a code verifies a claim on an unowned clinic.
 */
export async function grantUncontestedClaims(ctx: MailContext, now?: Date): Promise<number[]> {
  const at = now?.toISOString() ?? null;
  const due = await ctx.sql<{ id: number }[]>`
    select id from clinic_claims where status = 'contested' and objected_at is null and contest_ends_at <= coalesce(${at}::timestamptz, now())
    order by contest_ends_at, id limit 1000`;
  const granted: number[] = [];
  for (const { id } of due) {
    const done = await ctx.sql.begin(async (tx) => {
      const [claim] = await tx<(ClaimRow & { clinic_name: string })[]>`
        select k.id, k.clinic_id, k.email, k.name, k.role, k.status, k.method, c.name as clinic_name
        from clinic_claims k join clinics c on c.id = k.clinic_id
        where k.id = ${id} and k.status = 'contested' and k.objected_at is null and k.contest_ends_at <= coalesce(${at}::timestamptz, now()) for update of k`;
      if (!claim) return false;
      await grant(tx, claim, { by: null, reason: null }, async (o) => setAuditActor(tx, { role: "owner", id: o.id, email: o.email }));
      await enqueueMail(tx, ctx.config.from, {
        ...claimDecisionMail(ctx.config, claim, claim.clinic_name, { status: "verified", reason: null }),
        kind: "owner",
      });
      return true;
    });
    if (done) granted.push(Number(id));
  }
  return granted;
}

/**
 * Stores a claim's document (already re-encoded by the upload path) with its single-use token:
 * valid CLAIM_EVIDENCE_MINUTES after the claim, while the claim is open; the token goes with its
 * use, so a document cannot be replaced by whoever sees the token later.
 */
export async function storeClaimEvidence(sql: Sql, token: string, image: Buffer): Promise<number> {
  return sql.begin(async (tx) => {
    const [claim] = await tx<{ id: number }[]>`
      update clinic_claims set evidence_token_hash = null
      where evidence_token_hash = ${hashToken(token)} and status in ('code-sent', 'pending-review', 'contested')
        and created_at > now() - ${CLAIM_EVIDENCE_MINUTES} * interval '1 minute'
      returning id`;
    if (!claim) throw new ClaimProblem(404, MSG.claim.evidenceToken);
    await tx`insert into clinic_claim_evidence (claim_id, image) values (${claim.id}, ${image}) on conflict (claim_id) do nothing`;
    return Number(claim.id);
  });
}

/** A claim's document (WebP bytes), or null when it has none. */
export async function claimEvidence(sql: Sql, claimId: number): Promise<Buffer | null> {
  const [row] = await sql<{ image: Buffer | Uint8Array }[]>`select image from clinic_claim_evidence where claim_id = ${claimId}`;
  return row ? Buffer.from(row.image) : null;
}

/** The organisation NPI a claim gave, or null. */
export async function claimNpi(sql: Sql, claimId: number): Promise<string | null | undefined> {
  const [row] = await sql<{ npi: string | null }[]>`select npi from clinic_claims where id = ${claimId}`;
  return row ? row.npi : undefined;
}
