import { openNowOf } from "@botox/core/open-now";
import type { OpenNowClinic } from "./OpenNowBadge.tsx";
import { useViewNow } from "../hooks/use-view-now.ts";
import { reactIsland } from "../lib/react-island.ts";

/**
 * A city page's open-now mix, at view time: how many of the clinics it lists are
 * open now by their posted hours. Nothing at build time, and nothing when no clinic's hours
 * can be read.
 */
export default function OpenNowMix({ clinics, place }: { clinics: OpenNowClinic[]; place: string }) {
  const now = useViewNow();
  if (!now) return null;
  const states = clinics.map((c) => openNowOf(c, now).state);
  const known = states.filter((s) => s !== "unknown").length;
  if (known === 0) return null;
  const open = states.filter((s) => s === "open").length;
  return (
    <p className="text-slate-700" data-open-now-mix>
      Open now: {open} of the {known} {known === 1 ? "clinic" : "clinics"} in {place} with posted hours.
    </p>
  );
}

reactIsland(OpenNowMix);
