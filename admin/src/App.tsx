import { lazy, Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ApiClient } from "@botox/core";
import { ApiProvider } from "./api/session.tsx";
import { ToastProvider } from "./components/toast.tsx";
import { Spinner } from "./components/ui/Spinner.tsx";
import { AdminShell } from "./routes/AdminShell.tsx";
import { LoginPage } from "./routes/LoginPage.tsx";

// Route-level code splitting: the login page and the shell are in the first chunk, every
// screen behind the shell loads on demand.
const DashboardPage = lazy(() => import("./routes/DashboardPage.tsx"));
const ClinicListPage = lazy(() => import("./routes/clinics/ClinicListPage.tsx"));
const ClinicFormPage = lazy(() => import("./routes/clinics/ClinicFormPage.tsx"));
const PostListPage = lazy(() => import("./routes/blog/PostListPage.tsx"));
const PostFormPage = lazy(() => import("./routes/blog/PostFormPage.tsx"));
const CategoriesPage = lazy(() => import("./routes/blog/CategoriesPage.tsx"));
const MessagesPage = lazy(() => import("./routes/messages/MessagesPage.tsx"));
const MailPage = lazy(() => import("./routes/mail/MailPage.tsx"));
const PriceReportsPage = lazy(() => import("./routes/prices/PriceReportsPage.tsx"));
const SuggestionsPage = lazy(() => import("./routes/suggestions/SuggestionsPage.tsx"));
const ClaimsPage = lazy(() => import("./routes/claims/ClaimsPage.tsx"));
const OwnerSignInPage = lazy(() => import("./routes/owner/OwnerSignInPage.tsx"));
const OwnerClinicsPage = lazy(() => import("./routes/owner/OwnerClinicsPage.tsx"));
const OwnerClinicPage = lazy(() => import("./routes/owner/OwnerClinicPage.tsx"));
const OwnerSecurityPage = lazy(() => import("./routes/owner/OwnerSecurityPage.tsx"));
const NotFoundPage = lazy(() => import("./routes/NotFoundPage.tsx"));

/** product.md §9 defaults: no retries, no refetch on focus, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Everything but the router, so tests can wrap the app in a MemoryRouter. */
export function AppProviders({ api, queryClient, children }: { api: ApiClient; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ApiProvider client={api}>{children}</ApiProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

const page = (node: ReactNode) => <Suspense fallback={<Spinner label="Loading..." />}>{node}</Suspense>;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      {/* Clinic owners: outside the team's shell, which their session may not use. */}
      <Route path="/owner/sign-in" element={page(<OwnerSignInPage />)} />
      <Route path="/owner" element={page(<OwnerClinicsPage />)} />
      <Route path="/owner/clinics/:id" element={page(<OwnerClinicPage />)} />
      <Route path="/owner/security" element={page(<OwnerSecurityPage />)} />
      <Route element={<AdminShell />}>
        <Route index element={page(<DashboardPage />)} />
        <Route path="clinics" element={page(<ClinicListPage />)} />
        <Route path="clinics/create" element={page(<ClinicFormPage />)} />
        <Route path="clinics/:id" element={page(<ClinicFormPage />)} />
        <Route path="blog" element={page(<PostListPage />)} />
        <Route path="blog/create" element={page(<PostFormPage />)} />
        <Route path="blog/categories" element={page(<CategoriesPage />)} />
        <Route path="blog/:id" element={page(<PostFormPage />)} />
        <Route path="messages" element={page(<MessagesPage />)} />
        <Route path="mail" element={page(<MailPage />)} />
        <Route path="price-reports" element={page(<PriceReportsPage />)} />
        <Route path="suggestions" element={page(<SuggestionsPage />)} />
        <Route path="claims" element={page(<ClaimsPage />)} />
        <Route path="*" element={page(<NotFoundPage />)} />
      </Route>
    </Routes>
  );
}
