import { z } from "zod";
import {
  mailMessageListSchema,
  mailMessageSchema,
  mailMessagesQuerySchema,
  mailSuppressionInputSchema,
  mailSuppressionListSchema,
  mailSuppressionQuerySchema,
  mailSuppressionSchema,
  okResponseSchema,
} from "@botox/core";
import { adminRoute } from "../../auth/admin-route.ts";
import { HttpError } from "../../lib/errors.ts";
import { idParams } from "../../lib/ids.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { mailContext } from "../../mail/service.ts";
import { addSuppression, findMessage, listMessages, listSuppressions, removeSuppression } from "../../mail/outbox.ts";

const NOT_FOUND = "Message not found.";
const SUPPRESSION_NOT_FOUND = "That address is not on the suppression list.";

const listRoute = adminRoute({
  method: "get",
  path: "/mail/messages",
  summary: "The outbox, newest first: to (part of the address), status, page, limit",
  tags: ["mail"],
  request: { query: mailMessagesQuerySchema },
  responses: { 200: json("Messages", mailMessageListSchema), ...commonErrors },
});

const oneRoute = adminRoute({
  method: "get",
  path: "/mail/messages/:id{[0-9]+}",
  summary: "One message with its text, HTML and headers",
  tags: ["mail"],
  request: { params: idParams(NOT_FOUND) },
  responses: { 200: json("Message", mailMessageSchema), 404: errorResponse(NOT_FOUND), ...commonErrors },
});

const suppressionsRoute = adminRoute({
  method: "get",
  path: "/mail/suppressions",
  summary: "Addresses nothing is sent to (refused by their server, or added by an admin)",
  tags: ["mail"],
  responses: { 200: json("Suppressions", mailSuppressionListSchema), ...commonErrors },
});

const addSuppressionRoute = adminRoute({
  method: "post",
  path: "/mail/suppressions",
  summary: "Suppress an address: queued and future messages to it are not sent",
  tags: ["mail"],
  middleware: [jsonBody] as const,
  request: { body: jsonRequest(mailSuppressionInputSchema) },
  responses: { 200: json("Suppressed", z.object({ suppression: mailSuppressionSchema })), ...writeErrors },
});

const removeSuppressionRoute = adminRoute({
  method: "delete",
  path: "/mail/suppressions",
  summary: "Take an address off the suppression list (?email=)",
  tags: ["mail"],
  request: { query: mailSuppressionQuerySchema },
  responses: { 200: json("Removed", okResponseSchema), 404: errorResponse(SUPPRESSION_NOT_FOUND), ...writeErrors },
});

export const mailRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listMessages(c.get("deps").sql, c.req.valid("query")), 200))
  .openapi(oneRoute, async (c) => {
    const deps = c.get("deps");
    const message = await findMessage(deps.sql, mailContext(deps).config.from, c.req.valid("param").id);
    if (!message) throw new HttpError(404, NOT_FOUND);
    return c.json(message, 200);
  })
  .openapi(suppressionsRoute, async (c) => c.json({ suppressions: await listSuppressions(c.get("deps").sql) }, 200))
  .openapi(addSuppressionRoute, async (c) => {
    const user = c.get("user");
    const suppression = await addSuppression(c.get("deps").sql, c.req.valid("json").email, `added by ${user?.username ?? "an admin"}`);
    return c.json({ suppression }, 200);
  })
  .openapi(removeSuppressionRoute, async (c) => {
    if (!(await removeSuppression(c.get("deps").sql, c.req.valid("query").email))) throw new HttpError(404, SUPPRESSION_NOT_FOUND);
    return c.json({ ok: true as const }, 200);
  });
