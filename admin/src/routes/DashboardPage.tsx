import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG, errorMessageOf, formatUsDate, type PublishStatus } from "@botox/core";
import { keys, useAdminPosts } from "../api/queries.ts";
import { useApi } from "../api/session.tsx";
import { Alert, Badge, Button, Card, Spinner } from "../components/ui.tsx";
import { useToast } from "../components/toast.tsx";
import { sessionExpired, statusOf } from "../lib/errors.ts";

export default function DashboardPage() {
  const api = useApi();
  const stats = useQuery({ queryKey: keys.stats, queryFn: () => api.get("/stats") });

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {stats.isPending ? (
        <Spinner label="Loading stats..." />
      ) : stats.isError ? (
        <Alert>{MSG.admin.stats}</Alert>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Total Clinics" value={stats.data.totalClinics} to="/clinics" />
          <StatCard label="Blog Posts" value={stats.data.totalPosts} to="/blog" />
          <StatCard label="Subscribers" value={stats.data.totalSubscribers} />
          <StatCard label="Unread Messages" value={stats.data.unreadMessages} to="/messages" />
          <StatCard label="Pending Price Reports" value={stats.data.pendingPriceReports} to="/price-reports" />
          <StatCard label="Clinics with Stale Prices" value={stats.data.staleClinicPrices} />
        </div>
      )}
      <div className="grid gap-8 xl:grid-cols-5">
        <div className="xl:col-span-2">
          <RecentChanges />
        </div>
        <div className="xl:col-span-3">
          <PublishPanel />
        </div>
      </div>
    </div>
  );
}

function StatCard({ label, value, to }: { label: string; value: number | undefined; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-2 text-3xl font-bold">{value ?? "—"}</p>
    </>
  );
  return to ? (
    <Link to={to} className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500">
      {body}
    </Link>
  ) : (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">{body}</div>
  );
}

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

function RecentChanges() {
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

/** While a build is queued or running the panel refreshes itself (every 2 s) until it ends. */
export const PUBLISH_POLL_MS = 2000;
const buildUnderWay = (s: PublishStatus | undefined) =>
  s != null && (s.state !== "idle" || s.builds.some((b) => b.status === "queued" || b.status === "running"));

const when = (iso?: string | null) => (iso ? new Date(iso).toLocaleString("en-US") : "—");
const toneOf = (status?: string) =>
  status && /success|succeeded|live|ok|done/i.test(status)
    ? "green"
    : status && /fail|error/i.test(status)
      ? "red"
      : status && /run|build|queue|pending/i.test(status)
        ? "amber"
        : "slate";

/** Publishing status, 'Rebuild now' and the build history; hidden when the API has no publishing. */
export function PublishPanel() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: keys.publish,
    queryFn: () => api.get("/publish/status"),
    refetchInterval: (query) => (buildUnderWay(query.state.data) ? PUBLISH_POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.publish });

  const rebuild = useMutation({
    mutationFn: () => api.send("POST", "/publish/rebuild"),
    onSuccess: () => {
      toast({ title: "Rebuild started", description: "The public site is being rebuilt." });
      void refresh();
    },
    onError: (err) =>
      !sessionExpired(err) &&
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: errorMessageOf(err, "Failed to start the rebuild.") }),
  });
  const rollback = useMutation({
    mutationFn: (id: number) => api.send("POST", `/publish/rollback/${id}`),
    onSuccess: () => {
      toast({ title: "Rolled back", description: "The selected build is live again." });
      void refresh();
    },
    onError: (err) =>
      !sessionExpired(err) &&
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: errorMessageOf(err, "Failed to roll back.") }),
  });

  if (status.isPending) return null;
  // 503: publishing does not run in this API process (e.g. hook mode elsewhere): nothing to show.
  if (status.isError && statusOf(status.error) === 503) return null;
  if (status.isError || !status.data || typeof status.data !== "object") {
    return (
      <Card title="Publishing">
        <Alert>Failed to load the publishing status.</Alert>
      </Card>
    );
  }
  const data = status.data;
  const builds = data.builds;
  const state = data.state ?? "idle";

  return (
    <Card title="Publishing" description="The public site is rebuilt after content changes.">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-600">Status:</span>
        <Badge tone={toneOf(state)}>{state}</Badge>
        {data.dirty ? <Badge tone="amber">changes waiting</Badge> : null}
        {data.mode ? <span className="text-xs text-slate-500">mode: {data.mode}</span> : null}
        {data.nextNightlyRun ? <span className="text-xs text-slate-500">next nightly build: {when(data.nextNightlyRun)}</span> : null}
        <Button className="ml-auto" onClick={() => rebuild.mutate()} disabled={rebuild.isPending}>
          {rebuild.isPending ? "Starting..." : "Rebuild now"}
        </Button>
        <Button variant="outline" onClick={() => void refresh()}>
          Refresh
        </Button>
      </div>
      {builds.length > 0 ? (
        <table className="mt-5 w-full text-left text-sm">
          <caption className="sr-only">Build history</caption>
          <thead className="text-slate-500">
            <tr>
              <th className="py-2 font-medium">Build</th>
              <th className="py-2 font-medium">Status</th>
              <th className="py-2 font-medium">Started</th>
              <th className="py-2 font-medium">Finished</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {builds.map((b) => {
              const live = b.live;
              const ok = b.status === "succeeded";
              const log = b.logTail;
              return (
                <tr key={b.id} className="border-t border-slate-100 align-top">
                  <td className="py-2">
                    #{b.id}
                    {b.trigger ? <span className="block text-xs text-slate-500">{b.trigger}</span> : null}
                  </td>
                  <td className="py-2">
                    <Badge tone={toneOf(b.status)}>{b.status}</Badge> {live ? <Badge tone="blue">live</Badge> : null}
                    {b.pageCount != null || b.durationMs != null ? (
                      <span className="block text-xs text-slate-500">
                        {[b.pageCount != null ? `${b.pageCount} pages` : null, b.durationMs != null ? `${(b.durationMs / 1000).toFixed(1)} s` : null]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    ) : null}
                    {log && !ok ? (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-xs text-slate-500">Log</summary>
                        <pre className="mt-1 max-h-48 max-w-xl overflow-auto rounded bg-slate-900 p-2 text-xs text-slate-100">{log}</pre>
                      </details>
                    ) : null}
                  </td>
                  <td className="py-2">{when(b.startedAt)}</td>
                  <td className="py-2">{when(b.finishedAt)}</td>
                  <td className="py-2 text-right">
                    {ok && !live ? (
                      <Button size="sm" variant="outline" disabled={rollback.isPending} onClick={() => rollback.mutate(b.id)}>
                        Roll back
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-slate-500">No builds yet.</p>
      )}
    </Card>
  );
}
