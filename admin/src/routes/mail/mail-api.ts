/**
 * The Mail screen's calls (GET /mail/messages, /mail/messages/{id}, /mail/suppressions; POST and
 * DELETE /mail/suppressions), typed by the API's contract.
 */
import type { ApiClient, MailMessageStatus } from "@botox/core";

export const MAIL_PAGE_SIZE = 20;

/** Query keys of the screen: a write refreshes everything under "mail". */
export const mailKeys = {
  all: ["mail"] as const,
  messages: (q: { to: string; status: string; page: number }) => ["mail", "messages", q] as const,
  message: (id: number) => ["mail", "message", id] as const,
  suppressions: ["mail", "suppressions"] as const,
};

export function mailApi(api: ApiClient) {
  return {
    messages: (q: { to: string; status: MailMessageStatus | ""; page: number }) =>
      api.get("/mail/messages", { to: q.to || undefined, status: q.status || undefined, page: q.page, limit: MAIL_PAGE_SIZE }),
    message: (id: number) => api.get(`/mail/messages/${id}`),
    suppressions: async () => (await api.get("/mail/suppressions")).suppressions,
    suppress: (email: string) => api.send("POST", "/mail/suppressions", { email }),
    // The address travels in the query (DELETE has no body); the typed paths name no query strings.
    unsuppress: (email: string) => api.send("DELETE", `/mail/suppressions?email=${encodeURIComponent(email)}` as "/mail/suppressions"),
  };
}
