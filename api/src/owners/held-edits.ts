/**
 * A clinic owner's held edit decided by the team (decision 279): every owner of the clinic is
 * mailed the decision, in the decision's own transaction (the outbox, decision 246), so a
 * rolled-back decision mails no one and a committed one is never lost.
 */
import { SUGGESTION_FIELDS, SUGGESTION_FIELD_LABELS, auditValueText, type Suggestion } from "@botox/core";
import type { MailConfig } from "../mail/config.ts";
import { enqueueMails, type Tx } from "../mail/outbox.ts";
import { ownerEditDecisionMail } from "../mail/templates.ts";

/** Queues the decision of an owner's held edit to each owner of its clinic; returns how many were queued. */
export async function mailOwnersOfDecision(tx: Tx, config: MailConfig, s: Suggestion): Promise<number> {
  if (!s.fromOwner || s.status === "pending") return 0;
  const owners = await tx<{ email: string }[]>`
    select o.email from clinic_owners co join owners o on o.id = co.owner_id where co.clinic_id = ${s.clinicId} order by o.email`;
  if (owners.length === 0) return 0;
  const [sender] = await tx<{ email: string }[]>`
    select o.email from clinic_suggestions s join owners o on o.id = s.owner_id where s.id = ${s.id}`;
  const changes = SUGGESTION_FIELDS.filter((f) => f in s.changes).map((f) => [SUGGESTION_FIELD_LABELS[f], auditValueText(f, s.changes[f])] as const);
  const edit = { clinicName: s.clinicName, sentBy: sender?.email ?? null, status: s.status, reason: s.reason, changes };
  await enqueueMails(
    tx,
    config.from,
    owners.map((o) => ({ ...ownerEditDecisionMail(config, o.email, edit), kind: "owner" as const })),
  );
  return owners.length;
}
