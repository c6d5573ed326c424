import crypto, { type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Kassa's signing key (Ed25519, node:crypto): made by Kassa itself at its first start, in the
 * folder that holds the data folder (`.data/signing-key` beside `.data/kassa`, as the
 * server-action key is), readable by its own user only. It is never written to the journal,
 * so no database copy or backup holds it; whoever has only the database cannot sign.
 * No server-only guard: `npm run verify` and the tests read keys too.
 */
export interface Signer {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as printed on Z reports and shown in the office: base64 of its 32 bytes. */
  publicKeyText: string;
}

/** Where the signing key of the journal in `dataDir` lives. */
export function signingKeyFile(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), "signing-key");
}

/** The signer of a private key (a new one in tests: `crypto.generateKeyPairSync("ed25519")`). */
export function signerOf(privateKey: KeyObject): Signer {
  const publicKey = crypto.createPublicKey(privateKey);
  return { privateKey, publicKey, publicKeyText: publicKeyText(publicKey) };
}

/** The signing key in `file`, made there (mode 0600) when there is none yet. */
export function loadOrMakeSigningKey(file: string): { signer: Signer; made: boolean } {
  const existing = readSigningKey(file);
  if (existing) return { signer: existing, made: false };
  const { privateKey } = crypto.generateKeyPairSync("ed25519");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  try {
    // "wx": two instances starting together on one folder keep the first key, never two.
    fs.writeFileSync(file, pem, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { signer: readSigningKey(file)!, made: false };
  }
  return { signer: signerOf(privateKey), made: true };
}

/** The signing key in `file`, or undefined when there is none. */
export function readSigningKey(file: string): Signer | undefined {
  let pem: string;
  try {
    pem = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return signerOf(crypto.createPrivateKey(pem));
}

// An Ed25519 public key in SPKI DER is this fixed prefix and the key's 32 bytes.
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

export function publicKeyText(publicKey: KeyObject): string {
  const der = publicKey.export({ format: "der", type: "spki" });
  return der.subarray(der.length - 32).toString("base64");
}

/** A public key from its printed text (base64 of 32 bytes); undefined when it is not one. */
export function publicKeyFromText(text: string): KeyObject | undefined {
  const raw = Buffer.from(text.trim(), "base64");
  if (raw.length !== 32) return undefined;
  try {
    return crypto.createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, raw]),
      format: "der",
      type: "spki",
    });
  } catch {
    return undefined;
  }
}

/** A short fingerprint to compare by eye with a printed one: `3F9A 11C2 7B04 E8D1`. */
export function keyFingerprint(publicKeyText: string): string {
  const hex = crypto
    .createHash("sha256")
    .update(Buffer.from(publicKeyText, "base64"))
    .digest("hex");
  return (hex.slice(0, 16).toUpperCase().match(/.{4}/g) ?? []).join(" ");
}

/** Ed25519 over a chain entry's hash (its 32 bytes), base64. */
export function signHash(signer: Signer, hash: string): string {
  return crypto.sign(null, Buffer.from(hash, "hex"), signer.privateKey).toString("base64");
}

export function hashSignatureHolds(publicKey: KeyObject, hash: string, signature: string): boolean {
  try {
    return crypto.verify(
      null,
      Buffer.from(hash, "hex"),
      publicKey,
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}

/** Ed25519 over a text (a checkpoint's canonical body), base64. */
export function signText(signer: Signer, text: string): string {
  return crypto.sign(null, Buffer.from(text, "utf8"), signer.privateKey).toString("base64");
}

export function textSignatureHolds(publicKey: KeyObject, text: string, signature: string): boolean {
  try {
    return crypto.verify(
      null,
      Buffer.from(text, "utf8"),
      publicKey,
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}

/**
 * The key of slip codes' HMAC, derived from the signing key: only this shop's Kassa can make
 * a code its /verify page accepts, and the derived key never signs anything else.
 */
export function slipCodeKey(signer: Signer): Buffer {
  const jwk = signer.privateKey.export({ format: "jwk" });
  return crypto
    .createHash("sha256")
    .update("kassa slip codes\0")
    .update(Buffer.from(jwk.d ?? "", "base64url"))
    .digest();
}
