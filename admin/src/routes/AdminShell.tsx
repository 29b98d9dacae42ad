import { useId, useState } from "react";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { BRAND } from "@botox/core";
import { useApi, type LoginState } from "../api/session.tsx";
import { useSession } from "../api/queries.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { cx } from "../lib/cx.ts";

/** Sidebar entries; `section` says which paths belong to an entry (a post's form is under Blog Posts). */
const NAV = [
  { to: "/", label: "Dashboard", section: (p: string) => p === "/" },
  { to: "/clinics", label: "Clinics", section: (p: string) => p === "/clinics" || p.startsWith("/clinics/") },
  { to: "/blog", label: "Blog Posts", section: (p: string) => (p === "/blog" || p.startsWith("/blog/")) && !p.startsWith("/blog/categories") },
  { to: "/blog/categories", label: "Blog Categories", section: (p: string) => p.startsWith("/blog/categories") },
  { to: "/messages", label: "Messages", section: (p: string) => p.startsWith("/messages") },
  { to: "/mail", label: "Mail", section: (p: string) => p.startsWith("/mail") },
  { to: "/price-reports", label: "Price Reports", section: (p: string) => p.startsWith("/price-reports") },
  { to: "/suggestions", label: "Suggested Edits", section: (p: string) => p.startsWith("/suggestions") },
  { to: "/claims", label: "Claims", section: (p: string) => p.startsWith("/claims") },
] as const;

/** Sidebar layout of every signed-in screen; redirects to the login page when the session check fails. */
export function AdminShell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useApi();
  // Below the md breakpoint the navigation folds into a menu (on a phone the
  // sidebar was a sideways-scrolling strip whose last entries were off-screen).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

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
    void navigate("/login", { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-3 px-5 py-4">
          <div>
            <p className="text-lg font-bold text-brand-700">{BRAND.name}</p>
            <p className="text-xs text-slate-500">Admin</p>
          </div>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 md:hidden"
          >
            <span aria-hidden="true">{menuOpen ? "✕" : "☰"}</span>
            Menu
          </button>
        </div>
        <nav
          id={menuId}
          aria-label="Admin"
          onKeyDown={(e) => {
            if (e.key === "Escape") setMenuOpen(false);
          }}
          className={cx("flex-col gap-1 px-3 pb-3 md:flex", menuOpen ? "flex" : "hidden")}
        >
          {NAV.map((item) => {
            const inSection = item.section(location.pathname);
            return (
              <NavLink
                key={item.to}
                to={item.to}
                end
                onClick={() => setMenuOpen(false)}
                className={cx(
                  "rounded-md px-3 py-2.5 text-sm font-medium whitespace-nowrap md:py-2",
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
            className="rounded-md px-3 py-2.5 text-left text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 md:py-2"
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
