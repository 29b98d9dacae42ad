/**
 * Listing state in the address ("Navigation and layout"): every filter, the sort and
 * the page of a city or ZIP listing live in the query string, so Back from a clinic returns to
 * the same list and a filtered list can be shared. One place declares each listing's
 * parameters (CITY_LISTING, ZIP_LISTING): to add a filter, add one `ParamSpec` there and read
 * it from the state `useListingState` returns. Values equal to their default are left out of
 * the address; unknown or malformed values fall back to the default.
 */
import { FILTERS } from "@botox/core/constants";
import { PRICE_BRANDS } from "@botox/core/price-format";
import { parseCredentialList } from "@botox/core/staff";
import { DEFAULT_CITY_FILTERS, SORT_LABELS, type DistanceChoice, type SortChoice, type StatusChoice } from "./listing.ts";

export interface ParamSpec<T> {
  /** The query-string name. */
  key: string;
  defaultValue: T;
  /** The value of a raw query-string value, or undefined when it is not a valid one. */
  parse(raw: string): T | undefined;
  serialize(value: T): string;
}

export type ListingSpec = Record<string, ParamSpec<unknown>>;
export type ListingState<S extends ListingSpec> = { [K in keyof S]: S[K] extends ParamSpec<infer T> ? T : never };

function enumParam<T extends string>(key: string, values: readonly T[], defaultValue: T): ParamSpec<T> {
  return {
    key,
    defaultValue,
    parse: (raw) => values.find((v) => v === raw),
    serialize: (v) => v,
  };
}

/** Free text, trimmed, at most `max` characters (a shared link cannot carry a huge value). */
function textParam(key: string, max = 100): ParamSpec<string> {
  return { key, defaultValue: "", parse: (raw) => raw.trim().slice(0, max), serialize: (v) => v.trim() };
}

/** A page number from 1 (at most 10,000: no listing is longer). */
function pageParam(key = "page"): ParamSpec<number> {
  return {
    key,
    defaultValue: 1,
    parse: (raw) => (/^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 10_000 ? Number(raw) : undefined),
    serialize: String,
  };
}

/**
 * An on/off switch, "1" when on (for filters such as "open now").
 * @internal Exported for its tests.
 */
export function flagParam(key: string): ParamSpec<boolean> {
  return { key, defaultValue: false, parse: (raw) => (raw === "1" ? true : raw === "0" ? false : undefined), serialize: (v) => (v ? "1" : "0") };
}

/** A dollar ceiling (1 to 1,000 whole dollars), or null for "any" (the price filter). */
function dollarsParam(key: string): ParamSpec<number | null> {
  return {
    key,
    defaultValue: null,
    parse: (raw) => (/^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 1_000 ? Number(raw) : undefined),
    serialize: (v) => (v == null ? "" : String(v)),
  };
}

/** A credential list ("MD,DO"), normalised; "" for any (the "who injects" filter). */
function credentialsParam(key: string): ParamSpec<string> {
  return {
    key,
    defaultValue: "",
    parse: (raw) => {
      const list = raw.length <= 40 ? parseCredentialList(raw) : null;
      return list ? list.join(",") : undefined;
    },
    serialize: (v) => v,
  };
}

export function defaultsOf<S extends ListingSpec>(spec: S): ListingState<S> {
  return Object.fromEntries(Object.entries(spec).map(([name, p]) => [name, p.defaultValue])) as ListingState<S>;
}

export function readListingState<S extends ListingSpec>(spec: S, search: string): ListingState<S> {
  const params = new URLSearchParams(search);
  const state: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(spec)) {
    const raw = params.get(p.key);
    const parsed = raw == null ? undefined : p.parse(raw);
    state[name] = parsed === undefined ? p.defaultValue : parsed;
  }
  return state as ListingState<S>;
}

/**
 * The query string ("?…" or "") of a state: the listing's own parameters that differ from
 * their default, after any other parameters the address already had (tracking tags stay).
 */
export function listingSearch<S extends ListingSpec>(spec: S, state: ListingState<S>, current = ""): string {
  const params = new URLSearchParams(current);
  for (const [name, p] of Object.entries(spec)) {
    params.delete(p.key);
    const value = (state as Record<string, unknown>)[name];
    if (value !== undefined && p.serialize(value) !== p.serialize(p.defaultValue)) params.set(p.key, p.serialize(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The next state after a change: any change other than the page itself goes back to page 1
 * (product.md §4: changing filters resets the page).
 */
export function nextListingState<S extends ListingSpec>(spec: S, state: ListingState<S>, patch: Partial<ListingState<S>>): ListingState<S> {
  const next = { ...state, ...patch };
  if ("page" in spec && !("page" in patch)) {
    const changed = Object.keys(patch).some((k) => {
      const p = spec[k];
      return p !== undefined && p.serialize((patch as Record<string, unknown>)[k]) !== p.serialize((state as Record<string, unknown>)[k]);
    });
    if (changed) (next as Record<string, unknown>).page = 1;
  }
  return next;
}

export const CITY_LISTING = {
  distance: enumParam<DistanceChoice>("distance", ["5", "10", "25", "any"], DEFAULT_CITY_FILTERS.distance),
  status: enumParam<StatusChoice>("status", ["OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED", "all"], DEFAULT_CITY_FILTERS.status),
  query: textParam("q"),
  sort: enumParam<SortChoice>("sort", Object.keys(SORT_LABELS) as SortChoice[], DEFAULT_CITY_FILTERS.sort),
  maxUnitPrice: dollarsParam("maxUnitPrice"),
  openNow: flagParam("openNow"),
  credential: credentialsParam("credential"),
  brand: enumParam<string>("brand", ["", ...PRICE_BRANDS.filter((b) => b !== "other")], ""),
  page: pageParam(),
} satisfies ListingSpec;

const zipDistances = ["5", "10", "25", "50", "any"] as const;
export const ZIP_LISTING = {
  distance: {
    key: "distance",
    defaultValue: FILTERS.zipDefaultDistance as number | "any",
    parse: (raw: string) => (zipDistances.includes(raw as (typeof zipDistances)[number]) ? (raw === "any" ? "any" : Number(raw)) : undefined),
    serialize: (v: number | "any") => String(v),
  } satisfies ParamSpec<number | "any">,
  maxUnitPrice: dollarsParam("maxUnitPrice"),
  sort: enumParam<"distance" | "price">("sort", ["distance", "price"], "distance"),
  openNow: flagParam("openNow"),
  credential: credentialsParam("credential"),
  brand: enumParam<string>("brand", ["", ...PRICE_BRANDS.filter((b) => b !== "other")], ""),
  page: pageParam(),
} satisfies ListingSpec;
