// Passwords people pick first. The list is zxcvbn-ts's common-password dictionary (about 49,000
// passwords from public breach corpora, MIT licence), shipped in an npm package so nothing is
// downloaded at run time (docs/decisions/018). Loaded on the first check, not at start: it costs
// a few megabytes and a fifth of a second that a server nobody signs up on never needs.

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return common;
}

/** True for a password on the list (any case), or one that is the account's own email. */
export async function isCommonPassword(password: string, email?: string): Promise<boolean> {
  const candidate = password.normalize('NFKC').trim().toLowerCase();
  if ((await commonPasswords()).has(candidate)) return true;
  if (!email) return false;
  const localPart = email.split('@')[0] ?? '';
  return candidate === email.toLowerCase() || candidate === localPart.toLowerCase();
}
