import { useId, useState, type SubmitEvent } from "react";
import { BRAND_LABELS, type PriceBrand } from "@botox/core/price-format";
import type { AlertBrand } from "@botox/core/contract";
import { API_MSG, NEWSLETTER_FORM_MSG } from "@botox/core/messages";
import { ApiRequestError, errorMessageOf } from "@botox/core/http";
import type { PublicConfig } from "../lib/config.ts";
import { ALERT_BRAND_CHOICES, RADIUS_CHOICES, newsletterApi, type RadiusMiles } from "../lib/newsletter.ts";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  config: PublicConfig;
  brand?: PriceBrand;
  /** Five digits, or omitted (the visitor types it). */
  zipCode?: string | null;
  /** A starting price in cents (e.g. the local median); rounded down to whole dollars. */
  suggestedMaxCents?: number | null;
}

type Field = "email" | "maxUnitPrice" | "zipCode";
type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string };

/** @internal Exported for its tests. */
export const ALERT_MSG = {
  maxUnitPrice: "Enter a price per unit between $0.01 and $100.",
  failed: "We couldn't set up your alert. Please try again.",
  sent: "Alert set. If this address is new to us, check your inbox and click the link we sent to confirm it first.",
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOLLARS_RE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * The price alert (a sentence to fill in): "Tell me when {brand} is under ${X} a unit within
 * {N} miles of {ZIP}", and an email. The API applies the same checks again and uses the
 * newsletter's double opt-in for an address it does not know.
 */
export default function PriceAlertForm({ config, brand: initialBrand = "botox", zipCode: initialZip, suggestedMaxCents }: Props) {
  const id = useId();
  const [brand, setBrand] = useState<AlertBrand>(initialBrand === "other" ? "botox" : initialBrand);
  const [price, setPrice] = useState(suggestedMaxCents && suggestedMaxCents >= 100 ? String(Math.floor(suggestedMaxCents / 100)) : "");
  const [radius, setRadius] = useState<RadiusMiles>(25);
  const [zip, setZip] = useState(initialZip && /^\d{5}$/.test(initialZip) ? initialZip : "");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<State>({ kind: "idle" });

  const clear = (f: Field) => setErrors(({ [f]: _gone, ...rest }) => rest);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const mail = email.trim();
    if (!mail) found.email = NEWSLETTER_FORM_MSG.emailRequired;
    else if (!EMAIL_RE.test(mail)) found.email = NEWSLETTER_FORM_MSG.invalidEmail;
    const dollars = price.trim().replace(/^\$/, "");
    if (!DOLLARS_RE.test(dollars) || Number(dollars) <= 0 || Number(dollars) > 100) found.maxUnitPrice = ALERT_MSG.maxUnitPrice;
    if (!/^\d{5}$/.test(zip.trim())) found.zipCode = NEWSLETTER_FORM_MSG.invalidZip;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState({ kind: "sending" });
    try {
      await newsletterApi(config.apiUrl).priceAlert({ email: mail, brand, maxUnitPrice: Number(dollars), zipCode: zip.trim(), radiusMiles: radius });
      setState({ kind: "sent" });
    } catch (err) {
      const message = err instanceof ApiRequestError && err.status === 429 ? API_MSG.rateLimited : errorMessageOf(err, ALERT_MSG.failed);
      setState({ kind: "error", message: err instanceof ApiRequestError && err.status >= 500 ? ALERT_MSG.failed : message });
    }
  }

  const heading = (
    <h3 id={`${id}-h`} className="text-lg font-bold">
      Get a price alert
    </h3>
  );
  if (state.kind === "sent") {
    return (
      <div role="status" aria-labelledby={`${id}-h`} data-price-alert="sent">
        {heading}
        <p className="mt-2 text-slate-800">{ALERT_MSG.sent}</p>
      </div>
    );
  }

  const described = (f: Field) => ({
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": errors[f] ? `${id}-${f}-err` : undefined,
  });
  const err = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-err`} className="mt-1 text-sm text-red-700">
        {errors[f]}
      </p>
    ) : null;
  const sending = state.kind === "sending";
  const inline = "input inline-block w-auto py-1";

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`} aria-busy={sending || undefined} data-price-alert={state.kind}>
      {heading}
      <p className="mt-2 leading-10 text-slate-800">
        <span>Tell me when </span>
        <label htmlFor={`${id}-brand`} className="sr-only">
          Brand
        </label>
        <select id={`${id}-brand`} className={inline} value={brand} onChange={(e) => setBrand(e.target.value as AlertBrand)}>
          {ALERT_BRAND_CHOICES.map((b) => (
            <option key={b} value={b}>
              {BRAND_LABELS[b]}
            </option>
          ))}
        </select>
        <span> is under $</span>
        <label htmlFor={`${id}-price`} className="sr-only">
          Price per unit in dollars
        </label>
        <input
          id={`${id}-price`}
          className={`${inline} w-20`}
          inputMode="decimal"
          value={price}
          {...described("maxUnitPrice")}
          onChange={(e) => {
            setPrice(e.target.value);
            clear("maxUnitPrice");
          }}
        />
        <span> a unit within </span>
        <label htmlFor={`${id}-radius`} className="sr-only">
          Miles
        </label>
        <select id={`${id}-radius`} className={inline} value={radius} onChange={(e) => setRadius(Number(e.target.value) as RadiusMiles)}>
          {RADIUS_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <span> miles of </span>
        <label htmlFor={`${id}-zip`} className="sr-only">
          ZIP code
        </label>
        <input
          id={`${id}-zip`}
          className={`${inline} w-24`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="ZIP"
          value={zip}
          {...described("zipCode")}
          onChange={(e) => {
            setZip(e.target.value);
            clear("zipCode");
          }}
        />
      </p>
      {err("maxUnitPrice")}
      {err("zipCode")}
      <div className="mt-3">
        <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
          Email address
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          {...described("email")}
          onChange={(e) => {
            setEmail(e.target.value);
            clear("email");
          }}
        />
        {err("email")}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        At most one mail a day, once per clinic price that crosses your line. Unsubscribe in one click from any mail.
      </p>
      {state.kind === "error" && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <button type="submit" className="btn-primary mt-3" disabled={sending}>
        {sending ? "Setting up…" : "Alert me"}
      </button>
    </form>
  );
}

reactIsland(PriceAlertForm);
