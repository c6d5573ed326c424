import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientAddressFrom,
  PEER_HEADER,
  PEER_PROOF_HEADER,
  PEER_VIA_HEADER,
  peerProof,
} from "@/lib/security/client-address";
import { parseEnv } from "@/lib/env-schema";

/** Whose address the per-address limits count (lib/security/client-address.ts). */
const g = globalThis as unknown as { kassaPeerSecret?: Buffer };
const SECRET = Buffer.from("the secret scripts/serve.mjs makes for its own process");
/** A request as Kassa's own server hands it on: the peer header with its proof. */
const proof = (address: string, secret = SECRET) => peerProof(secret, { address, via: "direct" });
const headers = (h: Record<string, string>) => {
  const peer = h[PEER_HEADER];
  const all: Record<string, string> =
    peer === undefined
      ? h
      : { [PEER_VIA_HEADER]: "direct", [PEER_PROOF_HEADER]: proof(peer), ...h };
  return (name: string) => all[name];
};
beforeAll(() => {
  g.kassaPeerSecret = SECRET;
});
afterAll(() => {
  g.kassaPeerSecret = undefined;
});
const trusted = (value?: string) => parseEnv({ KASSA_TRUSTED_PROXIES: value }).trustedProxies;

describe("the client address", () => {
  it("is the socket's by default, whatever forwarding headers the client sends", () => {
    const get = headers({
      [PEER_HEADER]: "::ffff:192.0.2.10",
      "x-forwarded-for": "203.0.113.1, 203.0.113.2",
      "x-real-ip": "203.0.113.3",
    });
    expect(clientAddressFrom(get, trusted())).toBe("192.0.2.10");
    expect(clientAddressFrom(get, trusted("0"))).toBe("192.0.2.10");
  });

  it("is one shared unknown without the peer header Kassa's server writes, never a forwarded value", () => {
    expect(clientAddressFrom(headers({ "x-forwarded-for": "203.0.113.1" }), trusted())).toBe(
      "unknown",
    );
  });

  it("is the shared unknown for a peer header without the proof of Kassa's own server", () => {
    const peer = "192.0.2.10";
    const asked = (h: Record<string, string>) =>
      clientAddressFrom((n) => ({ [PEER_VIA_HEADER]: "direct", ...h })[n], trusted());
    expect(asked({ [PEER_HEADER]: peer })).toBe("unknown");
    expect(asked({ [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: "made-up" })).toBe("unknown");
    // A proof of another address, or under another secret, proves nothing.
    expect(asked({ [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: proof("192.0.2.11") })).toBe(
      "unknown",
    );
    expect(
      asked({ [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: proof(peer, Buffer.from("other")) }),
    ).toBe("unknown");
    expect(asked({ [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: proof(peer) })).toBe(peer);
    // A server that is not Kassa's own (next start) made no secret: no peer is believed.
    g.kassaPeerSecret = undefined;
    try {
      expect(asked({ [PEER_HEADER]: peer, [PEER_PROOF_HEADER]: proof(peer) })).toBe("unknown");
    } finally {
      g.kassaPeerSecret = SECRET;
    }
  });

  it("with N trusted hops, is the address N from the right", () => {
    const get = headers({
      [PEER_HEADER]: "10.0.0.2",
      "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.1",
    });
    expect(clientAddressFrom(get, trusted("1"))).toBe("10.0.0.1");
    expect(clientAddressFrom(get, trusted("2"))).toBe("198.51.100.7");
    // Fewer entries than hops: the furthest one there is.
    expect(clientAddressFrom(get, trusted("9"))).toBe("6.6.6.6");
  });

  it("with a list, is the first address from the right that is not a trusted proxy", () => {
    const get = headers({
      [PEER_HEADER]: "10.0.0.2",
      "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3",
    });
    expect(clientAddressFrom(get, trusted("10.0.0.2, 10.1.0.0/16"))).toBe("198.51.100.7");
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientAddressFrom(get, trusted("10.9.9.9"))).toBe("10.0.0.2");
  });

  it("refuses a value that is neither a hop count nor addresses, naming the variable", () => {
    expect(() => parseEnv({ KASSA_TRUSTED_PROXIES: "nginx" })).toThrow(/KASSA_TRUSTED_PROXIES/);
    expect(() => parseEnv({ KASSA_TRUSTED_PROXIES: "10.0.0.0/99" })).toThrow(
      /KASSA_TRUSTED_PROXIES/,
    );
    expect(() => parseEnv({ KASSA_TRUSTED_PROXIES: "11" })).toThrow(/KASSA_TRUSTED_PROXIES/);
  });
});
