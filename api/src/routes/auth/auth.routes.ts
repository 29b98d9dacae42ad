import { createRoute } from "@hono/zod-openapi";
import { MSG, loginResponseSchema, loginSchema, okResponseSchema, type LoginResponse } from "@botox/core";
import { findAdminByUsername } from "@botox/db";
import { clearSessionCookie, createSession, invalidateSessionToken, readSessionCookie, setSessionCookie } from "../../auth/session.ts";
import { ADMIN_DEVICE_COOKIE, checkPassword } from "../../auth/password-check.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest } from "../../lib/openapi.ts";

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  summary: "Sign in; sets the HttpOnly `session` cookie (idle 12 h, absolute 7 days)",
  tags: ["auth"],
  middleware: [jsonBody] as const,
  request: { body: jsonRequest(loginSchema) },
  responses: {
    200: json("Signed in", loginResponseSchema),
    400: errorResponse(MSG.admin.loginRequired),
    401: errorResponse(MSG.admin.invalidLogin),
    429: errorResponse(`${MSG.admin.loginThrottled} (with Retry-After)`),
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/logout",
  summary: "Sign out: deletes the session server-side and clears the cookie",
  tags: ["auth"],
  responses: { 200: json("Signed out", okResponseSchema) },
});

export const authRoutes = createRouter()
  .openapi(loginRoute, async (c) => {
    const { db } = c.get("deps");
    const input = c.req.valid("json");
    const user = await checkPassword(c, {
      account: input.username,
      password: input.password,
      find: async () => {
        const found = await findAdminByUsername(db, input.username);
        return found ? { account: found, passwordHash: found.passwordHash } : null;
      },
      invalid: MSG.admin.invalidLogin,
      deviceCookie: ADMIN_DEVICE_COOKIE,
    });
    // One session per browser: the one this browser held before is ended, not left valid.
    const previous = readSessionCookie(c);
    if (previous) await invalidateSessionToken(db, previous);
    const session = await createSession(db, { role: "admin", userId: user.id });
    setSessionCookie(c, session.token, session.expiresAt);
    const body: LoginResponse = { user: { id: user.id, username: user.username }, expiresAt: session.expiresAt.toISOString() };
    return c.json(body, 200);
  })
  .openapi(logoutRoute, async (c) => {
    const token = readSessionCookie(c);
    if (token) await invalidateSessionToken(c.get("deps").db, token);
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  });
