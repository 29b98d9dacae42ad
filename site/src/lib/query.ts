/**
 * Data fetching for the islands: a small query cache with the TanStack Query calls the site
 * uses (useQuery, useMutation, useQueryClient, keepPreviousData), so islands read like
 * TanStack code, at about a tenth of its weight (the 90 KB-per-page budget of the time left no room for
 * the 12 KB of @tanstack/react-query beside React; docs/decisions/008-site-islands-without-tanstack-query.md).
 *
 * product.md §9 defaults: no retry, no refetch on window focus, no polling, data never stale; a
 * query may set its own staleTime, retry and retryDelay. One client per page, shared by every
 * island (one module instance per page), so islands asking for the same key share one request.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { createApiClient, type ApiClient } from "@botox/core/http";

export type QueryKey = readonly unknown[];

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** false: never fetched (the result stays pending). Default true. */
  enabled?: boolean;
  /** Milliseconds the data stays fresh; default Infinity (never stale). */
  staleTime?: number;
  /** Retries after a failure; default none. */
  retry?: number | false;
  /** Milliseconds between attempts; default 1 s, doubling, at most 30 s (TanStack's). */
  retryDelay?: number;
  /** Data to start with (cached as if fetched now). */
  initialData?: T;
  /** keepPreviousData: while a new key loads, show the last data this hook had. */
  placeholderData?: typeof keepPreviousData;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | null;
  /** No data yet (and no error). */
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The data shown is the previous key's (keepPreviousData). */
  isPlaceholderData: boolean;
  refetch: () => Promise<void>;
}

interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  status: "pending" | "success" | "error";
  fetching: boolean;
  updatedAt: number;
}

/** Marker for `placeholderData`: keep the previous key's data while the new one loads. */
export function keepPreviousData<T>(previous: T | undefined): T | undefined {
  return previous;
}

/**
 * Stable text for a key: object properties sorted, so { a, b } and { b, a } are one key.
 * @internal Exported for its tests.
 */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Query<T> {
  state: QueryState<T> = { data: undefined, error: null, status: "pending", fetching: false, updatedAt: 0 };
  /** The options of the latest observer, for refetches the cache starts (invalidation). */
  options: QueryOptions<T> | null = null;
  readonly key: QueryKey;
  #listeners = new Set<() => void>();
  #inFlight: Promise<void> | null = null;

  constructor(key: QueryKey) {
    this.key = key;
  }

  get observed(): boolean {
    return this.#listeners.size > 0;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  setState(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.#listeners]) listener();
  }

  isStale(staleTime = Infinity): boolean {
    return this.state.status !== "success" || Date.now() - this.state.updatedAt >= staleTime;
  }

  /** Runs the query function (with its retries); a second call while one runs joins it. */
  fetch(options: QueryOptions<T>): Promise<void> {
    if (this.#inFlight) return this.#inFlight;
    const retries = options.retry || 0;
    this.setState({ fetching: true });
    this.#inFlight = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await options.queryFn();
          this.setState({ data, error: null, status: "success", fetching: false, updatedAt: Date.now() });
          return;
        } catch (err) {
          if (attempt >= retries) {
            this.setState({ error: err instanceof Error ? err : new Error(String(err)), status: "error", fetching: false });
            return;
          }
          await sleep(options.retryDelay ?? Math.min(1000 * 2 ** attempt, 30_000));
        }
      }
    })().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }
}

export class QueryClient {
  #queries = new Map<string, Query<unknown>>();

  /** The cache entry of a key, created on first use (seeded with initial data when given). */
  build<T>(key: QueryKey, initialData?: T): Query<T> {
    const hash = hashKey(key);
    let query = this.#queries.get(hash) as Query<T> | undefined;
    if (!query) {
      query = new Query<T>(key);
      if (initialData !== undefined) query.state = { ...query.state, data: initialData, status: "success", updatedAt: Date.now() };
      this.#queries.set(hash, query);
    }
    return query;
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return (this.#queries.get(hashKey(key)) as Query<T> | undefined)?.state.data;
  }

  setQueryData<T>(key: QueryKey, data: T): void {
    this.build<T>(key).setState({ data, error: null, status: "success", updatedAt: Date.now() });
  }

  /** Marks every query whose key starts with `queryKey` stale and refetches those on screen. */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const prefix = hashKey(queryKey).slice(0, -1);
    const refetches: Promise<void>[] = [];
    for (const [hash, query] of this.#queries) {
      if (hash !== hashKey(queryKey) && !hash.startsWith(`${prefix},`)) continue;
      query.state = { ...query.state, updatedAt: -Infinity };
      if (query.observed && query.options && query.options.enabled !== false) refetches.push(query.fetch(query.options));
    }
    return Promise.all(refetches).then(() => undefined);
  }

  clear(): void {
    this.#queries.clear();
  }
}

/**
 * One hook instance's view of the cache: follows the current key, remembers the last data it
 * showed (for keepPreviousData), and hands React a stable snapshot until something changes.
 */
