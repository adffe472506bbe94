import { z } from 'zod';
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_LENGTH } from '../limits';
import { ROLES } from '../roles';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Enter a valid email address.' }));

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

export const signInInputSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required.').max(PASSWORD_LENGTH.max),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters.`)
    .max(PASSWORD_LENGTH.max),
  full_name: z.string().trim().min(1, 'Full name is required.').max(FULL_NAME_MAX_LENGTH),
  role: z.enum(ROLES),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** Browsers send no body (the cookie carries the token); other clients may send it here. */
export const refreshInputSchema = z
  .object({ refresh_token: z.string().min(1).max(200).optional() })
  .nullish();

/** What sign-in, sign-up and refresh answer (DESIGN §6). */
export const authSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int().describe('Unix time in seconds when the access token expires'),
  refresh_token: z
    .string()
    .optional()
    .describe('Only for non-browser clients; browsers get it as the httpOnly cookie only'),
  user: userSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const sessionResponseSchema = z.object({ user: userSchema });

/** The sign-in screen's demo accounts (GET /api/auth/demo-accounts). */
export const demoAccountsSchema = z.object({
  items: z.array(userSchema.pick({ email: true, full_name: true, role: true })),
  /** Shared by all demo accounts; null when no demo data is seeded. */
  password: z.string().nullable(),
});
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;
export type DemoAccount = DemoAccounts['items'][number];
