import { createContext, useContext, useId, type ReactNode } from "react";
import { cx } from "../../lib/cx.ts";

const TabsContext = createContext<{ value: string; onChange: (v: string) => void; id: string } | null>(null);

export function Tabs({ value, onChange, children }: { value: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return <TabsContext.Provider value={{ value, onChange, id }}>{children}</TabsContext.Provider>;
}

export function TabList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="inline-flex rounded-md bg-slate-100 p-1">
      {children}
    </div>
  );
}

export function Tab({ value, children }: { value: string; children: ReactNode }) {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error("Tab outside Tabs");
  const selected = ctx.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${ctx.id}-tab-${value}`}
      aria-selected={selected}
      aria-controls={`${ctx.id}-panel-${value}`}
      onClick={() => ctx.onChange(value)}
      className={cx("rounded px-4 py-1.5 text-sm font-medium", selected ? "bg-white shadow-sm" : "text-slate-600 hover:text-slate-900")}
    >
      {children}
    </button>
  );
}

/** Panels stay mounted (hidden) so a tab switch never loses a chosen file or typed text. */
export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error("TabPanel outside Tabs");
  return (
    <div role="tabpanel" id={`${ctx.id}-panel-${value}`} aria-labelledby={`${ctx.id}-tab-${value}`} hidden={ctx.value !== value} className="mt-4 space-y-5">
      {children}
    </div>
  );
}