class QueryObserver<T> {
  #client: QueryClient;
  #query!: Query<T>;
  #options!: QueryOptions<T>;
  #listeners = new Set<() => void>();
  #unsubscribe: (() => void) | null = null;
  #previousData: T | undefined;
  #snapshot: { state: QueryState<T>; query: Query<T>; result: QueryResult<T> } | null = null;
  #serverSnapshot: { query: Query<T>; result: QueryResult<T> } | null = null;

  constructor(client: QueryClient) {
    this.#client = client;
  }

  setOptions(options: QueryOptions<T>): void {
    this.#options = options;
    const query = this.#client.build(options.queryKey, options.initialData);
    query.options = options;
    if (query === this.#query) return;
    this.#query = query;
    if (this.#unsubscribe) {
      this.#unsubscribe();
      this.#unsubscribe = query.subscribe(this.#notify);
    }
  }

  #notify = () => {
    for (const listener of [...this.#listeners]) listener();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#unsubscribe ??= this.#query.subscribe(this.#notify);
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) {
        this.#unsubscribe?.();
        this.#unsubscribe = null;
      }
    };
  };

  /** Fetches when enabled and the data is missing or stale. */
  fetchIfNeeded(): void {
    const options = this.#options;
    if (options.enabled === false) return;
    if (this.#query.isStale(options.staleTime)) void this.#query.fetch(options);
  }

  /**
   * What the page was built with: pending, or the initial data. React renders this while it
   * hydrates an island, so an island that hydrates after another has filled the shared cache
   * (a location read from sessionStorage, say) still matches its HTML, then updates.
   */
  getServerSnapshot = (): QueryResult<T> => {
    if (this.#serverSnapshot?.query === this.#query) return this.#serverSnapshot.result;
    const query = this.#query;
    const options = this.#options;
    const data = options.initialData;
    const result: QueryResult<T> = {
      data,
      error: null,
      isPending: data === undefined,
      isSuccess: data !== undefined,
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
      refetch: () => query.fetch(options),
    };
    this.#serverSnapshot = { query, result };
    return result;
  };

  getSnapshot = (): QueryResult<T> => {
    const { state } = this.#query;
    if (this.#snapshot && this.#snapshot.state === state && this.#snapshot.query === this.#query) return this.#snapshot.result;
    if (state.status === "success") this.#previousData = state.data;
    const placeholder = state.status === "pending" && this.#options.placeholderData === keepPreviousData && this.#previousData !== undefined;
    const data = placeholder ? this.#previousData : state.data;
    const query = this.#query;
    const options = this.#options;
    const result: QueryResult<T> = {
      data,
      error: state.error,
      isPending: data === undefined && state.status !== "error",
      isSuccess: data !== undefined && state.status !== "error",
      isError: state.status === "error",
      isFetching: state.fetching,
      isPlaceholderData: placeholder,
      refetch: () => query.fetch(options),
    };
    this.#snapshot = { state, query, result };
    return result;
  };
}

let client: QueryClient | undefined;

function createSiteQueryClient(): QueryClient {
  return new QueryClient();
}

/**
 * The page's client (in the browser one per page; at build time a fresh one per render).
 * @internal Exported for its tests.
 */
export function siteQueryClient(): QueryClient {
  if (typeof window === "undefined") return createSiteQueryClient();
  client ??= createSiteQueryClient();
  return client;
}

export function useQueryClient(): QueryClient {
  const [value] = useState(siteQueryClient);
  return value;
}

export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const [observer] = useState(() => new QueryObserver<T>(siteQueryClient()));
  observer.setOptions(options);
  const result = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getServerSnapshot);
  const hash = hashKey(options.queryKey);
  const enabled = options.enabled !== false;
  useEffect(() => observer.fetchIfNeeded(), [observer, hash, enabled]);
  return result;
}

export interface MutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
}

export interface MutationResult<TData, TVars> {
  mutate: (vars: TVars) => void;
  data: TData | undefined;
  error: Error | null;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/** A write: never retried (product.md §9). */
export function useMutation<TData, TVars>(options: MutationOptions<TData, TVars>): MutationResult<TData, TVars> {
  const [state, setState] = useState<{ status: "idle" | "pending" | "success" | "error"; data?: TData; error: Error | null }>({
    status: "idle",
    error: null,
  });
  const mutate = (vars: TVars) => {
    setState({ status: "pending", error: null });
    options.mutationFn(vars).then(
      (data) => {
        setState({ status: "success", data, error: null });
        options.onSuccess?.(data, vars);
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        setState({ status: "error", error });
        options.onError?.(error, vars);
      },
    );
  };
  return {
    mutate,
    data: state.data,
    error: state.error,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
  };
}

const apis = new Map<string, ApiClient>();

export function apiClient(baseUrl: string): ApiClient {
  let api = apis.get(baseUrl);
  if (!api) {
    api = createApiClient({ baseUrl });
    apis.set(baseUrl, api);
  }
  return api;
}
