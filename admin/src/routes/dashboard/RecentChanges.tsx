import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { formatUsDate } from "@botox/core";
import { keys, useAdminPosts } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";

export interface RecentChange {
  key: string;
  kind: "Clinic" | "Post";
  action: "added" | "updated";
  title: string;
  at: string;
  to: string;
}

const RECENT_LIMIT = 8;

/**
 * Newest clinics (by creation) and posts (by last update), merged newest first. The API has
 * no change feed of its own; these two reads are the ones the list screens use anyway.
 * @internal Exported for its tests.
 */
export function recentChanges(
  clinics: readonly { id: number; name: string; createdAt: string }[],
  posts: readonly { id: number; title: string; createdAt: string; updatedAt: string }[],
): RecentChange[] {
  const items: RecentChange[] = [
    ...clinics.map((c) => ({ key: `c${c.id}`, kind: "Clinic" as const, action: "added" as const, title: c.name, at: c.createdAt, to: `/clinics/${c.id}` })),
    ...posts.map((p) => ({
      key: `p${p.id}`,
      kind: "Post" as const,
      action: new Date(p.updatedAt).getTime() - new Date(p.createdAt).getTime() > 1000 ? ("updated" as const) : ("added" as const),
      title: p.title,
      at: p.updatedAt,
      to: `/blog/${p.id}`,
    })),
  ];
  return items.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime()).slice(0, RECENT_LIMIT);
}

/** The dashboard card of recent changes, each linked to its edit screen. */
export function RecentChanges() {
  const api = useApi();
  const clinics = useQuery({
    queryKey: [...keys.clinics, "recent"],
    queryFn: () => api.get("/clinics", { page: 1, limit: 5, sort: "newest" }),
  });
  const posts = useAdminPosts();
  const pending = clinics.isPending || posts.isPending;
  const failed = clinics.isError && posts.isError;
  const items = recentChanges(clinics.data?.clinics ?? [], posts.data ?? []);

  return (
    <Card title="Recent changes" description="Clinics added and blog posts written or edited lately.">
      {pending ? (
        <Spinner label="Loading recent changes..." />
      ) : failed ? (
        <Alert>Failed to load recent changes.</Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.key} className="flex items-baseline justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="text-slate-500">
                  {item.kind} {item.action}:{" "}
                </span>
                <Link to={item.to} className="font-medium text-brand-700 hover:underline">
                  {item.title}
                </Link>
              </span>
              <span className="shrink-0 text-xs text-slate-500">{formatUsDate(item.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
