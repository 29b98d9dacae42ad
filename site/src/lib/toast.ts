/**
 * Toasts (product.md §9): one at a time, shown 5 s, swipe right past 50 px to dismiss, F8 focuses
 * the viewport. Plain DOM so every island shares one viewport without a React root of its own.
 */
import { UI } from "@botox/core/constants";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

let timer: ReturnType<typeof setTimeout> | undefined;
let hotkeyBound = false;

function viewport(): HTMLElement {
  let el = document.getElementById("toast-viewport");
  if (!el) {
    el = document.createElement("section");
    el.id = "toast-viewport";
    el.setAttribute("aria-label", `Notifications (${UI.toastHotkey})`);
    el.tabIndex = -1;
    el.className = "fixed bottom-4 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none";
    document.body.append(el);
  }
  if (!hotkeyBound) {
    hotkeyBound = true;
    document.addEventListener("keydown", (e) => {
      if (e.key === UI.toastHotkey) document.getElementById("toast-viewport")?.focus();
    });
  }
  return el;
}

/** @internal Exported for its tests. */
export function dismissToast(): void {
  clearTimeout(timer);
  document.getElementById("toast-viewport")?.replaceChildren();
}

export function toast({ title, description, variant = "default" }: ToastInput): void {
  const root = viewport();
  clearTimeout(timer);
  const item = document.createElement("div");
  item.setAttribute("role", variant === "destructive" ? "alert" : "status");
  item.dataset.toast = variant;
  item.className =
    variant === "destructive"
      ? "rounded-lg border border-red-700 bg-red-700 p-4 text-white shadow-lg"
      : "rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-lg";
  const t = document.createElement("p");
  t.className = "font-semibold";
  t.textContent = title;
  item.append(t);
  if (description) {
    const d = document.createElement("p");
    d.className = "text-sm";
    d.textContent = description;
    item.append(d);
  }
  let startX: number | null = null;
  item.addEventListener("pointerdown", (e) => (startX = e.clientX));
  item.addEventListener("pointerup", (e) => {
    if (startX != null && e.clientX - startX > UI.toastSwipeThresholdPx) dismissToast();
    startX = null;
  });
  // One at a time: a new toast replaces the current one.
  root.replaceChildren(item);
  timer = setTimeout(dismissToast, UI.toastDurationMs);
}
