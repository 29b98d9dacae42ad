import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { UI } from "@botox/core";
import { cx } from "../lib/cx.ts";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

export function useToast(): (t: ToastInput) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast outside ToastProvider");
  return toast;
}

/**
 * product.md §9: one toast at a time (a new one replaces the current), shown 5000 ms, dismissed by a
 * swipe to the right past 50 px, and F8 moves focus to the notifications region.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const nextId = useRef(1);
  const viewportRef = useRef<HTMLOListElement>(null);

  const toast = useCallback((t: ToastInput) => setCurrent({ ...t, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === UI.toastHotkey) {
        e.preventDefault();
        viewportRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* A landmark of its own: the toasts live outside the screens' <main>. */}
      <section aria-label="Notifications">
        <ol
          ref={viewportRef}
          tabIndex={-1}
          aria-label={`Notifications (${UI.toastHotkey})`}
          className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
        >
          {current ? <ToastView key={current.id} item={current} onDismiss={dismiss} /> : null}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

function ToastView({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, UI.toastDurationMs);
    return () => clearTimeout(timer);
  }, [onDismiss, paused]);

  const destructive = item.variant === "destructive";
  return (
    <li
      role={destructive ? "alert" : "status"}
      aria-atomic="true"
      data-testid="toast"
      style={{ transform: dx ? `translateX(${dx}px)` : undefined, touchAction: "pan-y" }}
      onPointerDown={(e) => {
        start.current = e.clientX;
        setPaused(true);
      }}
      onPointerMove={(e) => {
        if (start.current != null) setDx(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={(e) => {
        const moved = start.current == null ? 0 : e.clientX - start.current;
        start.current = null;
        setPaused(false);
        if (moved >= UI.toastSwipeThresholdPx) onDismiss();
        else setDx(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setPaused(false);
        setDx(0);
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      className={cx(
        "relative rounded-lg border p-4 pr-10 shadow-lg select-none",
        destructive ? "border-red-600 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <p className="text-sm font-semibold">{item.title}</p>
      {item.description ? <p className="mt-1 text-sm opacity-90">{item.description}</p> : null}
      <button
        type="button"
        aria-label="Close"
        onClick={onDismiss}
        className="absolute top-2 right-2 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </li>
  );
}
