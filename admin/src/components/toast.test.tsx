import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ToastProvider, useToast } from "./toast.tsx";

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast({ title: "First" })}>one</button>
      <button onClick={() => toast({ title: "Second", description: "Two" })}>two</button>
    </>
  );
}

describe("toasts", () => {
  it("shows one at a time and hides after 5000 ms", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText("one"));
    fireEvent.click(screen.getByText("two"));
    expect(screen.getAllByTestId("toast")).toHaveLength(1);
    expect(screen.getByText("Second")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText("Second")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();
  });

  it("is dismissed by a swipe right past 50 px, and F8 focuses the viewport", () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText("one"));
    const toast = screen.getByTestId("toast");
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 140 });
    expect(screen.getByTestId("toast")).toBeInTheDocument();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument();

    fireEvent.keyDown(window, { key: "F8" });
    expect(screen.getByLabelText("Notifications (F8)")).toHaveFocus();
  });
});
