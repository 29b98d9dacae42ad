/**
 * Our own emoji ratings next to the maps rating on listing cards: one request per
 * shown page (GET /clinics/rating-summary), and nothing at all for clinics nobody rated. A
 * failed request leaves the cards as they are: the maps rating stands on its own.
 */
import type { ReactNode } from "react";
import type { RatingStat } from "@botox/core/contract";
import { RATING } from "@botox/core/constants";
import { apiClient, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { EMOJI_GLYPH } from "../lib/emoji.ts";

const LABEL = Object.fromEntries(RATING.emojis.map((e) => [e.value, e.label])) as Record<RatingStat["emoji"], string>;

/** "😍 2 😊 1 from 3 visitor ratings", with a spoken form for screen readers. */
function VisitorRatingSummary({ stats }: { stats: readonly RatingStat[] }) {
  const total = stats.reduce((n, s) => n + s.count, 0);
  if (total === 0) return null;
  const spoken = stats.map((s) => `${s.count} ${LABEL[s.emoji]}`).join(", ");
  return (
    <span data-visitor-ratings>
      <span aria-hidden="true">{stats.map((s) => `${EMOJI_GLYPH[s.emoji]} ${s.count}`).join(" ")} </span>
      <span className="sr-only">{spoken}, </span>
      from {total} visitor {total === 1 ? "rating" : "ratings"}
    </span>
  );
}

export interface VisitorRatings {
  /** Each clinic's summary element (or nothing). */
  of: (id: number) => ReactNode;
  /** The summaries of these ids have come, or will not (failed, or no id to ask for). */
  settled: boolean;
}

/** The visitor ratings of the shown ids, and whether they have come. */
export function useVisitorRatingSummaries(config: PublicConfig, ids: readonly number[]): VisitorRatings {
  const key = [...ids].sort((a, b) => a - b).join(",");
  const summary = useQuery({
    queryKey: ["rating-summary", key],
    enabled: key.length > 0,
    retry: false,
    queryFn: () => apiClient(config.apiUrl).get("/clinics/rating-summary", { ids: key }),
  });
  return {
    of: (id) => {
      const stats = summary.data?.[String(id)];
      return stats ? <VisitorRatingSummary stats={stats} /> : null;
    },
    settled: key.length === 0 || !summary.isPending,
  };
}

/** A function giving each clinic's summary element (or nothing) for the shown ids. */
export function useVisitorRatings(config: PublicConfig, ids: readonly number[]): (id: number) => ReactNode {
  return useVisitorRatingSummaries(config, ids).of;
}
