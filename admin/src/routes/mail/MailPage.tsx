import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MAIL_MESSAGE_STATUSES, MSG, formatUsDate, type MailMessageStatus, type MailMessageSummary } from "@botox/core";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { Tab, TabList, Tabs } from "../../components/ui/Tabs.tsx";
import { errorMessageOf } from "@botox/core/http";
import { sessionExpired } from "../../lib/errors.ts";
import { cx } from "../../lib/cx.ts";
import { MAIL_PAGE_SIZE, mailApi, mailKeys } from "./mail-api.ts";
import { MailMessageView } from "./MailMessageView.tsx";
import { mailStatusTone } from "./mail-view.ts";

const when = (iso: string | null) => (iso ? `${formatUsDate(iso)} ${new Date(iso).toISOString().slice(11, 16)} UTC` : "—");

/**
 * The Mail screen: the outbox (every message, its status, search by recipient, one message's
 * parts and headers) and the suppression list. Filters, page and the open message live in the
 * address so a message can be linked to.
 */
export default function MailPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "suppressions" ? "suppressions" : "outbox";
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: false },
    );

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Mail</h1>
      <Tabs value={tab} onChange={(v) => update({ tab: v === "outbox" ? null : v, id: null })}>
        <TabList label="Mail sections">
          <Tab value="outbox">Outbox</Tab>
          <Tab value="suppressions">Suppressions</Tab>
        </TabList>
      </Tabs>
      {tab === "outbox" ? <Outbox params={params} update={update} /> : <Suppressions />}
    </div>
  );
}

function Outbox({ params, update }: { params: URLSearchParams; update: (c: Record<string, string | null>) => void }) {
  const api = mailApi(useApi());
  const to = params.get("to") ?? "";
  const statusParam = params.get("status") ?? "";
  const status: MailMessageStatus | "" = MAIL_MESSAGE_STATUSES.find((s) => s === statusParam) ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const openId = Number(params.get("id")) || null;
  const [search, setSearch] = useState(to);

  const list = useQuery({
    queryKey: mailKeys.messages({ to, status, page }),
    queryFn: () => api.messages({ to, status, page }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.totalCount / MAIL_PAGE_SIZE)) : 1;

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ to: search.trim() || null, page: null, id: null });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSearch} role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="mail-to" className="mb-1 block text-sm font-medium">
            Recipient
          </label>
          <Input id="mail-to" type="search" placeholder="Search by address" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div>
          <label htmlFor="mail-status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <Select id="mail-status" value={status} onChange={(e) => update({ status: e.target.value || null, page: null, id: null })}>
            <option value="">All</option>
            {MAIL_MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">Search</Button>
      </form>
      {list.isPending ? (
        <Spinner label="Loading mail..." />
      ) : list.isError ? (
        <Alert>Failed to load mail. Please try again.</Alert>
      ) : list.data.messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">{to || status ? "No messages match." : "No mail yet."}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="min-w-0 space-y-3 lg:col-span-2">
            <p className="text-sm text-slate-500" aria-live="polite">
              {list.data.totalCount} {list.data.totalCount === 1 ? "message" : "messages"}
            </p>
            <ul aria-label="Outbox" className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
              {list.data.messages.map((m: MailMessageSummary) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => update({ id: String(m.id) })}
                    aria-current={m.id === openId || undefined}
                    className={cx("block w-full px-4 py-3 text-left hover:bg-slate-50", m.id === openId && "bg-brand-50")}
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="min-w-0 truncate text-sm font-medium">{m.subject}</span>
                      <Badge tone={mailStatusTone(m.status)}>{m.status}</Badge>
                    </span>
                    <span className="block truncate text-xs text-slate-500">
                      {m.to} · {when(m.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <nav aria-label="Mail pages" className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null, id: null })}>
                Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1), id: null })}>
                Next
              </Button>
            </nav>
          </div>
          <div className="min-w-0 lg:col-span-3">
            {openId ? (
              <MailMessageView id={openId} onClose={() => update({ id: null })} />
            ) : (
              <p className="py-10 text-center text-sm text-slate-500">Select a message to read it.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function Suppressions() {
  const api = mailApi(useApi());
  const toast = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const list = useQuery({ queryKey: mailKeys.suppressions, queryFn: api.suppressions });

  const add = useMutation({
    mutationFn: (address: string) => api.suppress(address),
    onSuccess: async (_d, address) => {
      setEmail("");
      toast({ title: "Address suppressed", description: `Nothing more will be sent to ${address}.` });
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
    onError: (err) => {
      if (!sessionExpired(err)) setError(errorMessageOf(err, "Failed to add the address."));
    },
  });
  const remove = useMutation({
    mutationFn: (address: string) => api.unsuppress(address),
    onSuccess: async (_d, address) => {
      setRemoving(null);
      toast({ title: "Suppression removed", description: `${address} can receive mail again.` });
      await queryClient.invalidateQueries({ queryKey: mailKeys.suppressions });
    },
    onError: (err) => {
      setRemoving(null);
      if (!sessionExpired(err)) toast({ variant: "destructive", title: MSG.admin.errorTitle, description: "Failed to remove the address." });
    },
  });

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(MSG.newsletter.emailRequired);
      return;
    }
    setError(null);
    add.mutate(address);
  };

  return (
    <div className="space-y-4">
      <Card
        title="Suppress an address"
        description="Nothing is ever sent to a suppressed address. Addresses that refuse mail permanently are added here by themselves."
      >
        <form onSubmit={onAdd} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor="suppress-email" className="sr-only">
              Email address to suppress
            </label>
            <Input
              id="suppress-email"
              type="email"
              placeholder="name@example.com"
              value={email}
              invalid={Boolean(error)}
              aria-describedby={error ? "suppress-email-err" : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id="suppress-email-err" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding..." : "Add"}
          </Button>
        </form>
      </Card>
      {list.isPending ? (
        <Spinner label="Loading suppressions..." />
      ) : list.isError ? (
        <Alert>Failed to load the suppression list. Please try again.</Alert>
      ) : list.data.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">No suppressed addresses.</p>
      ) : (
        <ul aria-label="Suppressed addresses" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {list.data.map((s) => (
            <li key={s.email} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0">
                <span className="block text-sm font-medium break-all">{s.email}</span>
                <span className="block text-xs text-slate-500">
                  {s.reason} · {formatUsDate(s.createdAt)}
                </span>
              </span>
              <Button variant="outline" size="sm" onClick={() => setRemoving(s.email)} aria-label={`Remove ${s.email}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this suppression?"
        description={`${removing ?? ""} will receive mail again (only what it subscribed to).`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
