import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { BRAND } from "@botox/core";
import { useApi, type LoginState } from "../api/session.tsx";
import { useSession } from "../api/queries.ts";
import { Spinner, cx } from "../components/ui.tsx";

/** Sidebar entries; `section` says which paths belong to an entry (a post's form is under Blog Posts). */
const NAV = [
  { to: "/", label: "Dashboard", section: (p: string) => p === "/" },
  { to: "/clinics", label: "Clinics", section: (p: string) => p === "/clinics" || p.startsWith("/clinics/") },
  { to: "/blog", label: "Blog Posts", section: (p: string) => (p === "/blog" || p.startsWith("/blog/")) && !p.startsWith("/blog/categories") },
  { to: "/blog/categories", label: "Blog Categories", section: (p: string) => p.startsWith("/blog/categories") },
  { to: "/messages", label: "Messages", section: (p: string) => p.startsWith("/messages") },
] as const;

/** Sidebar layout of every signed-in screen; redirects to the login page when the session check fails. */
export function AdminShell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useApi();

  if (session.isPending) return <Spinner label="Checking session..." />;
  if (session.isError || !session.data) {
    const { pathname, search, hash } = location;
    return <Navigate to="/login" replace state={{ from: { pathname, search, hash } } satisfies LoginState} />;
  }

  const logout = async () => {
    try {
      await api.send("POST", "/logout");
    } catch {
      // Signed out locally either way; the server session expires on its own.
    }
    queryClient.clear();
    navigate("/login", { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="px-5 py-4">
          <p className="text-lg font-bold text-brand-700">{BRAND.name}</p>
          <p className="text-xs text-slate-500">Admin</p>
        </div>
        <nav aria-label="Admin" className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:overflow-visible">
          {NAV.map((item) => {
            const inSection = item.section(location.pathname);
            return (
              <NavLink
                key={item.to}
                to={item.to}
                end
                className={cx(
                  "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                  inSection ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {item.label}
              </NavLink>
            );
          })}
          <button
            type="button"
            onClick={logout}
            className="rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100"
          >
            Logout
          </button>
        </nav>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">
        <Outlet />
      </main>
    </div>
  );
}
