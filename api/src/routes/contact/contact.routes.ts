import { Hono } from "hono";
import { z } from "zod";
import { MSG, contactSchema, type ContactResponse } from "@botox/core";
import { insertContactMessage, listContactMessages, markContactMessage } from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { requireSession } from "../../auth/session.ts";
import { HttpError, parseOrThrow, readJson } from "../../lib/errors.ts";
import { idParam } from "../../lib/ids.ts";
import { documentRoute } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";

const listQuerySchema = z.object({ status: z.enum(["unread", "all"]).default("all") });
/** 5 messages per address per 15 minutes: plenty for a person, little for a spammer. */
export const CONTACT_RATE_LIMIT = { windowMs: 15 * 60 * 1000, limit: 5, keyPrefix: "contact" } as const;

const markSchema = z.object({ read: z.boolean().optional(), handled: z.boolean().optional() });

const messageId = (raw: string) => idParam(raw, MSG.api.notFound);

export const contactRoutes = new Hono<AppEnv>();

/** The contact form really sends (design.md §9): messages are stored for the admin. */
contactRoutes.post("/contact", rateLimit(CONTACT_RATE_LIMIT), async (c) => {
  const input = parseOrThrow(contactSchema, await readJson(c));
  const message = await insertContactMessage(c.get("deps").db, input);
  const body: ContactResponse = { received: true, id: message.id };
  return c.json(body, 201);
});

contactRoutes.get("/contact-messages", requireSession, async (c) => {
  const q = parseOrThrow(listQuerySchema, c.req.query());
  return c.json(await listContactMessages(c.get("deps").db, q.status));
});

contactRoutes.patch("/contact-messages/:id", requireSession, async (c) => {
  const id = messageId(c.req.param("id"));
  const marks = parseOrThrow(markSchema, await readJson(c));
  const message = await markContactMessage(c.get("deps").db, id, marks);
  if (!message) throw new HttpError(404, MSG.api.notFound);
  return c.json(message);
});

const messageDoc = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
});
const tags = ["contact"];
documentRoute({
  method: "post",
  path: "/contact",
  summary: "Send a contact message (stored; rate limited per address)",
  tags,
  body: contactSchema,
  responses: {
    201: { description: "Stored", schema: z.object({ received: z.literal(true), id: z.number() }) },
    400: { description: "Validation error (spec §5 messages)" },
    429: { description: MSG.api.rateLimited },
  },
});
documentRoute({ method: "get", path: "/contact-messages", summary: "Contact messages, newest first", tags, auth: true, query: listQuerySchema, responses: { 200: { description: "Messages", schema: z.array(messageDoc) }, 401: { description: "No valid session" } } });
documentRoute({
  method: "patch",
  path: "/contact-messages/{id}",
  summary: "Mark a message read/unread and handled/unhandled",
  tags,
  auth: true,
  body: markSchema,
  responses: { 200: { description: "Updated message", schema: messageDoc }, 400: { description: "Invalid body" }, 401: { description: "No valid session" }, 404: { description: MSG.api.notFound } },
});
