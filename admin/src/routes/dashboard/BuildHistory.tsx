import { DataTable, type Column } from "../../components/DataTable.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import type { PublishBuild } from "@botox/core";
import { toneOf, when } from "./publish-status.ts";

/** "120 pages · 4.2 s", or only the half that is known. */
const buildSize = (b: PublishBuild) =>
  [b.pageCount != null ? `${b.pageCount} pages` : null, b.durationMs != null ? `${(b.durationMs / 1000).toFixed(1)} s` : null].filter(Boolean).join(" · ");

/** The builds, newest first: status, size, the log of one that did not succeed, and Roll back. */
export function BuildHistory({ builds, rollingBack, onRollback }: { builds: readonly PublishBuild[]; rollingBack: boolean; onRollback: (id: number) => void }) {
  const columns: Column<PublishBuild>[] = [
    {
      header: "Build",
      cell: (b) => (
        <>
          #{b.id}
          {b.trigger ? <span className="block text-xs text-slate-500">{b.trigger}</span> : null}
        </>
      ),
    },
    {
      header: "Status",
      cell: (b) => (
        <>
          <Badge tone={toneOf(b.status)}>{b.status}</Badge> {b.live ? <Badge tone="blue">live</Badge> : null}
          {b.pageCount != null || b.durationMs != null ? <span className="block text-xs text-slate-500">{buildSize(b)}</span> : null}
          {b.logTail && b.status !== "succeeded" ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-slate-500">Log</summary>
              <pre className="mt-1 max-h-48 max-w-xl overflow-auto rounded bg-slate-900 p-2 text-xs text-slate-100">{b.logTail}</pre>
            </details>
          ) : null}
        </>
      ),
    },
    { header: "Started", cell: (b) => when(b.startedAt) },
    { header: "Finished", cell: (b) => when(b.finishedAt) },
    {
      header: <span className="sr-only">Actions</span>,
      actions: true,
      // Only a kept successful build that is not live can be rolled back to.
      cell: (b) =>
        b.status === "succeeded" && !b.live ? (
          <Button size="sm" variant="outline" disabled={rollingBack} onClick={() => onRollback(b.id)}>
            Roll back
          </Button>
        ) : null,
    },
  ];
  return <DataTable variant="compact" cards className="mt-5" caption="Build history" columns={columns} rows={builds} rowKey={(b) => b.id} />;
}
