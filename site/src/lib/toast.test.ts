import { describe, expect, it, vi } from "vitest";
import { dismissToast, toast } from "./toast.ts";

const shown = () => [...document.querySelectorAll<HTMLElement>("#toast-viewport [data-toast]")];

describe("toast", () => {
  it("shows one toast at a time: a new one replaces the current", () => {
    toast({ title: "First", description: "one" });
    toast({ title: "Second", description: "two", variant: "destructive" });
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toHaveTextContent("Secondtwo");
    expect(shown()[0]).toHaveAttribute("role", "alert");
    expect(shown()[0]!.dataset.toast).toBe("destructive");
  });

  it("disappears after 5 seconds, counted from the latest toast", () => {
    vi.useFakeTimers();
    toast({ title: "First" });
    vi.advanceTimersByTime(3000);
    toast({ title: "Second" });
    vi.advanceTimersByTime(4999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toHaveLength(0);
  });

  it("is announced politely unless destructive, in a viewport labelled with its F8 hotkey", () => {
    toast({ title: "Saved" });
    expect(shown()[0]).toHaveAttribute("role", "status");
    const viewport = document.getElementById("toast-viewport")!;
    expect(viewport).toHaveAttribute("aria-label", "Notifications (F8)");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "F8" }));
    expect(document.activeElement).toBe(viewport);
  });

  it("is dismissed by a swipe to the right past 50 px, not by a shorter one", () => {
    toast({ title: "Swipe me" });
    const item = shown()[0]!;
    item.dispatchEvent(new MouseEvent("pointerdown", { clientX: 100 }));
    item.dispatchEvent(new MouseEvent("pointerup", { clientX: 140 }));
    expect(shown()).toHaveLength(1);
    item.dispatchEvent(new MouseEvent("pointerdown", { clientX: 100 }));
    item.dispatchEvent(new MouseEvent("pointerup", { clientX: 151 }));
    expect(shown()).toHaveLength(0);
  });

  it("can be dismissed at once", () => {
    toast({ title: "Bye" });
    dismissToast();
    expect(shown()).toHaveLength(0);
  });
});
