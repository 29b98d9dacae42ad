import type { Clinic } from "@botox/core/contract";
import { isValidTimeZone, openNowLabel, openNowOf, type OpenNowState } from "@botox/core/open-now";
import { useViewNow } from "../hooks/use-view-now.ts";
import { reactIsland } from "../lib/react-island.ts";

// The server parses the hours (`openHours`): the parser never ships to the browser.
export type OpenNowClinic = Pick<Clinic, "openHours" | "businessStatus" | "timeZone">;

const STYLE: Record<Exclude<OpenNowState["state"], "unknown">, string> = {
  open: "text-green-800",
  closed: "text-slate-700",
};

/**
 * Whether the line will say something once the visitor's clock is known: an operational clinic
 * with readable hours and zone. Known at build time, so a list can keep the line's space in its
 * HTML and not grow when the line appears.
 */
export function openNowLineShown(clinic: OpenNowClinic): boolean {
  return clinic.businessStatus === "OPERATIONAL" && clinic.openHours != null && isValidTimeZone(clinic.timeZone);
}

/**
 * "Open now · closes 7 PM", "Closes soon · 7 PM", "Closed · opens Tue 10 AM"; nothing when unknown.
 * The island of the clinic page's heading, and the line of each listing card and of the hours.
 */
export default function OpenNowBadge({ clinic, className = "" }: { clinic: OpenNowClinic; className?: string }) {
  const now = useViewNow();
  // A clinic that is not operational is never open; its business-status badge already says why.
  if (!now || clinic.businessStatus !== "OPERATIONAL") return null;
  const state = openNowOf(clinic, now);
  const label = openNowLabel(state);
  if (state.state === "unknown" || !label) return null;
  const soon = state.state === "open" && state.closesSoon;
  return (
    <span data-open-now={soon ? "soon" : state.state} className={`text-base font-semibold ${soon ? "text-amber-800" : STYLE[state.state]} ${className}`}>
      {label}
    </span>
  );
}

reactIsland(OpenNowBadge);
