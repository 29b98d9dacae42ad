import { useEffect, useState } from "react";
import type { Clinic } from "@botox/core/api";
import { openNowLabel, openNowOf, type OpenNowState } from "@botox/core/open-now";
import { msToNextMinute, viewNow } from "../lib/clock.ts";

// The server parses the hours (`openHours`): the parser never ships to the browser.
export type OpenNowClinic = Pick<Clinic, "openHours" | "businessStatus" | "timeZone">;

/**
 * The visitor's clock, once mounted (undefined while rendering at build time, so no state is
 * ever baked into the HTML), moving on at each minute's start.
 */
export function useViewNow(): Date | undefined {
  const [now, setNow] = useState<Date>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const d = viewNow();
      setNow(d);
      timer = setTimeout(tick, msToNextMinute(d));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

const STYLE: Record<Exclude<OpenNowState["state"], "unknown">, string> = {
  open: "text-green-800",
  closed: "text-slate-700",
};

/** "Open now · closes 7 PM", "Closes soon · 7 PM", "Closed · opens Tue 10 AM"; nothing when unknown. */
export function OpenNowBadge({ clinic, className = "" }: { clinic: OpenNowClinic; className?: string }) {
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

/** The island of the clinic page's heading. */
export default function OpenNowBadgeIsland({ clinic }: { clinic: OpenNowClinic }) {
  return <OpenNowBadge clinic={clinic} />;
}
