import { describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { hashKey, keepPreviousData, siteQueryClient, useMutation, useQuery, type QueryOptions } from "./query.ts";

function counter<T>(values: (() => T | Promise<T>)[]) {
  let i = 0;
  return vi.fn(async () => values[Math.min(i++, values.length - 1)]!());
}

describe("query keys", () => {
  it("ignore the order of object properties", () => {
    expect(hashKey(["a", { x: 1, y: 2 }])).toBe(hashKey(["a", { y: 2, x: 1 }]));
    expect(hashKey(["a", 1])).not.toBe(hashKey(["a", "1"]));
  });
});

describe("useQuery", () => {
  it("fetches once, and never again while the data is fresh (default: never stale)", async () => {
    const fn = counter([() => "one", () => "two"]);
    const first = renderHook(() => useQuery({ queryKey: ["k"], queryFn: fn }));
    expect(first.result.current.isPending).toBe(true);
    await waitFor(() => expect(first.result.current.data).toBe("one"));
    const second = renderHook(() => useQuery({ queryKey: ["k"], queryFn: fn }));
    expect(second.result.current.data).toBe("one");
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("shares one request between hooks asking for the same key at once", async () => {
    const fn = counter([() => new Promise<string>((r) => setTimeout(() => r("shared"), 10))]);
    const a = renderHook(() => useQuery({ queryKey: ["loc"], queryFn: fn }));
    const b = renderHook(() => useQuery({ queryKey: ["loc"], queryFn: fn }));
    await waitFor(() => expect(b.result.current.data).toBe("shared"));
    expect(a.result.current.data).toBe("shared");
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("refetches on a new mount once its staleTime has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const fn = counter([() => "old", () => "new"]);
    const opts: QueryOptions<string> = { queryKey: ["cities"], queryFn: fn, staleTime: 15 * 60_000 };
    const first = renderHook(() => useQuery(opts));
    await waitFor(() => expect(first.result.current.data).toBe("old"));
    vi.setSystemTime(Date.now() + 15 * 60_000 - 1);
    renderHook(() => useQuery(opts));
    expect(fn).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    const late = renderHook(() => useQuery(opts));
    await waitFor(() => expect(late.result.current.data).toBe("new"));
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("does not retry by default", async () => {
    const fn = counter<string>([() => Promise.reject(new Error("boom")), () => "ok"]);
    const { result } = renderHook(() => useQuery({ queryKey: ["x"], queryFn: fn }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe("boom");
    expect(result.current.isPending).toBe(false);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("retries as many times as asked, the given delay apart", async () => {
    vi.useFakeTimers();
    const fn = counter<string>([
      () => Promise.reject(new Error("1")),
      () => Promise.reject(new Error("2")),
      () => Promise.reject(new Error("3")),
      () => "fourth",
    ]);
    const { result } = renderHook(() => useQuery({ queryKey: ["providers"], queryFn: fn, retry: 3, retryDelay: 1000 }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(999)));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(fn).toHaveBeenCalledTimes(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
    expect(fn).toHaveBeenCalledTimes(4);
    expect(result.current.data).toBe("fourth");
  });

  it("gives up after the last retry", async () => {
    vi.useFakeTimers();
    const fn = counter<string>([() => Promise.reject(new Error("down"))]);
    const { result } = renderHook(() => useQuery({ queryKey: ["detail"], queryFn: fn, retry: 1, retryDelay: 10 }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    expect(fn).toHaveBeenCalledTimes(2);
    expect(result.current.isError).toBe(true);
  });

  it("starts from initial data without a request", () => {
    const fn = vi.fn(async () => "fetched");
    const { result } = renderHook(() => useQuery({ queryKey: ["page", 1], queryFn: fn, initialData: "built" }));
    expect(result.current.data).toBe("built");
    expect(fn).not.toHaveBeenCalled();
  });

  it("waits while disabled", async () => {
    const fn = vi.fn(async () => "data");
    const { result, rerender } = renderHook(({ on }) => useQuery({ queryKey: ["later"], queryFn: fn, enabled: on }), { initialProps: { on: false } });
    expect(result.current.isPending).toBe(true);
    expect(fn).not.toHaveBeenCalled();
    rerender({ on: true });
    await waitFor(() => expect(result.current.data).toBe("data"));
  });

  it("keeps the previous key's data while the next one loads (keepPreviousData)", async () => {
    let release!: () => void;
    const fn = vi.fn(async (page: number) => {
      if (page === 2) await new Promise<void>((r) => (release = r));
      return `page ${page}`;
    });
    const { result, rerender } = renderHook(({ page }) => useQuery({ queryKey: ["list", page], queryFn: () => fn(page), placeholderData: keepPreviousData }), {
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(result.current.data).toBe("page 1"));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current).toMatchObject({ data: "page 1", isPlaceholderData: true, isPending: false });
    act(() => release());
    await waitFor(() => expect(result.current.data).toBe("page 2"));
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it("refetches the queries on screen when invalidated, and shows data set from outside", async () => {
    const fn = counter([() => "v1", () => "v2"]);
    const { result } = renderHook(() => useQuery({ queryKey: ["stats", 7], queryFn: fn }));
    await waitFor(() => expect(result.current.data).toBe("v1"));
    await act(() => siteQueryClient().invalidateQueries({ queryKey: ["stats"] }));
    expect(result.current.data).toBe("v2");
    act(() => siteQueryClient().setQueryData(["stats", 7], "v3"));
    expect(result.current.data).toBe("v3");
  });
});

describe("hydration", () => {
  function Island() {
    const { data } = useQuery({ queryKey: ["where"], queryFn: async () => "Boston" });
    return <p>{data ?? "Finding…"}</p>;
  }

  it("renders the built state while hydrating even when another island already filled the cache", async () => {
    const html = renderToString(<Island />);
    expect(html).toBe("<p>Finding…</p>");
    siteQueryClient().setQueryData(["where"], "Chicago");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Island />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe("Chicago");
  });
});

describe("useMutation", () => {
  it("runs once, reports pending, then success or error to the callbacks (no retry)", async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const fn = counter<string>([() => "saved", () => Promise.reject(new Error("409: taken"))]);
    const { result } = renderHook(() => useMutation({ mutationFn: (v: number) => fn().then((s) => `${s} ${v}`), onSuccess, onError }));
    act(() => result.current.mutate(1));
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(onSuccess).toHaveBeenCalledWith("saved 1", 1);
    act(() => result.current.mutate(2));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError).toHaveBeenCalledWith(new Error("409: taken"), 2);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
