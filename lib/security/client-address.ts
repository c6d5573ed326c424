import proxyaddr from "proxy-addr";

/**
 * Whose address a request is counted under (the per-address limits). Kassa's server
 * (scripts/serve.mjs) writes the socket's own address into PEER_HEADER on every request,
 * after dropping any copy the client sent, so the header cannot be chosen from outside.
 * X-Forwarded-For is read only when KASSA_TRUSTED_PROXIES says proxies stand in front:
 * with N hops, the address N from the right; with a list, the first address from the
 * right that is not a trusted proxy (proxy-addr, as Express reads it).
 */
export const PEER_HEADER = "x-kassa-peer";

/** KASSA_TRUSTED_PROXIES, parsed: none, a hop count, or addresses and CIDR ranges. */
export type TrustedProxies = { hops: number } | { list: string[] };

type Trust = (address: string, index: number) => boolean;
const compiled = new WeakMap<TrustedProxies, Trust>();

function trustOf(trusted: TrustedProxies): Trust {
  let trust = compiled.get(trusted);
  if (!trust) {
    const hops = "hops" in trusted ? trusted.hops : 0;
    trust = "list" in trusted ? proxyaddr.compile(trusted.list) : (_a, i) => i < hops;
    compiled.set(trusted, trust);
  }
  return trust;
}

/** Throws a TypeError naming the bad entry (for the configuration check). */
export function checkTrustedList(list: string[]): void {
  proxyaddr.compile(list);
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are one client. */
function plain(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
}

/**
 * The client's address from a request's headers. Without the peer header (a server other than
 * Kassa's own, such as `next dev`) nothing about the socket is known and every request counts
 * as one client, never as whatever X-Forwarded-For claims.
 */
export function clientAddressFrom(
  get: (name: string) => string | null | undefined,
  trusted: TrustedProxies,
): string {
  const peer = get(PEER_HEADER)?.trim();
  if (!peer) return "unknown";
  const forwarded = get("x-forwarded-for");
  const request = {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwarded ? { "x-forwarded-for": forwarded } : {},
  };
  return plain(proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trustOf(trusted)));
}
