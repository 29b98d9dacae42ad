/**
 * The brand, the site identifier (value of both outbound tracking parameters) and the
 * product word used in routes are set here and nowhere else (architecture.md §2).
 */
export const BRAND = {
  name: "Botox Near Me",
  /** `{product}` in the spec. */
  product: "Botox Near",
  /** Value of the `utm_source`-style source and ref parameters on outbound clinic links. */
  siteId: "botoxnearme",
  teamAuthor: "Botox Near Me Team",
  heroTitle: "Find the Best Botox Near You",
} as const;

/** Route prefix built from the product word: "/botox-near-me". */
export const PRODUCT_ROUTE = "/botox-near-me";
