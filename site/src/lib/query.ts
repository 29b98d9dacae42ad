/**
 * One QueryClient per page, shared by every island (one module instance per page), with the
 * spec §9 defaults: no retry, no refetch on focus, data never stale.
 */
import { QueryClient } from "@tanstack/react-query";
import { createApiClient, type ApiClient } from "@core/http.ts";

let client: QueryClient | undefined;

export function createSiteQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}

export function siteQueryClient(): QueryClient {
  if (typeof window === "undefined") return createSiteQueryClient();
  client ??= createSiteQueryClient();
  return client;
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
