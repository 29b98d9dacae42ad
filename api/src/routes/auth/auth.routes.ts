import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { MSG, loginResponseSchema, loginSchema, okResponseSchema, type LoginResponse } from "@botox/core";
import { findAdminByUsername, hashPassword, verifyPassword } from "@botox/db";
import type { AppEnv, Deps } from "../../context.ts";
import { clearSessionCookie, createSession, invalidateSessionToken, readSessionCookie, setSessionCookie } from "../../auth/session.ts";
import {
  LOGIN_DEVICE_COOKIE,
  LOGIN_DEVICE_MAX_AGE_SECONDS,
  LoginThrottle,
  VerificationGate,
  createThrottleStore,
  issueDeviceToken,
  knownDeviceId,
} from "../../auth/login-throttle.ts";
import { cookiesSecure } from "../../env.ts";
import { HttpError } from "../../lib/errors.ts";
import { createRouter, errorResponse, json, jsonBody, jsonRequest } from "../../lib/openapi.ts";

const throttles = new WeakMap<Deps, LoginThrottle>();
/** The login throttle of one app (exported for tests, which replace its sleep). */
export function throttleFor(deps: Deps): LoginThrottle {
  let t = throttles.get(deps);
  if (!t) throttles.set(deps, (t = new LoginThrottle(createThrottleStore(deps.env), deps.logger)));
  return t;
}
// One per process: the verifications share its cores whichever app instance runs them.
const verificationGate = new VerificationGate();

function throttled(c: Context<AppEnv>, retryAfterSeconds: number): never {
  c.header("Retry-After", String(retryAfterSeconds));
  throw new HttpError(429, MSG.admin.loginThrottled);
}

// Verified when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword("dummy password for timing equalization"));

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
    const { db, secret, env } = c.get("deps");
    const input = c.req.valid("json");
    const address = c.get("clientIp") ?? "unknown";
    const throttle = throttleFor(c.get("deps"));
    // A device this username signed in from before has its own lane (decision 232).
    const deviceId = knownDeviceId(secret, input.username, getCookie(c, LOGIN_DEVICE_COOKIE));
    // Counted before the password is checked, so simultaneous guesses cannot overtake the count.
    const reservation = await throttle.reserve(input.username, address, deviceId);
    if (!reservation.allowed) throttled(c, reservation.retryAfterSeconds);
    // Past the free attempts, one username's checks run one at a time (from any addresses).
    const checked = await throttle.slowed(input.username, reservation.delayMs, async () => {
      const user = await findAdminByUsername(db, input.username);
      const hash = user?.passwordHash ?? (await getDummyHash());
      return { user, verified: await verificationGate.run(() => verifyPassword(hash, input.password)) };
    });
    if (!checked) throttled(c, Math.max(1, Math.ceil(reservation.delayMs / 1000)));
    const { user, verified } = checked.value;
    if (!verified) throttled(c, 1);
    if (!user || !verified.value) throw new HttpError(401, MSG.admin.invalidLogin);
    await throttle.recordSuccess(input.username, address, deviceId, reservation.deviceLane);
    if (!deviceId) {
      setCookie(c, LOGIN_DEVICE_COOKIE, issueDeviceToken(secret, user.username), {
        httpOnly: true,
        sameSite: "Strict",
        path: "/",
        maxAge: LOGIN_DEVICE_MAX_AGE_SECONDS,
        secure: cookiesSecure(env),
      });
    }
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
