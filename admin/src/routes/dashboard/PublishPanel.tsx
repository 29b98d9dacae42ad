import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { useToast } from "../../components/toast.tsx";
import { statusOf } from "../../lib/errors.ts";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { BuildHistory } from "./BuildHistory.tsx";
import { PUBLISH_POLL_MS, buildUnderWay, toneOf, when } from "./publish-status.ts";

/** Publishing status, 'Rebuild now' and the build history; hidden when the API has no publishing. */
export function PublishPanel() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failed = useFailureToast();
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
    onError: failed("Failed to start the rebuild."),
  });
  const rollback = useMutation({
    mutationFn: (id: number) => api.send("POST", `/publish/rollback/${id}`),
    onSuccess: () => {
      toast({ title: "Rolled back", description: "The selected build is live again." });
      void refresh();
    },
    onError: failed("Failed to roll back."),
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
  const builds = data.builds ?? [];
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
        <BuildHistory builds={builds} rollingBack={rollback.isPending} onRollback={(id) => rollback.mutate(id)} />
      ) : (
        <p className="mt-4 text-sm text-slate-500">No builds yet.</p>
      )}
    </Card>
  );
}
