import { timingSafeEqual } from "node:crypto";
import proxyaddr from "proxy-addr";
import {
  PEER_HEADER,
  PEER_PROOF_HEADER,
  PEER_VIA_HEADER,
  peerProof,
  type Peer,
} from "./peer-proof.mjs";

/**
 * Whose address a request is counted under (the per-address limits). Kassa's server
 * (scripts/serve.mjs) writes the socket's own address into PEER_HEADER on every request, and
 * into PEER_VIA_HEADER whether the request came with a proxy's forwarding header (Next.js adds
 * X-Forwarded-* headers of its own later, so only that server can tell), both proven by
 * PEER_PROOF_HEADER: an HMAC under a secret that server makes for its own process
 * (globalThis.kassaPeerSecret) and never sends anywhere. A peer header without a proof that
 * checks (sent by a client, or under `next start`, which makes no secret) counts for nothing.
 * X-Forwarded-For is read only when KASSA_TRUSTED_PROXIES says proxies stand in front: with N
 * hops, the address N from the right; with a list, the first address from the right that is
 * not a trusted proxy (proxy-addr, as Express reads it).
 */
// The headers and the proof, shared with scripts/serve.mjs, are this module's too.
export * from "./peer-proof.mjs";

const globalForPeer = globalThis as unknown as { kassaPeerSecret?: Buffer };

/** The peer Kassa's own server vouched for, or undefined. */
export function provenPeer(get: (name: string) => string | null | undefined): Peer | undefined {
  const secret = globalForPeer.kassaPeerSecret;
  const address = get(PEER_HEADER)?.trim();
  const via = get(PEER_VIA_HEADER);
  if (!secret || !address || (via !== "direct" && via !== "forwarded")) return undefined;
  const peer: Peer = { address, via };
  const given = Buffer.from(get(PEER_PROOF_HEADER) ?? "");
  const expected = Buffer.from(peerProof(secret, peer));
  return given.length === expected.length && timingSafeEqual(given, expected) ? peer : undefined;
}

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
 * The client's address from a request's headers. Without a proven peer (a server other than
 * Kassa's own, such as `next start` or `next dev`, or a header the client made up) nothing
 * about the socket is known and every request counts as one client, never as whatever
 * X-Forwarded-For or the peer header claims.
 */
export function clientAddressFrom(
  get: (name: string) => string | null | undefined,
  trusted: TrustedProxies,
): string {
  const peer = provenPeer(get)?.address;
  if (!peer) return "unknown";
  const forwarded = get("x-forwarded-for");
  const request = {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwarded ? { "x-forwarded-for": forwarded } : {},
  };
  return plain(proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trustOf(trusted)));
}
