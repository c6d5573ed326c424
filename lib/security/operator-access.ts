import { timingSafeEqual } from "node:crypto";
import { clientAddressFrom, provenPeer, type TrustedProxies } from "./client-address";

/**
 * Who reads the operator's view: /api/metrics and the detail of /api/health (the last call to
 * the core service, the counts, the breaker, the build). With KASSA_METRICS_TOKEN set, only its
 * bearer. Without it, only a client on this machine, and only when nothing stands between it
 * and Kassa: no proxy configured (KASSA_TRUSTED_PROXIES), no forwarding header in the request
 * (nginx or Caddy on the same PC connect from loopback for every client they pass on), and the
 * address Kassa's own server vouched for is loopback (never under `next start`).
 */
export type OperatorAccess = { ok: true } | { ok: false; status: 401 | 403; message: string };

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const proxiesConfigured = (trusted: TrustedProxies) =>
  "hops" in trusted ? trusted.hops > 0 : trusted.list.length > 0;

export function operatorAccess(
  get: (name: string) => string | null | undefined,
  config: { metricsToken?: string; trustedProxies: TrustedProxies },
): OperatorAccess {
  if (config.metricsToken) {
    const given = get("authorization")?.match(/^Bearer (.+)$/i)?.[1] ?? "";
    return sameSecret(given, config.metricsToken)
      ? { ok: true }
      : { ok: false, status: 401, message: "A bearer token is required for the metrics." };
  }
  if (proxiesConfigured(config.trustedProxies))
    return {
      ok: false,
      status: 403,
      message:
        "Kassa stands behind a proxy (KASSA_TRUSTED_PROXIES): set KASSA_METRICS_TOKEN to read the metrics.",
    };
  // Whether a forwarding header came with the request, Kassa's own server says (Next.js adds
  // X-Forwarded-* headers of its own before a route sees the request).
  const local =
    provenPeer(get)?.via === "direct" &&
    LOOPBACK.test(clientAddressFrom(get, config.trustedProxies));
  return local
    ? { ok: true }
    : {
        ok: false,
        status: 403,
        message:
          "The metrics are read from this machine only; set KASSA_METRICS_TOKEN to read them from elsewhere.",
      };
}
