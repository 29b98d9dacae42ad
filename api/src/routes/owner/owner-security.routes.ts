/**
 * An owner's password and second factor (decision 286). Every sign-in of an owner, by link or
 * by password, ends in `finishOwnerSignIn`: a session, or, when the owner turned the second
 * factor on, a 202 and a short ticket cookie that `POST /owner/sign-in/second-factor` redeems.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  MSG,
  ownerPasswordSignInSchema,
  ownerRecoveryCodesSchema,
  ownerSecondFactorCodeSchema,
  ownerSecondFactorNeededSchema,
  ownerSecuritySchema,
  ownerSetPasswordSchema,
  ownerSignInResponseSchema,
  ownerTotpSetupSchema,
  type OwnerSecondFactorNeeded,
  type OwnerSignInResponse,
} from "@botox/core";
import { hashPassword, verifyPassword } from "@botox/db";
import { ownerRoute } from "../../auth/admin-route.ts";
import { OWNER_DEVICE_COOKIE, checkPassword } from "../../auth/password-check.ts";
import { createSession, invalidateSessionToken, readSessionCookie, setSessionCookie } from "../../auth/session.ts";
import type { AppEnv } from "../../context.ts";
import { cookiesSecure } from "../../env.ts";
import { HttpError } from "../../lib/errors.ts";
import { commonErrors, createRouter, errorResponse, json, jsonBody, jsonRequest, writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import {
  TICKET_MAX_AGE_SECONDS,
  disableTotp,
  enableTotp,
  needsSecondFactor,
  openTicket,
  ownerFactors,
  startTotpSetup,
  useTicket,
} from "../../owners/second-factor.ts";

const TICKET_COOKIE = "owner_second_factor";

async function signedIn(c: Context<AppEnv>, owner: { id: number; email: string }) {
  const { db } = c.get("deps");
  // One session per browser, as at the team's login.
  const previous = readSessionCookie(c);
  if (previous) await invalidateSessionToken(db, previous);
  const session = await createSession(db, { role: "owner", ownerId: owner.id });
  setSessionCookie(c, session.token, session.expiresAt);
  const body: OwnerSignInResponse = { owner, role: "owner", expiresAt: session.expiresAt.toISOString() };
  return c.json(body, 200);
}

/** The end of an owner's first factor: signed in, or asked for the second (202). */
export async function finishOwnerSignIn(c: Context<AppEnv>, owner: { id: number; email: string }) {
  const { sql, env } = c.get("deps");
  if (!(await needsSecondFactor(sql, owner.id))) return signedIn(c, owner);
  const ticket = await openTicket(sql, owner.id);
  setCookie(c, TICKET_COOKIE, ticket, { httpOnly: true, sameSite: "Strict", path: "/", maxAge: TICKET_MAX_AGE_SECONDS, secure: cookiesSecure(env) });
  const body: OwnerSecondFactorNeeded = { secondFactor: "totp", message: MSG.owner.secondFactorNeeded };
  return c.json(body, 202);
}

const signedInResponse = json("Signed in (the `session` cookie is set)", ownerSignInResponseSchema);

const passwordSignInRoute = createRoute({
  method: "post",
  path: "/owner/sign-in-password",
  summary: "Sign in with an email address and password (throttled as the team's login); 202 when a second factor follows",
  tags: ["owners"],
  middleware: [jsonBody] as const,
  request: { body: jsonRequest(ownerPasswordSignInSchema) },
  responses: {
    ...writeErrors,
    200: signedInResponse,
    202: json("The password was right; the second factor is awaited (POST /owner/sign-in/second-factor)", ownerSecondFactorNeededSchema),
    401: errorResponse(MSG.owner.invalidPasswordLogin),
    429: errorResponse(`${MSG.admin.loginThrottled} (with Retry-After)`),
  },
});

const secondFactorRoute = createRoute({
  method: "post",
  path: "/owner/sign-in/second-factor",
  summary: "The second factor of a sign-in: a code from the authenticator app or a recovery code",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 30, keyPrefix: "owner-second-factor" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSecondFactorCodeSchema) },
  responses: {
    ...writeErrors,
    200: signedInResponse,
    401: errorResponse(MSG.owner.secondFactorWrong),
    410: errorResponse(MSG.owner.secondFactorExpired),
  },
});

const securityRoute = ownerRoute({
  method: "get",
  path: "/owner/security",
  summary: "Whether the signed-in owner has a password and the second factor on, and recovery codes left",
  tags: ["owners"],
  responses: { 200: json("The owner's sign-in settings", ownerSecuritySchema), ...commonErrors },
});

const setPasswordRoute = ownerRoute({
  method: "put",
  path: "/owner/password",
  summary: "Set or change the signed-in owner's password (the current one is asked when there is one)",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "owner-password" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSetPasswordSchema) },
  responses: { ...writeErrors, 200: json("Saved", ownerSecuritySchema), 400: errorResponse(MSG.owner.currentPasswordWrong) },
});

const totpSetupRoute = ownerRoute({
  method: "post",
  path: "/owner/totp/setup",
  summary: "A new authenticator key for the signed-in owner (in force once a code from it is given)",
  tags: ["owners"],
  responses: { 200: json("The key", ownerTotpSetupSchema), 409: errorResponse(MSG.owner.totpAlreadyOn), ...writeErrors },
});

