import { adminStatusLabel, type PriceStatus } from "@botox/core";
import type { BadgeTone } from "../components/ui/Badge.tsx";

/** A clinic's badge colour follows its admin label (product.md §4): Open, Temp. Closed, Closed. */
export function clinicStatusTone(status: string | null | undefined): BadgeTone {
  const label = adminStatusLabel(status);
  return label === "Open" ? "green" : label === "Temp. Closed" ? "amber" : "red";
}

/** A price's (or report's) badge colour: published green, waiting for review amber, rejected red. */
export function priceStatusTone(status: PriceStatus): BadgeTone {
  return status === "published" ? "green" : status === "pending" ? "amber" : "red";
}
