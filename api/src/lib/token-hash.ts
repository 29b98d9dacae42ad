/**
 * The stored form of a secret token: its SHA-256, in hex. Session ids (decision 003), emailed
 * links (owner sign-in, co-owner invites, claim evidence, newsletter confirmation) and
 * second-factor recovery codes keep only this, so a leaked table yields no usable token.
 */
import { createHash } from "node:crypto";

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
