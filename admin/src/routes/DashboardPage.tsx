import { Link } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG, errorMessageOf, type Stats } from "@botox/core";
import { keys } from "../api/queries.ts";
import { useApi } from "../api/session.tsx";
import { Alert, Badge, Button, Card, Spinner } from "../components/ui.tsx";
import { useToast } from "../components/toast.tsx";

export default function DashboardPage() {
  const api = useApi();
  const stats = useQuery({ queryKey: keys.stats, queryFn: () => api.get<Stats>("/stats") });

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
        </div>
      )}
      <PublishPanel />
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

/** One build as the publishing API reports it; every field but the id is optional. */
export interface PublishBuild {
  id: string | number;
  status?: string;
  trigger?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  log?: string | null;
  logTail?: string | null;
  pageCount?: number | null;
  durationMs?: number | null;
  live?: boolean;
  current?: boolean;
}

export interface PublishStatus {
  mode?: string;
  state?: string;
  status?: string;
  running?: boolean;
  dirty?: boolean;
  pending?: boolean;
  nextNightlyRun?: string | null;
  lastBuild?: PublishBuild | null;
  builds?: PublishBuild[];
  history?: PublishBuild[];
}

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
  const status = useQuery({ queryKey: keys.publish, queryFn: () => api.get<PublishStatus>("/publish/status") });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.publish });

  const rebuild = useMutation({
    mutationFn: () => api.send("POST", "/publish/rebuild"),
    onSuccess: () => {
      toast({ title: "Rebuild started", description: "The public site is being rebuilt." });
      void refresh();
    },
    onError: (err) =>
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: errorMessageOf(err, "Failed to start the rebuild.") }),
  });
  const rollback = useMutation({
    mutationFn: (id: string | number) => api.send("POST", `/publish/rollback/${encodeURIComponent(String(id))}`),
    onSuccess: () => {
      toast({ title: "Rolled back", description: "The selected build is live again." });
      void refresh();
    },
    onError: (err) =>
      toast({ variant: "destructive", title: MSG.admin.errorTitle, description: errorMessageOf(err, "Failed to roll back.") }),
  });

  if (status.isPending || status.isError || !status.data || typeof status.data !== "object") return null;
  const data = status.data;
  const builds = data.builds ?? data.history ?? [];
  const state = data.state ?? data.status ?? (data.running ? "building" : "idle");

  return (
    <Card title="Publishing" description="The public site is rebuilt after content changes.">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-600">Status:</span>
        <Badge tone={toneOf(state)}>{state}</Badge>
        {data.dirty || data.pending ? <Badge tone="amber">changes waiting</Badge> : null}
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
              const live = b.live ?? b.current ?? false;
              const ok = toneOf(b.status) === "green";
              const log = b.log ?? b.logTail;
              return (
                <tr key={String(b.id)} className="border-t border-slate-100 align-top">
                  <td className="py-2">
                    #{String(b.id)}
                    {b.trigger ? <span className="block text-xs text-slate-500">{b.trigger}</span> : null}
                  </td>
                  <td className="py-2">
                    <Badge tone={toneOf(b.status)}>{b.status ?? "unknown"}</Badge> {live ? <Badge tone="blue">live</Badge> : null}
                    {b.pageCount != null ? <span className="block text-xs text-slate-500">{b.pageCount} pages</span> : null}
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
