import {
  AREA_LABELS,
  BRAND_LABELS,
  MODEL_LABELS,
  SOURCE_LABELS,
  countsInIndex,
  formatCents,
  formatPriceDate,
  formatUnitPrice,
  heldPriceReason,
  isPriceOutOfDate,
  priceCheckedOn,
  type ClinicPrice,
} from "@botox/core";
import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { priceStatusTone } from "../../lib/status-tone.ts";

/** What a row prices: "Per unit", "Per area · Forehead", "Package". */
const whatOf = (p: ClinicPrice) => (p.model === "per_area" && p.area ? `${MODEL_LABELS.per_area} · ${AREA_LABELS[p.area]}` : MODEL_LABELS[p.model]);
const amountOf = (p: ClinicPrice) =>
  p.model === "per_unit"
    ? p.unitPriceCents == null
      ? "—"
      : formatUnitPrice(p.unitPriceCents)
    : `${p.priceCents == null ? "—" : formatCents(p.priceCents)}${p.units != null ? ` for ${p.units} units` : ""}`;

/** A clinic's prices: what, how much, source, dates with their age, status; Verify today, Edit, Delete. */
export function PriceTable({
  prices,
  today,
  verifying,
  onVerify,
  onEdit,
  onDelete,
}: {
  prices: readonly ClinicPrice[];
  today: string;
  verifying: boolean;
  onVerify: (price: ClinicPrice) => void;
  onEdit: (price: ClinicPrice) => void;
  onDelete: (price: ClinicPrice) => void;
}) {
  const columns: Column<ClinicPrice>[] = [
    { header: "Brand", cell: (p) => BRAND_LABELS[p.brand] },
    {
      header: "Pricing",
      cell: (p) => (
        <>
          {whatOf(p)}
          {p.newPatientsOnly ? (
            <Badge tone="blue" className="ml-1">
              New patients only
            </Badge>
          ) : null}
          {p.conditions ? <span className="block text-xs text-slate-500">{p.conditions}</span> : null}
        </>
      ),
    },
    { header: "Price", cell: amountOf },
    { header: "Per unit", cell: (p) => (p.perUnitCents == null ? "—" : formatUnitPrice(p.perUnitCents)) },
    { header: "Source", cell: (p) => SOURCE_LABELS[p.source] },
    {
      header: "Observed",
      cell: (p) => (
        <>
          {formatPriceDate(p.observedOn)}
          {p.verifiedOn ? <span className="block text-xs text-slate-500">verified {formatPriceDate(p.verifiedOn)}</span> : null}
          {!countsInIndex(priceCheckedOn(p), today) ? (
            <Badge tone="red">over a year old</Badge>
          ) : isPriceOutOfDate(priceCheckedOn(p), today) ? (
            <Badge tone="amber">may be out of date</Badge>
          ) : null}
        </>
      ),
    },
    {
      header: "Status",
      cell: (p) => (
        <>
          <Badge tone={priceStatusTone(p.status)}>{p.status}</Badge>
          {p.status === "pending" ? <span className="block text-xs text-slate-500">{heldPriceReason(p)}</span> : null}
        </>
      ),
    },
    {
      header: <span className="sr-only">Actions</span>,
      actions: true,
      // Stacked on a phone, so the pinned column stays narrow.
      cell: (p) => (
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
          <Button size="sm" variant="outline" disabled={verifying} onClick={() => onVerify(p)}>
            Verify today
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onEdit(p)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => onDelete(p)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      variant="compact"
      cards
      caption="Prices of this clinic"
      columns={columns}
      rows={prices}
      rowKey={(p) => p.id}
      rowAttributes={(p) => ({ "data-price-id": p.id })}
    />
  );
}
