import { desc, eq, isNull } from "drizzle-orm";
import type { ContactInput, ContactMessage } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { contactMessages } from "../schema/schema.ts";
import { insertedRow } from "./returning.ts";

type ContactRow = typeof contactMessages.$inferSelect;

function iso(d: Date): string;
function iso(d: Date | null): string | null;
function iso(d: Date | null): string | null {
  return d ? new Date(d).toISOString() : null;
}

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: iso(row.createdAt),
    readAt: iso(row.readAt),
    handledAt: iso(row.handledAt),
  };
}

export async function insertContactMessage(db: Database, input: ContactInput): Promise<ContactMessage> {
  const rows = await db.insert(contactMessages).values(input).returning();
  return toContactMessage(insertedRow(rows, "contact_messages"));
}

/** Newest first; `unread` keeps only messages not yet marked read. */
export async function listContactMessages(db: Database, status: "unread" | "all"): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(status === "unread" ? isNull(contactMessages.readAt) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(toContactMessage);
}

/** Sets or clears readAt / handledAt; an already-set timestamp is kept. Undefined when missing. */
export async function markContactMessage(db: Database, id: number, marks: { read?: boolean; handled?: boolean }): Promise<ContactMessage | undefined> {
  const [current] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!current) return undefined;
  const now = new Date();
  const next = (flag: boolean | undefined, at: Date | null) => (flag === undefined ? at : flag ? (at ?? now) : null);
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: next(marks.read, current.readAt), handledAt: next(marks.handled, current.handledAt) })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ? toContactMessage(row) : undefined;
}
