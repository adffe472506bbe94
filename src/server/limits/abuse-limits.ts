// The abuse limits of the server, built once from the configuration (docs/security.md lists
// each with its setting). Their counters live in a counter store: this process's memory, or
// Redis when REDIS_URL is set, so several instances count together (docs/decisions/025).
import type { Config } from '../config';
import { createAccountBackoff, type AccountBackoff } from './account-backoff';
import type { CounterStore } from './counter-store';
import { createWindowCounter, type WindowCounter } from './window-counter';

const HOUR_MS = 60 * 60 * 1000;

export interface AbuseLimits {
  settings: Config['limits'];
  /** Failed sign-ins per account (the email as typed, existing or not), with backoff. */
  signInAccounts: AccountBackoff;
  /**
   * Failures per client address: wrong passwords, and sign-ups refused because the email has
   * an account (which would otherwise let anyone test which emails are registered).
   */
  failuresByAddress: WindowCounter;
  signUpsByAddress: WindowCounter;
  uploadsByStudent: WindowCounter;
  close(): Promise<void>;
}

export function createAbuseLimits(settings: Config['limits'], store: CounterStore): AbuseLimits {
  return {
    settings,
    signInAccounts: createAccountBackoff(store, {
      freeFailures: settings.signIn.accountFailures,
      windowMs: settings.signIn.windowMs,
    }),
    failuresByAddress: createWindowCounter(store, {
      name: 'failures-by-address',
      windowMs: settings.signIn.windowMs,
    }),
    signUpsByAddress: createWindowCounter(store, {
      name: 'sign-ups-by-address',
      windowMs: HOUR_MS,
    }),
    uploadsByStudent: createWindowCounter(store, { name: 'uploads-by-student', windowMs: HOUR_MS }),
    close: () => store.close(),
  };
}
