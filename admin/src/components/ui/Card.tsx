import { useId, type ReactNode } from "react";
import { cx } from "../../lib/cx.ts";

/** A titled section; the title names it for assistive technology (a landmark region). */
export function Card({ title, description, children, className }: { title?: ReactNode; description?: ReactNode; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} className={cx("rounded-lg border border-slate-200 bg-white shadow-sm", className)}>
      {title || description ? (
        <header className="space-y-1 border-b border-slate-100 p-5">
          {title ? (
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
          ) : null}
          {description ? <p className="text-sm text-slate-500">{description}</p> : null}
        </header>
      ) : null}
      <div className="p-5">{children}</div>
    </section>
  );
}
