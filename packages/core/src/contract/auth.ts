/** The admin's session (product.md §5, §7.2): POST /login and /logout. */
import { z } from "zod";
import { MSG } from "../messages.ts";

export const loginSchema = z.object({
  username: z.string({ error: MSG.admin.loginRequired }).trim().min(1, MSG.admin.loginRequired).max(100),
  password: z.string({ error: MSG.admin.loginRequired }).min(1, MSG.admin.loginRequired).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const loginResponseSchema = z.object({
  user: z.object({ id: z.number(), username: z.string() }),
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
