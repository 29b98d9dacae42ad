import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  MSG,
  contactMarkSchema,
  contactMessageSchema,
  contactMessagesQuerySchema,
  contactResponseSchema,
  contactSchema,
  type ContactResponse,
} from "@botox/core";
import { insertContactMessage, listContactMessages, markContactMessage } from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";

/**
 * 5 messages per address per 15 minutes: plenty for a person, little for a spammer.
 * @internal Exported for its tests.
 */
export const CONTACT_RATE_LIMIT = { windowMs: 15 * 60 * 1000, limit: 5, keyPrefix: "contact" } as const;

const tags = ["contact"];

/** The contact form really sends (architecture.md §9): messages are stored for the admin. */
const sendRoute = createRoute({
  method: "post",
  path: "/contact",
  summary: "Send a contact message (stored; rate limited per address)",
  tags,
  middleware: [rateLimit(CONTACT_RATE_LIMIT), jsonBody] as const,
  request: { body: jsonRequest(contactSchema) },
  responses: {
    201: json("Stored", contactResponseSchema),
    400: errorResponse("Validation error (product.md §5 messages)"),
    429: errorResponse(MSG.api.rateLimited),
  },
});

const listRoute = adminRoute({
  method: "get",
  path: "/contact-messages",
  summary: "Contact messages, newest first",
  tags,
  request: { query: contactMessagesQuerySchema },
  responses: { 200: json("Messages", z.array(contactMessageSchema)) },
});

const markRoute = adminRoute({
  method: "patch",
  path: "/contact-messages/{id}",
  summary: "Mark a message read/unread and handled/unhandled",
  tags,
  middleware: [jsonBody],
  request: { params: idParams(MSG.api.notFound), body: jsonRequest(contactMarkSchema) },
  responses: {
    200: json("Updated message", contactMessageSchema),
    400: errorResponse("Invalid body"),
    404: errorResponse(MSG.api.notFound),
  },
});

export const contactRoutes = createRouter()
  .openapi(sendRoute, async (c) => {
    const message = await insertContactMessage(c.get("deps").db, c.req.valid("json"));
    const body: ContactResponse = { received: true, id: message.id };
    return c.json(body, 201);
  })
  .openapi(listRoute, async (c) => c.json(await listContactMessages(c.get("deps").db, c.req.valid("query").status), 200))
  .openapi(markRoute, async (c) => {
    const id = c.req.valid("param").id;
    const message = await markContactMessage(c.get("deps").db, id, c.req.valid("json"));
    if (!message) throw new HttpError(404, MSG.api.notFound);
    return c.json(message, 200);
  });
