/** The clinic price form's state, its checks (core's priceInputSchema) and the request body. */
import {
  fieldErrors,
  priceInputSchema,
  type ClinicPrice,
  type PriceArea,
  type PriceBrand,
  type PriceModel,
  type PriceSource,
  type PriceStatus,
} from "@botox/core";

export interface PriceFormState {
  brand: PriceBrand;
  model: PriceModel;
  /** Dollars as typed. */
  unitPrice: string;
  area: PriceArea | "";
  /** Dollars as typed. */
  price: string;
  units: string;
  conditions: string;
  newPatientsOnly: boolean;
  source: PriceSource;
  evidenceUrl: string;
  observedOn: string;
  status: PriceStatus;
}

export const emptyPriceForm = (today: string): PriceFormState => ({
  brand: "botox",
  model: "per_unit",
  unitPrice: "",
  area: "",
  price: "",
  units: "",
  conditions: "",
  newPatientsOnly: false,
  source: "phone",
  evidenceUrl: "",
  observedOn: today,
  status: "published",
});

const dollars = (cents: number | null) => (cents == null ? "" : (cents / 100).toFixed(2).replace(/\.00$/, ""));

export function priceToForm(p: ClinicPrice): PriceFormState {
  return {
    brand: p.brand,
    model: p.model,
    unitPrice: dollars(p.unitPriceCents),
    area: p.area ?? "",
    price: dollars(p.priceCents),
    units: p.units == null ? "" : String(p.units),
    conditions: p.conditions ?? "",
    newPatientsOnly: p.newPatientsOnly,
    source: p.source,
    evidenceUrl: p.evidenceUrl ?? "",
    observedOn: p.observedOn,
    status: p.status,
  };
}

/** "13", "$12.50", "1,200" → cents; other text is passed on for the schema to reject with its message. */
function cents(text: string): number | string | null {
  const t = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!t) return null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : t;
}

/**
 * The body of POST /clinics/{id}/prices and PATCH /prices/{id}: only the fields the model uses.
 * An owner's is the clinic's own price (source clinic) and leaves the status to the team.
 */
export function pricePayload(v: PriceFormState, { owner = false }: { owner?: boolean } = {}) {
  const perUnit = v.model === "per_unit";
  const body = {
    brand: v.brand,
    model: v.model,
    unitPriceCents: perUnit ? cents(v.unitPrice) : null,
    area: v.model === "per_area" ? v.area || null : null,
    priceCents: perUnit ? null : cents(v.price),
    units: perUnit || v.model === "membership" ? null : v.units.trim() === "" ? null : /^\d+$/.test(v.units.trim()) ? Number(v.units.trim()) : v.units,
    conditions: v.conditions.trim() || null,
    newPatientsOnly: v.newPatientsOnly,
    source: v.source,
    evidenceUrl: v.evidenceUrl.trim() || null,
    observedOn: v.observedOn,
    status: v.status,
  };
  if (!owner) return body;
  const { status: _team, ...own } = body;
  return { ...own, source: "clinic" as const };
}

/** Field → message, with the form's own names for the money fields. */
export function validatePriceForm(v: PriceFormState): Record<string, string> {
  const parsed = priceInputSchema.safeParse(pricePayload(v));
  if (parsed.success) return {};
  const errors = fieldErrors(parsed.error);
  return Object.fromEntries(Object.entries(errors).map(([k, m]) => [FORM_FIELD[k] ?? k, m]));
}

/** API field names → this form's. */
export const FORM_FIELD: Record<string, keyof PriceFormState> = { unitPriceCents: "unitPrice", priceCents: "price" };
