import type { RatingStat } from "@botox/core/contract";
import { RATING } from "@botox/core/constants";
import { EMOJI_GLYPH } from "../lib/emoji.ts";

/**
 * The clinic's visitor ratings so far, by emoji, with their count: shown to every visitor,
 * before and after rating (the About page promises them on every clinic page).
 */
export function RatingDistribution({ stats }: { stats: readonly RatingStat[] | undefined }) {
  if (!stats) return null;
  const total = stats.reduce((n, s) => n + s.count, 0);
  if (total === 0) {
    return (
      <p className="mt-2 text-sm text-slate-700" data-rating-distribution="empty">
        No visitor ratings yet.
      </p>
    );
  }
  return (
    <div className="mt-2" data-rating-distribution>
      <p className="text-sm text-slate-700" data-rating-count>
        {total} visitor {total === 1 ? "rating" : "ratings"} so far
      </p>
      <ul className="mt-2 flex flex-wrap gap-3" aria-label="Ratings so far">
        {stats.map((s) => (
          <li key={s.emoji} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
            <span aria-hidden="true">{EMOJI_GLYPH[s.emoji]}</span> {RATING.emojis.find((e) => e.value === s.emoji)?.label}: {s.count}
          </li>
        ))}
      </ul>
    </div>
  );
}
