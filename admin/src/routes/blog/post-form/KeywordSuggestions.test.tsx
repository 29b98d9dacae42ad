import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { KeywordSuggestions } from "./KeywordSuggestions.tsx";

const content = "Botox treatment cost varies by city. Botox treatment cost depends on units. Forehead lines respond well to forehead injections.";

describe("keyword suggestions", () => {
  it("waits for a 500 ms pause, and only once title ≥ 5 and content ≥ 50 characters", () => {
    vi.useFakeTimers();
    const onApply = vi.fn();
    const { rerender } = render(<KeywordSuggestions title="Bot" content={content} onApply={onApply} />);
    expect(screen.queryByText("Generating suggestions...")).not.toBeInTheDocument();

    rerender(<KeywordSuggestions title="Botox pricing" content="too short" onApply={onApply} />);
    expect(screen.queryByText("Generating suggestions...")).not.toBeInTheDocument();

    rerender(<KeywordSuggestions title="Botox pricing" content={content} onApply={onApply} />);
    expect(screen.getByText("Generating suggestions...")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    // Typing again restarts the pause.
    rerender(<KeywordSuggestions title="Botox pricing guide" content={content} onApply={onApply} />);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByText("Generating suggestions...")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "botox treatment cost" })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Generating suggestions...")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "botox treatment cost" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "botox near me" })).toBeInTheDocument();
  });

  it("toggles suggestions and applies the selection; Apply is disabled when none is selected", () => {
    vi.useFakeTimers();
    const onApply = vi.fn();
    render(<KeywordSuggestions title="Botox pricing" content={content} onApply={onApply} />);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    const apply = screen.getByRole("button", { name: "Apply Selected Keywords" });
    expect(apply).toBeDisabled();
    const a = screen.getByRole("button", { name: "botox treatment cost" });
    const b = screen.getByRole("button", { name: "botox near me" });
    fireEvent.click(a);
    fireEvent.click(b);
    expect(a).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(a);
    expect(a).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(a);
    expect(apply).toBeEnabled();
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith("botox near me, botox treatment cost");
  });
});
