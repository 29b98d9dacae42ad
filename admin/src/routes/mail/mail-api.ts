/**
 * The Mail screen's calls (GET /mail/messages, /mail/messages/{id}, /mail/suppressions; POST and
 * DELETE /mail/suppressions) and what it shows of them.
 */
import type { ApiClient, QueryParams } from "@botox/core";

export const MAIL_STATUSES = ["queued", "sent", "failed", "suppressed", "captured"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailSummary {
  id: number;
  to: string;
  subject: string;
  status: MailStatus;
  createdAt: string;
  sentAt: string | null;
}
export interface MailDetail extends MailSummary {
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attempts?: number;
  lastError?: string | null;
}
export interface Suppression {
  email: string;
  reason: string;
  createdAt: string;
}

interface Untyped {
  get(path: string, params?: QueryParams): Promise<unknown>;
  send(method: string, path: string, body?: unknown): Promise<unknown>;
}

export const MAIL_PAGE_SIZE = 20;

export function mailApi(api: ApiClient) {
  const raw = api as unknown as Untyped;
  return {
    messages: async (q: { to: string; status: MailStatus | ""; page: number }) =>
      (await raw.get("/mail/messages", { to: q.to || undefined, status: q.status || undefined, page: q.page, limit: MAIL_PAGE_SIZE })) as {
        messages: MailSummary[];
        totalCount: number;
      },
    message: async (id: number) => (await raw.get(`/mail/messages/${id}`)) as MailDetail,
    suppressions: async () => ((await raw.get("/mail/suppressions")) as { suppressions: Suppression[] }).suppressions,
    suppress: (email: string) => raw.send("POST", "/mail/suppressions", { email }),
    unsuppress: (email: string) => raw.send("DELETE", `/mail/suppressions?email=${encodeURIComponent(email)}`),
  };
}
