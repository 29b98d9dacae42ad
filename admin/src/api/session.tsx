import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useLocation, useNavigate, type Location } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, type ApiClient } from "@botox/core";
import { saveLiveDrafts } from "../lib/drafts.ts";

const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi outside ApiProvider");
  return api;
}

/** Where the login page sends the admin back to (spec: the page first asked for). */
export interface LoginState {
  from?: Pick<Location, "pathname" | "search" | "hash">;
  expired?: boolean;
}

/**
 * Gives screens the API client, wrapped so that any 401 outside the login call (a session
 * that expired mid-work) saves open forms and sends the admin to the login page, remembering
 * where they were.
 */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  const redirecting = useRef(false);

  const wrapped = useMemo<ApiClient>(() => {
    const expire = () => {
      if (redirecting.current || locationRef.current.pathname === "/login") return;
      // An owner's pages have their own sign-in, and nothing of the team's to save.
      if (locationRef.current.pathname.startsWith("/owner")) return;
      redirecting.current = true;
      saveLiveDrafts();
      const { pathname, search, hash } = locationRef.current;
      queryClient.removeQueries({ queryKey: ["session"] });
      void navigate("/login", { replace: true, state: { from: { pathname, search, hash }, expired: true } satisfies LoginState });
      setTimeout(() => (redirecting.current = false), 0);
    };
    const guard = async <T,>(path: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 401 && path !== "/login" && !path.startsWith("/owner/")) expire();
        throw err;
      }
    };
    return {
      get: (path, params, opts) => guard(path, () => client.get(path, params, opts as never)),
      send: (method, path, body) => guard(path, () => client.send(method, path, body)),
    };
  }, [client, navigate, queryClient]);

  return <ApiContext.Provider value={wrapped}>{children}</ApiContext.Provider>;
}
