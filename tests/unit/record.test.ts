import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv, writeCsv } from "@/lib/record/auditor/csv";
import { canonicalJson, entryHash, GENESIS_HASH } from "@/lib/record/canonical";
import {
  checkpointBody,
  checkpointFileName,
  checkpointSignatureHolds,
  parseCheckpoint,
  type CheckpointFields,
} from "@/lib/record/checkpoint";
import {
  hashSignatureHolds,
  keyFingerprint,
  loadOrMakeSigningKey,
  publicKeyFromText,
  signerOf,
  signHash,
  signText,
} from "@/lib/record/keys";
import {
  applyContribution,
  contributionOf,
  recordedState,
  type Totals,
} from "@/lib/record/objects";
import { maskedReference } from "@/lib/record/slip-check";
import { groupedCode, readSlipCode, slipCode, slipMacHolds } from "@/lib/record/slip-code";

/** The record's pure parts: canonical form, hashes, signatures, checkpoints, slip codes. */
const signer = signerOf(crypto.generateKeyPairSync("ed25519").privateKey);
const other = signerOf(crypto.generateKeyPairSync("ed25519").privateKey);

describe("canonical JSON", () => {
  it("sorts every object's keys, drops nothing but undefined, and has no spaces", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: "é" }], c: true }, u: undefined })).toBe(
      '{"a":{"c":true,"d":[1,{"y":"é","z":null}]},"b":1}',
    );
    // Keys that look like numbers sort as text too, wherever JavaScript put them.
    expect(canonicalJson({ "5000": 2, "20000": 3, "100": 1 })).toBe('{"100":1,"20000":3,"5000":2}');
  });
});

