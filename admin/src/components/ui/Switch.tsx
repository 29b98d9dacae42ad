import { useId } from "react";
import { cx } from "../../lib/cx.ts";

export function Switch({ checked, onCheckedChange, label, id }: { checked: boolean; onCheckedChange: (checked: boolean) => void; label: string; id?: string }) {
  const autoId = useId();
  const switchId = id ?? autoId;
  return (
    <div className="flex items-center gap-3">
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onCheckedChange(!checked)}
        className={cx("relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors", checked ? "bg-brand-600" : "bg-slate-300")}
      >
        <span className={cx("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5" : "translate-x-0.5")} />
      </button>
      <label htmlFor={switchId} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}
