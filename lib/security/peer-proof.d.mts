export declare const PEER_HEADER = "x-kassa-peer";
export declare const PEER_VIA_HEADER = "x-kassa-peer-via";
export declare const PEER_PROOF_HEADER = "x-kassa-peer-proof";
export declare const FORWARDING_HEADERS: string[];

/** The socket's address, and whether the request came through a proxy (with its headers). */
export interface Peer {
  address: string;
  via: "direct" | "forwarded";
}

export declare function peerProof(secret: Buffer, peer: Peer): string;
