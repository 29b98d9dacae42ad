import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import type { ApiClient } from "@botox/core";
import { AppProviders, AppRoutes, createQueryClient } from "../App.tsx";

/** Shows the router's current path so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The whole admin app at `path` (no basename) with an injected API client. */
export function renderApp(api: ApiClient, path = "/") {
  const queryClient = createQueryClient();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders api={api} queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...utils, queryClient };
}
