/**
 * Slows down repeated failed logins per username and per address (ASVS 6.3.1) without a
 * permanent lock-out: after `maxFailures` failures inside the window the key waits until the
 * oldest failure leaves the window. A success clears the username's count.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until this key may try again, 0 when it may now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(0, recent[recent.length - this.maxFailures]! + this.windowMs - this.now());
  }

  fail(key: string) {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    if (this.failures.size > 50_000) this.prune();
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > since);
  }

  private prune() {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}

/** An address a user signed in from stays known this long (in memory, per process). */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
const MAX_KNOWN_ADDRESSES = 100_000;

export type LoginGuardOptions = {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
  now: () => number;
};

/**
 * The throttles of sign-in (ASVS 6.3.1, docs/decisions/020-login-throttling.md):
 * - per address: every failure from an address counts, whatever username it tried;
 * - per account: failures against one username from anywhere count;
 * - a user at an address they already signed in from is held back by neither of those (so
 *   someone guessing from elsewhere, or trying other accounts behind the office's NAT, cannot
 *   keep them out) but only by the failures against their username from that very address.
 * Each throttle ends by itself when its window passes.
 */
export function createLoginGuard(options: LoginGuardOptions) {
  const accounts = new LoginThrottle(options.maxPerAccount, options.windowMs, options.now);
  const addresses = new LoginThrottle(options.maxPerAddress, options.windowMs, options.now);
  const accountsAtAddress = new LoginThrottle(options.maxPerAccount, options.windowMs, options.now);
  const knownAddresses = new Map<string, number>();
  const accountKey = (username: string) => username.trim().toLowerCase();
  const pairKey = (username: string, address: string) => `${accountKey(username)}\n${address}`;

  function isKnown(username: string, address: string): boolean {
    const since = knownAddresses.get(pairKey(username, address));
    return since !== undefined && options.now() - since < KNOWN_ADDRESS_MS;
  }

  return {
    /** Milliseconds until this username may be tried from this address, 0 when now. */
    retryAfter(username: string, address: string): number {
      if (isKnown(username, address)) return accountsAtAddress.retryAfter(pairKey(username, address));
      return Math.max(accounts.retryAfter(accountKey(username)), addresses.retryAfter(address));
    },
    failed(username: string, address: string) {
      accounts.fail(accountKey(username));
      addresses.fail(address);
      accountsAtAddress.fail(pairKey(username, address));
    },
    succeeded(username: string, address: string) {
      accounts.reset(accountKey(username));
      accountsAtAddress.reset(pairKey(username, address));
      if (knownAddresses.size >= MAX_KNOWN_ADDRESSES) {
        const oldest = knownAddresses.keys().next().value;
        if (oldest !== undefined) knownAddresses.delete(oldest);
      }
      knownAddresses.delete(pairKey(username, address));
      knownAddresses.set(pairKey(username, address), options.now());
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
