import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/session.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { Tab, TabList, Tabs } from "../../components/ui/Tabs.tsx";
import { mailApi, mailKeys } from "./mail-api.ts";
import { linkifyText, mailHtmlDocument, mailStatusTone } from "./mail-view.ts";

type Part = "html" | "text" | "headers";

/** One message: its HTML part in a sandboxed frame (links clickable), its text part with links, and its headers. */
export function MailMessageView({ id, onClose }: { id: number; onClose: () => void }) {
  const api = mailApi(useApi());
  const message = useQuery({ queryKey: mailKeys.message(id), queryFn: () => api.message(id) });
  const [chosen, setChosen] = useState<Part | null>(null);

  if (message.isPending) return <Spinner label="Loading message..." />;
  if (message.isError) return <Alert>Failed to load the message. Please try again.</Alert>;
  const m = message.data;
  const part: Part = chosen ?? (m.html ? "html" : "text");

  return (
    <Card title={m.subject} description={`To ${m.to}`}>
      <div className="space-y-4" data-mail-message={m.id}>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={mailStatusTone(m.status)}>{m.status}</Badge>
          <span>Created {new Date(m.createdAt).toISOString().replace("T", " ").slice(0, 16)} UTC</span>
          {m.sentAt && <span>· Sent {new Date(m.sentAt).toISOString().replace("T", " ").slice(0, 16)} UTC</span>}
          {m.attempts ? (
            <span>
              · {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
            </span>
          ) : null}
        </div>
        {m.lastError && <Alert>Last error: {m.lastError}</Alert>}
        <Tabs value={part} onChange={(v) => setChosen(v as Part)}>
          <TabList label="Message part">
            {m.html ? <Tab value="html">HTML</Tab> : null}
            <Tab value="text">Text</Tab>
            <Tab value="headers">Headers</Tab>
          </TabList>
        </Tabs>
        {part === "html" && m.html ? (
          <iframe
            title={`HTML of “${m.subject}”`}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            srcDoc={mailHtmlDocument(m.html)}
            className="h-[28rem] w-full rounded-md border border-slate-200 bg-white"
          />
        ) : part === "headers" ? (
          <dl className="divide-y divide-slate-100 text-sm" aria-label="Headers">
            {Object.entries(m.headers).map(([name, value]) => (
              <div key={name} className="grid gap-1 py-2 sm:grid-cols-3">
                <dt className="font-medium text-slate-700">{name}</dt>
                <dd className="font-mono text-xs break-all text-slate-900 sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <pre className="overflow-x-auto font-sans text-sm whitespace-pre-wrap break-words" data-mail-text>
            {linkifyText(m.text).map((piece, i) =>
              piece.link ? (
                <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline break-all">
                  {piece.text}
                </a>
              ) : (
                <span key={i}>{piece.text}</span>
              ),
            )}
          </pre>
        )}
        <Button variant="outline" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    </Card>
  );
}
