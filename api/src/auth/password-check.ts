/**
 * One throttled password check, for the team's login and a clinic owner's (decision 286): the
 * attempt is reserved in the login throttle before the password is read (login-throttle.ts),
 * slowed attempts on one account wait their turn, argon2id runs through the process's
 * verification gate, an unknown account verifies a dummy hash so both failures take the same
 * time, and a device that signed in before gets its own lane (a signed cookie per kind).
 * Owners' accounts are counted as `owner:<email>`, apart from the team's usernames.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { MSG } from "@botox/core";
import { hashPassword, verifyPassword } from "@botox/db";
import type { AppEnv, Deps } from "../context.ts";
import { cookiesSecure } from "../env.ts";
import { HttpError } from "../lib/errors.ts";
import {
  LOGIN_DEVICE_COOKIE,
  LOGIN_DEVICE_MAX_AGE_SECONDS,
  LoginThrottle,
  VerificationGate,
  createThrottleStore,
  issueDeviceToken,
  knownDeviceId,
} from "./login-throttle.ts";

/**
 * The login throttle of one app, kept in deps.state (exported for tests, which replace its sleep).
 * @internal Exported for its tests.
 */
export function throttleFor(deps: Deps): LoginThrottle {
  const throttles = deps.state.loginThrottles;
  let t = throttles.get(deps);
  if (!t) throttles.set(deps, (t = new LoginThrottle(createThrottleStore(deps.env, deps.state.redis), deps.logger)));
  return t;
}
// One per process: the verifications share its cores whichever app instance runs them.
const verificationGate = new VerificationGate();

// Verified when the account is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword("dummy password for timing equalization"));

function throttled(c: Context<AppEnv>, retryAfterSeconds: number): never {
  c.header("Retry-After", String(retryAfterSeconds));
  throw new HttpError(429, MSG.admin.loginThrottled);
}

export interface PasswordCheck<A> {
  /** The throttle's key of the account: the team's username, or `owner:<email>`. */
  account: string;
  password: string;
  /** The account and its hash; null (or a null hash) when there is none to check. */
  find: () => Promise<{ account: A; passwordHash: string | null } | null>;
  /** The 401 answer's message. */
  invalid: string;
  /** The cookie naming a device that signed in to this kind of account before. */
  deviceCookie: string;
}

/** The account when the password is right; else a 401 (wrong) or 429 (throttled) HttpError. */
export async function checkPassword<A>(c: Context<AppEnv>, check: PasswordCheck<A>): Promise<A> {
  const { secret, env } = c.get("deps");
  const address = c.get("clientIp") ?? "unknown";
  const throttle = throttleFor(c.get("deps"));
  const deviceId = knownDeviceId(secret, check.account, getCookie(c, check.deviceCookie));
  // Counted before the password is checked, so simultaneous guesses cannot overtake the count.
  const reservation = await throttle.reserve(check.account, address, deviceId);
  if (!reservation.allowed) throttled(c, reservation.retryAfterSeconds);
  // Past the free attempts, one account's checks run one at a time (from any addresses).
  const checked = await throttle.slowed(check.account, reservation.delayMs, async () => {
    const found = await check.find();
    const hash = found?.passwordHash ?? (await getDummyHash());
    return { found, verified: await verificationGate.run(() => verifyPassword(hash, check.password)) };
  });
  if (!checked) throttled(c, Math.max(1, Math.ceil(reservation.delayMs / 1000)));
  const { found, verified } = checked.value;
  if (!verified) throttled(c, 1);
  if (!found?.passwordHash || !verified.value) throw new HttpError(401, check.invalid);
  await throttle.recordSuccess(check.account, address, deviceId, reservation.deviceLane);
  if (!deviceId) {
    setCookie(c, check.deviceCookie, issueDeviceToken(secret, check.account), {
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
      maxAge: LOGIN_DEVICE_MAX_AGE_SECONDS,
      secure: cookiesSecure(env),
    });
  }
  return found.account;
}

/** Owners' device cookie: apart from the team's (`login_device`), so one browser can hold both. */
export const OWNER_DEVICE_COOKIE = "owner_login_device";
export { LOGIN_DEVICE_COOKIE as ADMIN_DEVICE_COOKIE };
