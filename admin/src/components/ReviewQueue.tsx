import { Fragment, useState, type ReactNode } from "react";
import { errorMessageOf } from "@botox/core";
import { Alert } from "./ui/Alert.tsx";
import { Button } from "./ui/Button.tsx";
import { Field } from "./ui/Field.tsx";
import { Spinner } from "./ui/Spinner.tsx";
import { Tab, TabList, Tabs } from "./ui/Tabs.tsx";
import { Textarea } from "./ui/Textarea.tsx";

/** The query behind a queue, as far as the shell reads it. */
interface QueueQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * How a queue longer than one page says so: Previous/Next over pages, or (a queue that
 * only ever shows its first page) a note of how many there are in all.
 */
type Paging = { label: string; page: number; pageSize: number; total: number; onPage: (page: number) => void } | { total: number; onPage?: undefined };

/**
 * The page every review queue shares (suggested edits, price reports, claims): heading and
 * intro, the status tabs, the list's loading, error-with-Retry and empty states, the pager,
 * and the list itself. The page keeps what is its own: its query, its decisions, and how one
 * item looks (`renderItem` returns the item's `<li>`).
 */
export function ReviewQueue<F extends string, T extends { id: number }>({
  title,
  intro,
  filter,
  noun,
  query,
  items,
  empty,
  listLabel,
  listClassName,
  paging,
  renderItem,
  scope,
  children,
}: {
  title: string;
  intro: ReactNode;
  filter: { label: string; value: F; options: readonly { value: F; label: ReactNode }[]; onChange: (value: F) => void };
  /** The items in the plural, lower case: "Loading {noun}...", "Failed to load {noun}.", "({total} {noun})". */
  noun: string;
  query: QueueQuery;
  items: readonly T[];
  empty: string;
  listLabel: string;
  listClassName: string;
  paging?: Paging;
  renderItem: (item: T) => ReactNode;
  /** Shown between the tabs and the list: what else narrows the queue. */
  scope?: ReactNode;
  /** Dialogs and the like, after the list. */
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-sm text-slate-600">{intro}</p>
      <Tabs value={filter.value} onChange={(v) => filter.onChange(v as F)}>
        <TabList label={filter.label}>
          {filter.options.map((o) => (
            <Tab key={o.value} value={o.value}>
              {o.label}
            </Tab>
          ))}
        </TabList>
      </Tabs>
      {scope}
      {query.isPending ? (
        <Spinner label={`Loading ${noun}...`} />
      ) : query.isError ? (
        <Alert title={`Failed to load ${noun}.`}>
          <p>{errorMessageOf(query.error, "Please try again.")}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <>
          {paging && paging.total > items.length ? <Pager paging={paging} shown={items.length} noun={noun} /> : null}
          <ul aria-label={listLabel} className={listClassName}>
            {items.map((item) => (
              <Fragment key={item.id}>{renderItem(item)}</Fragment>
            ))}
          </ul>
        </>
      )}
      {children}
    </div>
  );
}

function Pager({ paging, shown, noun }: { paging: Paging; shown: number; noun: string }) {
  if (!paging.onPage)
    return (
      <p className="text-sm text-slate-500">
        Showing the first {shown} of {paging.total}.
      </p>
    );
  const { label, page, pageSize, total, onPage } = paging;
  return (
    <nav aria-label={label} className="flex items-center gap-2 text-sm text-slate-600">
      <span>
        Page {page} of {Math.max(1, Math.ceil(total / pageSize))} ({total} {noun})
      </span>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button size="sm" variant="outline" disabled={page * pageSize >= total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * One pending item's decision: approve at once, or reject with an optional reason (at most
 * 500 characters) in a small form. Which item's form is open is the page's, so only one is.
 */
export function ReviewActions({
  approveLabel,
  onApprove,
  rejectLabel,
  formLabel,
  reasonHint,
  onReject,
  rejecting,
  onRejecting,
  busy,
}: {
  approveLabel: string;
  onApprove: () => void;
  /** The form's submit button, e.g. "Reject claim". */
  rejectLabel: string;
  formLabel: string;
  reasonHint: string;
  /** The reason trimmed, undefined when blank. */
  onReject: (reason: string | undefined) => void;
  rejecting: boolean;
  onRejecting: (open: boolean) => void;
  /** A decision is on its way: approving and rejecting wait. */
  busy?: boolean;
}) {
  const [reason, setReason] = useState("");
  if (rejecting)
    return (
      <form
        className="space-y-2"
        aria-label={formLabel}
        onSubmit={(e) => {
          e.preventDefault();
          onReject(reason.trim() || undefined);
        }}
      >
        <Field label="Reason for rejecting" hint={reasonHint}>
          {(p) => <Textarea {...p} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" size="sm" variant="destructive" disabled={busy}>
            {rejectLabel}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onRejecting(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  return (
    <div className="flex gap-2">
      <Button size="sm" disabled={busy} onClick={onApprove}>
        {approveLabel}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setReason("");
          onRejecting(true);
        }}
      >
        Reject
      </Button>
    </div>
  );
}
