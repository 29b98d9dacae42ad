import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG, formatUsDate, type ContactMessage } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { useToast } from "../../components/toast.tsx";
import { sessionExpired } from "../../lib/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { Tab, TabList, Tabs } from "../../components/ui/Tabs.tsx";
import { cx } from "../../lib/cx.ts";

type Filter = "unread" | "all";

/** Contact messages (architecture.md §9: stored instead of a simulated send): list, read, mark handled. */
export default function MessagesPage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>("unread");
  const [opened, setOpened] = useState<ContactMessage | null>(null);

  const messages = useQuery({
    queryKey: [...keys.messages, filter],
    queryFn: () => api.get("/contact-messages", { status: filter }),
  });

  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: { read?: boolean; handled?: boolean } }) => api.send("PATCH", `/contact-messages/${id}`, patch),
    onSuccess: async (_d, { id, patch }) => {
      const now = new Date().toISOString();
      // The opened message stays visible even when the "Unread" list no longer holds it.
      setOpened((o) => (o && o.id === id ? { ...o, readAt: o.readAt ?? (patch.read ? now : null), handledAt: patch.handled ? now : o.handledAt } : o));
      if (patch.handled) toast({ title: "Message handled" });
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.messages }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
    },
    onError: (err) => {
      if (!sessionExpired(err)) toast({ variant: "destructive", title: MSG.admin.errorTitle, description: "Failed to update the message." });
    },
  });

  const list = messages.data ?? [];
  const openId = opened?.id ?? null;
  const open = list.find((m) => m.id === openId) ?? opened;

  const openMessage = (m: ContactMessage) => {
    setOpened(m);
    if (!m.readAt) update.mutate({ id: m.id, patch: { read: true } });
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Messages</h1>
      <Tabs value={filter} onChange={(v) => setFilter(v as Filter)}>
        <TabList label="Message filter">
          <Tab value="unread">Unread</Tab>
          <Tab value="all">All</Tab>
        </TabList>
      </Tabs>
      {messages.isPending ? (
        <Spinner label="Loading messages..." />
      ) : messages.isError ? (
        <Alert>Failed to load messages. Please try again.</Alert>
      ) : list.length === 0 && !open ? (
        <p className="py-10 text-center text-sm text-slate-500">No messages.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-5">
          <ul aria-label="Messages" className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white lg:col-span-2">
            {list.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => openMessage(m)}
                  aria-current={m.id === openId || undefined}
                  className={cx("block w-full px-4 py-3 text-left hover:bg-slate-50", m.id === openId && "bg-brand-50")}
                >
                  <span className={cx("block text-sm", !m.readAt && "font-semibold")}>{m.name}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {m.subject ?? "No subject"} · {formatUsDate(m.createdAt)}
                  </span>
                  <span className="mt-1 flex gap-1">
                    {!m.readAt ? <Badge tone="blue">unread</Badge> : null}
                    {m.handledAt ? <Badge tone="green">handled</Badge> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="lg:col-span-3">
            {open ? (
              <Card title={open.subject ?? "No subject"} description={`${open.name} <${open.email}> · ${formatUsDate(open.createdAt)}`}>
                <p className="text-sm whitespace-pre-wrap">{open.message}</p>
                <div className="mt-6 flex flex-wrap gap-3">
                  <a className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100" href={`mailto:${open.email}`}>
                    Reply by email
                  </a>
                  {open.handledAt ? (
                    <Badge tone="green" className="self-center">
                      Handled {formatUsDate(open.handledAt)}
                    </Badge>
                  ) : (
                    <Button disabled={update.isPending} onClick={() => update.mutate({ id: open.id, patch: { handled: true } })}>
                      Mark as handled
                    </Button>
                  )}
                </div>
              </Card>
            ) : (
              <p className="py-10 text-center text-sm text-slate-500">Select a message to read it.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
