import type { ReactNode } from "react";
import { clinicPath, outboundClinicUrl } from "@botox/core/search";
import type { Clinic } from "@botox/core/contract";
import { formatPhone } from "@botox/core/format";
import { phoneE164 } from "@botox/core/phone";
import { businessStatusBadge } from "@botox/core/status";
import OpenNowBadge, { openNowLineShown } from "../islands/OpenNowBadge.tsx";
import { mapsRatingText } from "@botox/core/reviews";
import { UnitPriceTag } from "./UnitPriceTag.tsx";
import { StaffCredentialLine } from "./StaffCredentialLine.tsx";

/** A clinic in a list: rendered at build time and by the list islands alike. */
export function ClinicCard({
  clinic,
  headingLevel = 3,
  visitorRatings,
  deal,
}: {
  clinic: Clinic;
  headingLevel?: 2 | 3;
  /** Our own emoji ratings, shown next to the maps rating once the clinic has some. */
  visitorRatings?: ReactNode;
  /** "Deal: Botox $9.50/unit" when the clinic has a current deal (linked to the page's deals). */
  deal?: string;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const status = businessStatusBadge(clinic.businessStatus, clinic.openHours != null);
  const site = outboundClinicUrl(clinic.site);
  // The clinic's booking link (decision 282), with the same tracking tags as its website.
  const booking = clinic.businessStatus === "PERMANENTLY_CLOSED" ? null : outboundClinicUrl(clinic.bookingUrl);
  const href = clinicPath(clinic.citySlug, clinic.slug);
  return (
    <article className="card flex flex-col gap-2 p-4" data-clinic-card data-distance={clinic._distance ?? undefined}>
      <div className="flex items-start justify-between gap-3">
        <H className="text-lg font-semibold text-slate-900">
          <a href={href} className="link-tap hover:text-brand-700 hover:underline">
            {clinic.name}
          </a>
        </H>
        {status && <StatusBadge {...status} />}
      </div>
      {/* The line's height is kept in the HTML: it fills in once the visitor's clock is read. */}
      {openNowLineShown(clinic) && (
        <div className="min-h-6" data-open-now-line>
          <OpenNowBadge clinic={clinic} />
        </div>
      )}
      {clinic.fullAddress && <p className="text-sm text-slate-700">{clinic.fullAddress}</p>}
      {clinic.currentPrice && (
        <p className="text-sm text-slate-700">
          <UnitPriceTag price={clinic.currentPrice} />
        </p>
      )}
      {deal && (
        <p className="text-sm">
          <a href="#deals-h" data-deal-tag className="link-tap inline-block rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 underline">
            {deal}
          </a>
        </p>
      )}
      <StaffCredentialLine clinic={clinic} />
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {clinic._distance != null && <span data-distance-label>{clinic._distance.toFixed(1)} mi</span>}
        <span data-maps-rating>
          {clinic.rating != null && <span aria-hidden="true">★ </span>}
          {mapsRatingText(clinic.rating, clinic.reviewCount)}
        </span>
        {visitorRatings}
        {/* Only a valid US number is dialled, in E.164; anything else is shown as text. */}
        {clinic.phone &&
          (phoneE164(clinic.phone) ? (
            <a href={`tel:${phoneE164(clinic.phone)}`} className="link-tap text-brand-700 underline">
              {formatPhone(clinic.phone)}
            </a>
          ) : (
            <span>{clinic.phone}</span>
          ))}
        {site && (
          <a href={site} rel="noopener nofollow" target="_blank" className="link-tap text-brand-700 underline">
            Website<span className="sr-only"> of {clinic.name} (opens in a new tab)</span>
          </a>
        )}
        {booking && (
          <a href={booking} rel="noopener nofollow" target="_blank" className="link-tap text-brand-700 underline" data-event="booking">
            Book online<span className="sr-only"> at {clinic.name} (opens in a new tab)</span>
          </a>
        )}
      </p>
    </article>
  );
}

const TONES = { ok: "bg-slate-100 text-slate-800", warn: "bg-amber-100 text-amber-900", bad: "bg-red-100 text-red-900" } as const;

/** The business status (never "Open", so it cannot contradict the open-now line). */
export function StatusBadge({ label, tone }: NonNullable<ReturnType<typeof businessStatusBadge>>) {
  return (
    <span data-business-status className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {label}
    </span>
  );
}

/** An ad slot (product.md §2.5): plain text, not a landmark, since a list holds several of them. */
export function AdPlaceholder() {
  return (
    <div data-ad className="grid h-24 place-items-center rounded-lg border border-dashed border-slate-400 bg-slate-50 text-sm text-slate-700">
      Advertisement
    </div>
  );
}

export function CardSkeleton() {
  return (
    <div className="card min-h-36 animate-pulse space-y-3 p-4" aria-hidden="true" data-skeleton>
      <div className="h-5 w-2/3 rounded bg-slate-200" />
      <div className="h-4 w-full rounded bg-slate-200" />
      <div className="h-4 w-1/3 rounded bg-slate-200" />
    </div>
  );
}
