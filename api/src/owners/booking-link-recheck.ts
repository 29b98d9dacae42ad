/**
 * The daily re-check of stored booking links (decision 299). A link that answered when it was
 * saved (decision 282) can break later; every few minutes this process takes a small batch of
 * links not asked for a day, oldest check first, and asks each again with the same checker and
 * SSRF rules (lib/booking-link-check.ts). After BOOKING_LINK_RECHECK.hideAfterFailures checks in
 * a row that did not answer, the clinic's answers stop offering it and its owners are mailed,
 * once; a later answer shows it again. Both changes go through writeContent, like any clinic
 * write, so the read cache forgets the clinic and the site is published again.
 */
import { BOOKING_LINK_RECHECK, bookingLinkShown } from "@botox/core";
import { claimDueBookingLinks, driverOf, recordBookingLinkCheck, type DueBookingLink } from "@botox/db";
import { scheduleNightly, systemClock, type Clock } from "@botox/publish";
import type { Deps } from "../context.ts";
import { checkBookingLink } from "../lib/booking-link-check.ts";
import { writeContent } from "../lib/content-changes.ts";
import { errorSummary } from "../lib/logger.ts";
import type { MailConfig } from "../mail/config.ts";
import { enqueueMails } from "../mail/outbox.ts";
import { nudgeMail } from "../mail/service.ts";
import { ownerBookingLinkDownMail } from "../mail/templates.ts";
import { siteRegistrableDomain } from "./claim-domain.ts";

/**
 * Asks a link: resolves when it answers, throws (with the reason) when it does not.
 *
 * @internal Exported for its tests.
 */
export type BookingLinkChecker = (url: string, site: string | null) => Promise<void>;

export interface BookingLinkRecheckContext {
  deps: Deps;
  mail: MailConfig;
  /** Links asked per run. */
  batch: number;
  /** Default: lib/booking-link-check.ts with deps.bookingLinkCheck. */
  check?: BookingLinkChecker;
  now?: () => Date;
}

interface RecheckSummary {
  checked: number;
  failed: number;
  hidden: number;
  restored: number;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One run: claims the due links, asks each in turn and records what it found.
 *
 * @internal Exported for its tests.
 */
export async function recheckBookingLinks(ctx: BookingLinkRecheckContext): Promise<RecheckSummary> {
  const { deps } = ctx;
  const check = ctx.check ?? ((url, site) => checkBookingLink(url, siteRegistrableDomain(site), deps.bookingLinkCheck));
  const due = await claimDueBookingLinks(deps.db, { now: (ctx.now ?? (() => new Date()))(), batch: ctx.batch, everyHours: BOOKING_LINK_RECHECK.everyHours });
  const summary: RecheckSummary = { checked: 0, failed: 0, hidden: 0, restored: 0 };
  for (const link of due) {
    let failure: string | null = null;
    try {
      await check(link.url, link.site);
    } catch (err) {
      failure = reasonOf(err);
    }
    const outcome = await recordCheck(ctx, link, failure);
    summary.checked++;
    if (failure !== null) summary.failed++;
    if (outcome === "hidden") summary.hidden++;
    if (outcome === "restored") summary.restored++;
  }
  if (summary.hidden > 0) nudgeMail(deps);
  if (due.length > 0) deps.logger.info({ ...summary }, "booking links: re-checked");
  return summary;
}

/**
 * Records one answer. Hiding or showing the link again changes the clinic's answers: then it is
 * a content write (content_changes, the read cache, the publisher), and on hiding every owner
 * is mailed in the same transaction (the outbox).
 */
async function recordCheck(ctx: BookingLinkRecheckContext, link: DueBookingLink, failure: string | null): Promise<"hidden" | "restored" | null> {
  const wasShown = bookingLinkShown(link.failures);
  return writeContent(
    ctx.deps,
    // The system, not a person: the audit log records people's changes only (decision 278).
    null,
    async (tx) => {
      const failures = await recordBookingLinkCheck(tx, link, failure === null);
      if (failures === null) return null;
      const shown = bookingLinkShown(failures);
      if (wasShown && !shown) {
        await mailOwners(ctx, driverOf(tx), link, failure ?? "");
        return "hidden" as const;
      }
      return !wasShown && shown ? ("restored" as const) : null;
    },
    (outcome) => (outcome ? { entity: "clinic", entityId: link.clinicId, action: "update" } : null),
    () => [link.clinicId],
  );
}

async function mailOwners(ctx: BookingLinkRecheckContext, tx: ReturnType<typeof driverOf>, link: DueBookingLink, reason: string): Promise<void> {
  const owners = await tx<{ email: string; failing_ms: number }[]>`
    select o.email, (extract(epoch from c.booking_url_failing_since) * 1000)::float8 as failing_ms
    from clinic_owners co join owners o on o.id = co.owner_id join clinics c on c.id = co.clinic_id
    where co.clinic_id = ${link.clinicId} order by o.email`;
  const since = new Date(Number(owners[0]?.failing_ms ?? Date.parse(link.checkedAt)));
  const about = { clinicId: link.clinicId, clinicName: link.clinicName, url: link.url, failingSince: since, reason };
  await enqueueMails(
    tx,
    ctx.mail.from,
    owners.map((o) => ({ ...ownerBookingLinkDownMail(ctx.mail, o.email, about), kind: "owner" as const })),
  );
}

/**
 * Runs recheckBookingLinks at each time `cron` matches (UTC), in this process (every instance
 * may: claimed rows are skipped by the others); a run still going skips the next tick.
 */
export function startBookingLinkRechecks(ctx: BookingLinkRecheckContext, cron: string, clock: Clock = systemClock): ReturnType<typeof scheduleNightly> {
  let running = false;
  return scheduleNightly({
    cron,
    timezone: "UTC",
    clock,
    onTick: () => {
      if (running) return;
      running = true;
      recheckBookingLinks(ctx)
        .catch((err: unknown) => ctx.deps.logger.error({ error: errorSummary(err) }, "booking links: re-check failed"))
        .finally(() => {
          running = false;
        });
    },
  });
}
