import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { createQueryClient } from "../App.tsx";
import { apiError } from "../test/fake-api.ts";
import { ReviewActions, ReviewQueue } from "./ReviewQueue.tsx";

type Filter = "open" | "done";
interface Item {
  id: number;
  name: string;
}

/** A queue of `total` items, `pageSize` a page, behind a real query whose answers the test gives. */
function Queue({
  fetch,
  pageSize = 2,
  paged = true,
}: {
  fetch: (filter: Filter, page: number) => Promise<{ items: Item[]; total: number }>;
  pageSize?: number;
  paged?: boolean;
}) {
  const [filter, setFilter] = useState<Filter>("open");
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ["things", filter, page], queryFn: () => fetch(filter, page) });
  const total = query.data?.total ?? 0;
  return (
    <ReviewQueue
      title="Things"
      intro="Things to review."
      filter={{
        label: "Thing filter",
        value: filter,
        options: [
          { value: "open", label: "Open" },
          { value: "done", label: "Done" },
        ],
        onChange: (v) => {
          setFilter(v);
          setPage(1);
        },
      }}
      noun="things"
      query={query}
      items={query.data?.items ?? []}
      empty="Nothing to review."
      listLabel="Things"
      listClassName="space-y-4"
      paging={paged ? { label: "Thing pages", page, pageSize, total, onPage: setPage } : { total }}
      renderItem={(t) => <li>{t.name}</li>}
    />
  );
}

const show = (props: Parameters<typeof Queue>[0]) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Queue {...props} />
    </QueryClientProvider>,
  );

const items = (from: number, n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Thing ${from + i}` }));

describe("the review queue shell", () => {
  it("shows the heading, intro and tabs, says it is loading, then lists the items", async () => {
    let answer!: (v: { items: Item[]; total: number }) => void;
    show({ fetch: () => new Promise((resolve) => (answer = resolve)) });
    expect(screen.getByRole("heading", { name: "Things" })).toBeInTheDocument();
    expect(screen.getByText("Things to review.")).toBeInTheDocument();
    expect(
      within(screen.getByRole("tablist", { name: "Thing filter" }))
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Open", "Done"]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading things...");
    answer({ items: items(1, 2), total: 2 });
    const list = await screen.findByRole("list", { name: "Things" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Thing 1", "Thing 2"]);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("shows why the list failed, and Retry asks again", async () => {
    const fetch = vi
      .fn<(filter: Filter, page: number) => Promise<{ items: Item[]; total: number }>>()
      .mockRejectedValueOnce(apiError(503, { error: "The database is unavailable." }))
      .mockResolvedValue({ items: items(1, 1), total: 1 });
    show({ fetch });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load things.");
    expect(alert).toHaveTextContent("The database is unavailable.");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Thing 1")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("says when the queue is empty, per the chosen tab", async () => {
    const fetch = vi.fn(async (filter: Filter) => (filter === "open" ? { items: [], total: 0 } : { items: items(9, 1), total: 1 }));
    show({ fetch });
    expect(await screen.findByText("Nothing to review.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Done" }));
    expect(await screen.findByText("Thing 9")).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith("done", 1);
  });

  it("pages a queue longer than a page, and a first-page-only queue says how many there are", async () => {
    const fetch = async (_: Filter, page: number) => ({ items: items(page * 2 - 1, page < 3 ? 2 : 1), total: 5 });
    const { unmount } = show({ fetch });
    const user = userEvent.setup();
    const pages = await screen.findByRole("navigation", { name: "Thing pages" });
    expect(pages).toHaveTextContent("Page 1 of 3 (5 things)");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));
    expect(await screen.findByText("Thing 5")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Thing pages" })).toHaveTextContent("Page 3 of 3");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    unmount();

    show({ fetch, paged: false });
    expect(await screen.findByText("Showing the first 2 of 5.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});

describe("the review actions row", () => {
  function Actions({ onApprove, onReject }: { onApprove: () => void; onReject: (reason: string | undefined) => void }) {
    const [rejecting, setRejecting] = useState(false);
    return (
      <ReviewActions
        approveLabel="Approve"
        onApprove={onApprove}
        rejectLabel="Reject thing"
        formLabel="Reject thing 1"
        reasonHint="Kept with the thing."
        onReject={onReject}
        rejecting={rejecting}
        onRejecting={setRejecting}
      />
    );
  }

  it("approves, or rejects with the reason trimmed (none when blank), and a reopened form starts empty", async () => {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    render(<Actions onApprove={onApprove} onReject={onReject} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(onApprove).toHaveBeenCalledOnce();

    await user.click(screen.getByRole("button", { name: "Reject" }));
    const form = screen.getByRole("form", { name: "Reject thing 1" });
    await user.type(within(form).getByLabelText(/Reason for rejecting/), "  Not real  ");
    await user.click(within(form).getByRole("button", { name: "Reject thing" }));
    expect(onReject).toHaveBeenLastCalledWith("Not real");

    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(screen.getByLabelText(/Reason for rejecting/)).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Reject thing" }));
    expect(onReject).toHaveBeenLastCalledWith(undefined);
  });
});