describe("an entry's hash and signature", () => {
  it("hashes the previous hash's bytes and the canonical text with SHA-256", () => {
    const expected = crypto
      .createHash("sha256")
      .update(Buffer.alloc(32))
      .update('{"id":1}')
      .digest("hex");
    expect(entryHash(GENESIS_HASH, '{"id":1}')).toBe(expected);
    expect(entryHash("11".repeat(32), '{"id":1}')).not.toBe(expected);
  });

  it("signs the hash with Ed25519: only that hash, only with that key", () => {
    const hash = entryHash(GENESIS_HASH, "x");
    const signature = signHash(signer, hash);
    expect(hashSignatureHolds(signer.publicKey, hash, signature)).toBe(true);
    expect(hashSignatureHolds(signer.publicKey, entryHash(GENESIS_HASH, "y"), signature)).toBe(
      false,
    );
    expect(hashSignatureHolds(other.publicKey, hash, signature)).toBe(false);
    expect(hashSignatureHolds(signer.publicKey, hash, "not base64 at all")).toBe(false);
  });

  it("prints the public key as base64 of 32 bytes that reads back, with a short fingerprint", () => {
    expect(Buffer.from(signer.publicKeyText, "base64")).toHaveLength(32);
    const back = publicKeyFromText(signer.publicKeyText)!;
    expect(hashSignatureHolds(back, "00".repeat(32), signHash(signer, "00".repeat(32)))).toBe(true);
    expect(publicKeyFromText("short")).toBeUndefined();
    expect(keyFingerprint(signer.publicKeyText)).toMatch(/^[0-9A-F]{4}( [0-9A-F]{4}){3}$/);
  });

  it("makes the signing key once, readable by its owner only, and keeps it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-key-"));
    try {
      const file = path.join(dir, "signing-key");
      const first = loadOrMakeSigningKey(file);
      expect(first.made).toBe(true);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const again = loadOrMakeSigningKey(file);
      expect(again.made).toBe(false);
      expect(again.signer.publicKeyText).toBe(first.signer.publicKeyText);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("checkpoints", () => {
  const fields: CheckpointFields = {
    v: 1,
    kind: "z",
    label: "12",
    seq: 40,
    hash: "ab".repeat(32),
    at: "2026-11-24T16:00:00.000000Z",
    totals: { "sale/electricity/cash": { count: 3, cents: 45_000 } },
    publicKey: signer.publicKeyText,
    shiftId: "s-1",
  };
  const signed = { ...fields, signature: signText(signer, checkpointBody(fields)) };

  it("reads back from its file and holds under its key, not once changed", () => {
    const parsed = parseCheckpoint(JSON.stringify(signed, null, 2));
    expect(parsed).toEqual({ ok: true, checkpoint: signed });
    expect(checkpointSignatureHolds(signer.publicKey, signed)).toBe(true);
    expect(checkpointSignatureHolds(other.publicKey, signed)).toBe(false);
    const richer = { ...signed, totals: { "sale/electricity/cash": { count: 3, cents: 99_000 } } };
    expect(checkpointSignatureHolds(signer.publicKey, richer)).toBe(false);
    expect(checkpointFileName("kassa", fields)).toBe("kassa-checkpoint-000000000040-z-12.json");
    expect(parseCheckpoint("{}").ok).toBe(false);
  });
});

describe("row states and totals", () => {
  const sale = {
    id: "a",
    status: "completed",
    kind: "electricity",
    method: "cash",
    amountCents: 1000,
    reference: "r",
    userId: "u",
    tillId: "t",
    shiftId: null,
    idempotencyKey: "k",
    errorKind: null,
    resolvedBy: null,
    resultSha256: "x",
  };

  it("tells a sale's state by its exact keys, and nothing with a key more or less", () => {
    expect(recordedState({ state: sale })).toMatchObject({ table: "sales", object: "sales:a" });
    expect(recordedState({ state: { ...sale, extra: 1 } })).toBeUndefined();
    expect(recordedState({ state: { id: "a" } })).toBeUndefined();
    expect(recordedState({ to: "completed" })).toBeUndefined();
  });

  it("counts a completed sale once, and takes it out when a later state fails it", () => {
    const totals: Totals = {};
    const completed = contributionOf(recordedState({ state: sale })!);
    applyContribution(totals, { total: null, cents: 0 }, completed);
    expect(totals).toEqual({ "sale/electricity/cash": { count: 1, cents: 1000 } });
    const failed = contributionOf(recordedState({ state: { ...sale, status: "failed" } })!);
    applyContribution(totals, completed, failed);
    expect(totals).toEqual({});
  });
});

describe("slip codes", () => {
  const saleId = "3f2a9c41-7d0e-4b5a-9c1d-2e3f4a5b6c7d";
  const code = slipCode(signer, saleId);

  it("are 16 characters of Crockford's base32, read back however they are typed", () => {
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const typed = groupedCode(code).toLowerCase().replace(/0/g, "o");
    const read = readSlipCode(typed)!;
    expect(read.code).toBe(code);
    expect(read.from <= saleId && saleId <= read.to).toBe(true);
    expect(read.from.startsWith("3f2a9c41-7d")).toBe(true);
    expect(slipMacHolds(signer, saleId, read.mac)).toBe(true);
  });

  it("match no slip with one character changed, or under another shop's key", () => {
    const last = code.at(-1) === "0" ? "1" : "0";
    const altered = readSlipCode(code.slice(0, -1) + last)!;
    expect(slipMacHolds(signer, saleId, altered.mac)).toBe(false);
    expect(slipMacHolds(other, saleId, readSlipCode(code)!.mac)).toBe(false);
    expect(readSlipCode("not a code")).toBeUndefined();
    expect(readSlipCode(code + "0")).toBeUndefined();
  });

  it("show only the last four characters of what a sale was for", () => {
    expect(maskedReference("electricity", "01300000005")).toBe("…0005");
    expect(maskedReference("fines", "1111222233 4444555566")).toBe("…2233, …5566");
    expect(maskedReference("vas", "MTN-AIR-5 27821234567")).toBe("…4567");
    expect(maskedReference("vas", "GIFT-100")).toBe("—");
  });
});

describe("the auditor's CSV", () => {
  it("reads back exactly what it wrote: quotes, commas, line breaks, formulas and signatures", () => {
    const rows = [["a,b", 'say "hi"', "two\r\nlines", "=SUM(A1)", "+base64/sig==", null, 12, true]];
    const text = writeCsv(["a", "b", "c", "d", "e", "f", "g", "h"], rows);
    expect(parseCsv(text)).toEqual([
      ["a", "b", "c", "d", "e", "f", "g", "h"],
      ["a,b", 'say "hi"', "two\r\nlines", "=SUM(A1)", "+base64/sig==", "", "12", "true"],
    ]);
  });
});
