import { useQuery } from "@tanstack/react-query";
import { BLOG } from "@botox/core";
import { useApi } from "./session.tsx";

/** Query keys in one place so writes can refresh exactly what they touched. */
export const keys = {
  session: ["session"] as const,
  stats: ["stats"] as const,
  clinics: ["clinics"] as const,
  clinic: (id: string) => ["clinics", "one", id] as const,
  /** Under "clinics": a saved clinic refreshes its log too. */
  clinicAudit: (id: number, page: number) => ["clinics", "audit", id, page] as const,
  /** Under "clinics": saving the link reads its checks again. */
  bookingLink: (id: number) => ["clinics", "booking-link", id] as const,
  posts: ["posts"] as const,
  post: (id: string) => ["posts", "one", id] as const,
  categories: ["categories"] as const,
  messages: ["contact-messages"] as const,
  publish: ["publish-status"] as const,
  clinicPrices: (clinicId: number) => ["clinic-prices", clinicId] as const,
  clinicEvents: (clinicId: number) => ["clinic-events", clinicId] as const,
  priceReports: ["price-reports"] as const,
  suggestions: ["suggestions"] as const,
  claims: ["claims"] as const,
  clinicOwners: (clinicId: number) => ["clinic-owners", clinicId] as const,
};

/** The session check of product.md §6: GET /stats; null means "not signed in". */
export function useSession() {
  const api = useApi();
  return useQuery({
    queryKey: keys.session,
    queryFn: () => api.get("/stats", undefined, { on401: "null" }),
  });
}

export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: keys.categories,
    queryFn: () => api.get("/blog/categories"),
  });
}

/** Every post the admin list shows (product.md §7.2: limit 100, drafts included); shared with the dashboard. */
export function useAdminPosts() {
  const api = useApi();
  return useQuery({
    queryKey: [...keys.posts, "admin-list"],
    queryFn: async () => (await api.get("/blog/posts", { limit: BLOG.adminListLimit, publishedOnly: false })).posts,
  });
}
