/**
 * How Kassa's own server (scripts/serve.mjs) vouches for a request's peer, and what the app
 * checks it by (lib/security/client-address.ts): the headers it writes and the proof over them.
 * Plain JavaScript, because serve.mjs runs it with node before anything is built.
 */
import { createHmac } from "node:crypto";

export const PEER_HEADER = "x-kassa-peer";
export const PEER_VIA_HEADER = "x-kassa-peer-via";
export const PEER_PROOF_HEADER = "x-kassa-peer-proof";
/** Headers by which a proxy speaks for a client. */
export const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "via",
];

/** The proof of a peer (its address, and whether it came `direct` or `forwarded`) under `secret`. */
export function peerProof(secret, peer) {
  return createHmac("sha256", secret).update(`${peer.address} ${peer.via}`).digest("base64url");
}