const totpEnableRoute = ownerRoute({
  method: "post",
  path: "/owner/totp/enable",
  summary: "Turn the second factor on with a code from the new key; answers ten recovery codes, shown once",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "owner-totp" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSecondFactorCodeSchema) },
  responses: {
    ...writeErrors,
    200: json("On", ownerRecoveryCodesSchema),
    400: errorResponse(MSG.owner.secondFactorWrong),
    409: errorResponse(MSG.owner.totpAlreadyOn),
  },
});

const totpDisableRoute = ownerRoute({
  method: "post",
  path: "/owner/totp/disable",
  summary: "Turn the second factor off, given a code from the app or a recovery code",
  tags: ["owners"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "owner-totp" }), jsonBody] as const,
  request: { body: jsonRequest(ownerSecondFactorCodeSchema) },
  responses: {
    ...writeErrors,
    200: json("Off", ownerSecuritySchema),
    400: errorResponse(MSG.owner.secondFactorWrong),
    409: errorResponse(MSG.owner.totpOff),
  },
});

const ownerIdOf = (c: Context<AppEnv>) => c.get("user")?.id ?? 0;

export const ownerSecurityRoutes = createRouter()
  .openapi(passwordSignInRoute, async (c) => {
    const { sql } = c.get("deps");
    const { email, password } = c.req.valid("json");
    const owner = await checkPassword(c, {
      account: `owner:${email}`,
      password,
      find: async () => {
        const [row] = await sql<{ id: number; email: string; password_hash: string | null }[]>`
          select id, email, password_hash from owners where email = ${email}`;
        return row ? { account: { id: Number(row.id), email: row.email }, passwordHash: row.password_hash } : null;
      },
      invalid: MSG.owner.invalidPasswordLogin,
      deviceCookie: OWNER_DEVICE_COOKIE,
    });
    return finishOwnerSignIn(c, owner);
  })
  .openapi(secondFactorRoute, async (c) => {
    const { sql, secret } = c.get("deps");
    const result = await useTicket(sql, secret, getCookie(c, TICKET_COOKIE), c.req.valid("json").code);
    if (!result.ok) {
      if (result.problem === "expired") {
        deleteCookie(c, TICKET_COOKIE, { path: "/" });
        throw new HttpError(410, MSG.owner.secondFactorExpired);
      }
      throw new HttpError(401, MSG.owner.secondFactorWrong);
    }
    deleteCookie(c, TICKET_COOKIE, { path: "/" });
    return signedIn(c, result.owner);
  })
  .openapi(securityRoute, async (c) => c.json(await ownerFactors(c.get("deps").sql, ownerIdOf(c)), 200))
  .openapi(setPasswordRoute, async (c) => {
    const { sql } = c.get("deps");
    const ownerId = ownerIdOf(c);
    const { password, currentPassword } = c.req.valid("json");
    const [row] = await sql<{ password_hash: string | null }[]>`select password_hash from owners where id = ${ownerId}`;
    // A session left open on a shared computer must not be enough to take the account over.
    if (row?.password_hash && !(currentPassword && (await verifyPassword(row.password_hash, currentPassword)))) {
      throw new HttpError(400, MSG.owner.currentPasswordWrong, [{ path: "currentPassword", message: MSG.owner.currentPasswordWrong }]);
    }
    await sql`update owners set password_hash = ${await hashPassword(password)} where id = ${ownerId}`;
    return c.json(await ownerFactors(sql, ownerId), 200);
  })
  .openapi(totpSetupRoute, async (c) => {
    const { sql, secret } = c.get("deps");
    const user = c.get("user");
    const setup = await startTotpSetup(sql, secret, { id: ownerIdOf(c), email: user?.username ?? "" });
    if (setup === "already-on") throw new HttpError(409, MSG.owner.totpAlreadyOn);
    return c.json(setup, 200);
  })
  .openapi(totpEnableRoute, async (c) => {
    const { sql, secret } = c.get("deps");
    const result = await enableTotp(sql, secret, ownerIdOf(c), c.req.valid("json").code);
    if (result === "not-set-up") throw new HttpError(409, MSG.owner.totpNotSetUp);
    if (result === "already-on") throw new HttpError(409, MSG.owner.totpAlreadyOn);
    if (result === "wrong") throw new HttpError(400, MSG.owner.secondFactorWrong, [{ path: "code", message: MSG.owner.secondFactorWrong }]);
    return c.json({ recoveryCodes: result }, 200);
  })
  .openapi(totpDisableRoute, async (c) => {
    const { sql, secret } = c.get("deps");
    const ownerId = ownerIdOf(c);
    const result = await disableTotp(sql, secret, ownerId, c.req.valid("json").code);
    if (result === "off") throw new HttpError(409, MSG.owner.totpOff);
    if (!result) throw new HttpError(400, MSG.owner.secondFactorWrong, [{ path: "code", message: MSG.owner.secondFactorWrong }]);
    return c.json(await ownerFactors(sql, ownerId), 200);
  });
