import { seoScore, type SeoColor, type SeoInput } from "@botox/core";
import { cx } from "../../../lib/cx.ts";

const BAR: Record<SeoColor, string> = { green: "bg-green-500", amber: "bg-amber-500", red: "bg-red-500" };
const ICON = { good: "✓", warning: "!", info: "i" } as const;
const ICON_STYLE = { good: "bg-green-100 text-green-700", warning: "bg-amber-100 text-amber-700", info: "bg-slate-100 text-slate-600" } as const;

/** product.md §5 SEO score: out of 100, a label, a bar coloured at 80 and 60, one message per check. */
export function SeoScorePanel(props: SeoInput) {
  const { score, label, color, checks } = seoScore(props);
  return (
    <section aria-labelledby="seo-score-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex items-baseline justify-between">
        <h3 id="seo-score-heading" className="font-semibold">
          SEO Score
        </h3>
        <p className="text-sm">
          <span className="text-2xl font-bold" data-testid="seo-score">
            {score}
          </span>
          <span className="text-slate-500">/100</span> · <span data-testid="seo-label">{label}</span>
        </p>
      </div>
      <div
        role="meter"
        aria-label="SEO score"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${score} of 100, ${label}`}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div data-testid="seo-bar" data-color={color} className={cx("h-full rounded-full transition-all", BAR[color])} style={{ width: `${score}%` }} />
      </div>
      <ul className="mt-4 space-y-2">
        {checks.map((c) => (
          <li key={c.id} data-status={c.status} className="flex items-start gap-2 text-sm">
            <span
              aria-hidden="true"
              className={cx("mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold", ICON_STYLE[c.status])}
            >
              {ICON[c.status]}
            </span>
            <span>
              {c.message}{" "}
              <span className="text-xs text-slate-400">
                ({c.points}/{c.max})
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
