import { useEffect, useState } from "react";
import { POST_FORM, applyKeywords, shouldSuggestKeywords, suggestKeywords, toggleKeyword } from "@botox/core";
import { Button } from "../../../components/ui/Button.tsx";
import { cx } from "../../../lib/cx.ts";

/**
 * product.md §4: suggestions after a 500 ms pause once the title has ≥ 5 and the content ≥ 50
 * characters; clicking toggles; 'Apply Selected Keywords' writes the selection.
 */
export function KeywordSuggestions({ title, content, onApply }: { title: string; content: string; onApply: (keywords: string) => void }) {
  const key = `${title}\u0000${content}`;
  const eligible = shouldSuggestKeywords(title, content);
  const [ready, setReady] = useState<{ key: string; list: string[] } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    if (!eligible) return;
    const timer = setTimeout(() => setReady({ key, list: suggestKeywords(title, content) }), POST_FORM.keywordDelayMs);
    return () => clearTimeout(timer);
  }, [eligible, key, title, content]);

  if (!eligible) return null;
  const generating = ready?.key !== key;
  const suggestions = ready?.list ?? [];

  return (
    <div className="rounded-md border border-dashed border-slate-300 p-3" aria-live="polite">
      <p className="text-sm font-medium">Suggested keywords</p>
      {generating ? <p className="mt-2 text-sm text-slate-500">Generating suggestions...</p> : null}
      {!generating || suggestions.length > 0 ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {suggestions.map((k) => {
            const on = selected.includes(k);
            return (
              <button
                key={k}
                type="button"
                aria-pressed={on}
                onClick={() => setSelected((s) => toggleKeyword(s, k))}
                className={cx(
                  "rounded-full border px-3 py-1 text-xs",
                  on ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100",
                )}
              >
                {k}
              </button>
            );
          })}
        </div>
      ) : null}
      <Button size="sm" variant="outline" className="mt-3" disabled={selected.length === 0} onClick={() => onApply(applyKeywords(selected))}>
        Apply Selected Keywords
      </Button>
    </div>
  );
}
