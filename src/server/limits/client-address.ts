// The key a client address is counted under. One IPv6 subscriber usually holds a whole /64, so
// counting single IPv6 addresses would give each client 2^64 fresh budgets; an IPv4 address
// (or an IPv4-mapped IPv6 one) is counted as itself.
import { isIPv4, isIPv6 } from 'node:net';

export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(ip: string): string[] {
  const address = ip.split('%')[0] ?? ip; // a zone index (fe80::1%eth0) is not part of it
  const [head = '', tail] = address.split('::');
  const toGroups = (part: string) => (part === '' ? [] : part.split(':'));
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 style) counts as two groups.
  const last = tailGroups.at(-1) ?? headGroups.at(-1);
  const ipv4Groups = last && isIPv4(last) ? 1 : 0;
  const missing = 8 - headGroups.length - tailGroups.length - ipv4Groups;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return groups.map((group) => (isIPv4(group) ? group : (parseInt(group, 16) || 0).toString(16)));
}
