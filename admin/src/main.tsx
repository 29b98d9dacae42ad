import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { createApiClient } from "@botox/core";
import { env } from "./env.ts";
import { AppProviders, AppRoutes, createQueryClient } from "./App.tsx";
import "./styles.css";

const api = createApiClient({ baseUrl: env.apiUrl });
const queryClient = createQueryClient();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <AppProviders api={api} queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
