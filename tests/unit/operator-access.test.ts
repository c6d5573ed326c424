import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env-schema";
import {
  FORWARDING_HEADERS,
  PEER_HEADER,
  PEER_PROOF_HEADER,
  PEER_VIA_HEADER,
  peerProof,
} from "@/lib/security/client-address";
import { operatorAccess } from "@/lib/security/operator-access";

/**
 * Who reads the operator's view (/api/metrics, and the detail of /api/health): the bearer of
 * KASSA_METRICS_TOKEN, or without one a client on this machine that no proxy stands in for.
 */
const g = globalThis as unknown as { kassaPeerSecret?: Buffer };
const SECRET = Buffer.from("the secret of this process's own server");
const TOKEN = "metrics-token-0123456789";

/**
 * A request from `address` as Kassa's own server (scripts/serve.mjs) hands it on: the headers
 * the client sent, and the peer it vouches for, forwarded when a forwarding header came.
 */
function from(address: string, sent: Record<string, string> = {}) {
  const via = FORWARDING_HEADERS.some((name) => name in sent) ? "forwarded" : "direct";
  const all: Record<string, string> = {
    ...sent,
    [PEER_HEADER]: address,
    [PEER_VIA_HEADER]: via,
    [PEER_PROOF_HEADER]: peerProof(SECRET, { address, via }),
  };
  return (name: string) => all[name];
}
const config = (vars: Record<string, string> = {}) => parseEnv(vars);

beforeAll(() => {
  g.kassaPeerSecret = SECRET;
});
afterAll(() => {
  g.kassaPeerSecret = undefined;
});

describe("the operator's view", () => {
  it("is open to a client on this machine when no token and no proxy are configured", () => {
    expect(operatorAccess(from("127.0.0.1"), config()).ok).toBe(true);
    expect(operatorAccess(from("::ffff:127.0.0.1"), config()).ok).toBe(true);
    expect(operatorAccess(from("192.0.2.10"), config())).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses the loopback exemption whenever a forwarding header is present (a proxy on this PC)", () => {
    for (const header of ["x-forwarded-for", "x-real-ip", "forwarded", "x-forwarded-host"])
      expect(
        operatorAccess(from("127.0.0.1", { [header]: "203.0.113.9" }), config()),
        header,
      ).toMatchObject({ ok: false, status: 403 });
  });

  it("needs the token whenever proxies are configured, whatever address they forward", () => {
    for (const proxies of ["1", "127.0.0.1"]) {
      const behind = config({ KASSA_TRUSTED_PROXIES: proxies });
      expect(operatorAccess(from("127.0.0.1"), behind)).toMatchObject({ ok: false, status: 403 });
      expect(
        operatorAccess(from("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), behind),
      ).toMatchObject({ ok: false, status: 403 });
      const withToken = config({ KASSA_TRUSTED_PROXIES: proxies, KASSA_METRICS_TOKEN: TOKEN });
      const bearer = { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" };
      expect(operatorAccess(from("127.0.0.1", bearer), withToken).ok).toBe(true);
    }
  });

  it("with a token, answers its bearer only, even on this machine", () => {
    const withToken = config({ KASSA_METRICS_TOKEN: TOKEN });
    expect(operatorAccess(from("127.0.0.1"), withToken)).toMatchObject({ ok: false, status: 401 });
    expect(
      operatorAccess(from("127.0.0.1", { authorization: `Bearer ${TOKEN}x` }), withToken),
    ).toMatchObject({ ok: false, status: 401 });
    expect(
      operatorAccess(from("192.0.2.10", { authorization: `Bearer ${TOKEN}` }), withToken).ok,
    ).toBe(true);
  });

  it("believes no loopback peer that Kassa's own server did not vouch for", () => {
    const claimed = (name: string) =>
      ({ [PEER_HEADER]: "127.0.0.1", [PEER_VIA_HEADER]: "direct" })[name];
    expect(operatorAccess(claimed, config())).toMatchObject({ ok: false, status: 403 });
    // Nor one whose proof says a proxy forwarded it, whatever headers the route sees later.
    const forwarded = from("127.0.0.1", { "x-forwarded-for": "203.0.113.9" });
    const withoutTheHeader = (name: string) =>
      name === "x-forwarded-for" ? undefined : forwarded(name);
    expect(operatorAccess(withoutTheHeader, config())).toMatchObject({ ok: false, status: 403 });
  });
});
