import { regexes } from 'zod/v4/core';
import { ROLES, type Role } from '../roles';
import type { DemoAccount, DemoAccounts, User } from './auth';
import type { ApiErrorBody } from './errors';

/**
 * Zod-free readers for the few answers the web client handles before anyone signs in: the API's
 * error body, the profile kept in localStorage and the demo accounts. Bringing zod into the
 * sign-in page would cost it a quarter of its JavaScript (docs/decisions/023). The zod schemas
 * stay the source of truth: each reader accepts exactly what its schema accepts and answers what
 * its `parse` would (unknown keys dropped), and readers.test.ts holds them side by side.
 */

type Fields = Record<string, unknown>;

// As zod's z.object: any non-null object that is not an array.
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

// z.uuid()'s own pattern, so the two cannot disagree.
const UUID = regexes.uuid();

/** As `apiErrorSchema.safeParse(value)`: the body, or null. */
export function readApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isObject(value) || !isObject(value.error)) return null;
  const { code, message, details } = value.error;
  if (!isString(code) || !isString(message)) return null;
  return { error: { code, message, ...('details' in value.error && { details }) } };
}

/** As `userSchema.safeParse(value)`: the user, or null. */
export function readUser(value: unknown): User | null {
  if (!isObject(value)) return null;
  const { id, email, full_name, role } = value;
  if (!isString(id) || !UUID.test(id) || !isString(email) || !isString(full_name)) return null;
  return isRole(role) ? { id, email, full_name, role } : null;
}

function readDemoAccount(value: unknown): DemoAccount | null {
  if (!isObject(value)) return null;
  const { email, full_name, role } = value;
  return isString(email) && isString(full_name) && isRole(role) ? { email, full_name, role } : null;
}

/** As `demoAccountsSchema.safeParse(value)`: the demo accounts, or null. */
export function readDemoAccounts(value: unknown): DemoAccounts | null {
  if (!isObject(value) || !Array.isArray(value.items)) return null;
  const { password } = value;
  if (password !== null && !isString(password)) return null;
  const items: DemoAccount[] = [];
  for (const item of value.items as unknown[]) {
    const account = readDemoAccount(item);
    if (!account) return null;
    items.push(account);
  }
  return { items, password };
}
