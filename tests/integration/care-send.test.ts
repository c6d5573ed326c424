import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import { startSmtpListener, type SmtpListener } from "../support/smtp-listener";
import { privateSandbox } from "./sandbox-helpers";

/**
 * Sending a sale's tokens or PIN to the customer, against a sandbox of its own (its SMS
 * gateway) and a real SMTP listener, with a real journal: what arrives, what is kept (the
 * masked address only), the retry, the colleague's PIN, and a meter's story after a key change.
 */
const sb = privateSandbox();
const dataDir = path.join(os.tmpdir(), `kassa-care-${process.pid}-${Date.now()}`);
let smtp: SmtpListener;
let care: typeof import("@/lib/care/send");
let helper: typeof import("@/lib/care/helper");
let counter: typeof import("@/lib/sales/counter-sale");
let schema: typeof import("@/lib/db/schema");
let database: Awaited<ReturnType<typeof import("@/lib/db").db>>;
let cashier: Staff;
let colleague: Staff;
let supervisor: Staff;

const KEY_CHANGE_METER = "01300000005";
const GATEWAY = "/sms/v1/message";

async function staffOf(username: string, tillId: string): Promise<Staff> {
  const [user] = await database
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, username));
  const [till] = await database.select().from(schema.tills).where(eq(schema.tills.id, tillId));
  return {
    userId: user!.id,
    username,
    name: user!.displayName,
    role: user!.role,
    sessionId: randomUUID(),
    till: till!,
  };
}

function sellMeter(meterNumber: string, amountCents: number) {
  return counter.sell(cashier, {
    idempotencyKey: randomUUID(),
    kind: "electricity",
    method: "cash",
    reference: meterNumber,
    amountCents,
    place: "tshwane_prepaid",
    prepare: async () => ({
      request: {
        meterNumber,
        municipality: "tshwane_prepaid",
        customerName: "Pieter Botha",
        minCents: 1000,
        maxCents: 500000,
      },
    }),
  });
}

const texts = async () =>
  (await sb.control<{ messages: { to: string; content: string }[] }>("/sms")).body.messages;
const purchases = async () =>
  (await sb.control<{ requests: Record<string, number> }>("/requests")).body.requests[
    "/v2/Electricity/Purchase"
  ] ?? 0;

beforeAll(async () => {
  smtp = await startSmtpListener(0);
  process.env.KASSA_DATA_DIR = dataDir;
  process.env.KASSA_UPSTREAM_URL = sb.url;
  process.env.KASSA_SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.KASSA_MAIL_FROM = "Kassa Demo Store <tokens@kassa.test>";
  care = await import("@/lib/care/send");
  helper = await import("@/lib/care/helper");
  counter = await import("@/lib/sales/counter-sale");
  schema = await import("@/lib/db/schema");
  database = await (await import("@/lib/db")).db();
  cashier = await staffOf("cashier", "till-1");
  colleague = await staffOf("cashier2", "till-1");
  supervisor = await staffOf("supervisor", "till-1");
  const { openShift } = await import("@/lib/shifts/current");
  await openShift(cashier, 0);
});

afterAll(async () => {
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.lock`, { force: true });
});

describe("sending a sale's tokens", () => {
  it("an SMS and an e-mail carry this sale's tokens in order and nothing else; only the masked address is kept", async () => {
    const other = await sellMeter("01100000007", 5100);
    const sale = await sellMeter(KEY_CHANGE_METER, 5200);
    expect(sale.status).toBe("completed");
    const before = await purchases();

    const sms = await care.sendSaleToCustomer(cashier, {
      saleId: sale.id,
      channel: "sms",
      address: "27825550123",
    });
    expect(sms).toMatchObject({ status: "delivered", attempts: 1, maskedAddress: "082 *** **23" });
    const mail = await care.sendSaleToCustomer(cashier, {
      saleId: sale.id,
      channel: "email",
      address: "pieter@example.co.za",
    });
    expect(mail).toMatchObject({ status: "delivered", maskedAddress: "p***@e***.co.za" });

    const [row] = await database.select().from(schema.sales).where(eq(schema.sales.id, sale.id));
    const tokens = (row!.result as { tokens: { kind: string; digits: string }[] }).tokens;
    const grouped = (kind: string) =>
      tokens.filter((t) => t.kind === kind).map((t) => t.digits.replace(/(\d{4})(?=\d)/g, "$1 "));
    const inOrder = [...grouped("key_change"), ...grouped("credit")];
    const otherTokens = (other.tokens ?? []).map((t) => t.digits.replace(/(\d{4})(?=\d)/g, "$1 "));

    const [text] = await texts();
    expect(text!.to).toBe("27825550123");
    const [email] = smtp.received;
    expect(email!.to).toEqual(["pieter@example.co.za"]);
    expect(email!.subject).toContain(KEY_CHANGE_METER);
    for (const body of [text!.content, email!.text]) {
      const positions = inOrder.map((t) => body.indexOf(t));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(body.indexOf("key-change tokens first")).toBeLessThan(positions[0]!);
      for (const t of otherTokens) expect(body).not.toContain(t);
      expect(body).not.toContain("Botha");
      expect(body).not.toMatch(/\b\d{13}\b/);
    }

    const sends = await database
      .select()
      .from(schema.tokenSends)
      .where(eq(schema.tokenSends.saleId, sale.id));
    expect(sends.map((s) => s.maskedAddress).sort()).toEqual(["082 *** **23", "p***@e***.co.za"]);
    expect(JSON.stringify(sends)).not.toMatch(/825550123|pieter@/);
    const audited = await database
      .select()
      .from(schema.auditEvents)
      .where(
        and(eq(schema.auditEvents.kind, "token_sent"), eq(schema.auditEvents.subject, sale.id)),
      );
    expect(audited.map((a) => a.detail?.to).sort()).toEqual(["082 *** **23", "p***@e***.co.za"]);
    expect(audited.every((a) => a.username === "cashier")).toBe(true);
    // Nothing of a send reaches the core service.
    expect(await purchases()).toBe(before);
  });

  it("a failed attempt is tried once more; two failures are recorded as failed and audited", async () => {
    const sale = await sellMeter("01100000007", 5300);
    await sb.control("/faults", { path: GATEWAY, kind: "http500", count: 1 });
    const retried = await care.sendSaleToCustomer(cashier, {
      saleId: sale.id,
      channel: "sms",
      address: "0825550124",
    });
    expect(retried, JSON.stringify(retried)).toMatchObject({ status: "delivered", attempts: 2 });
    expect(await texts()).toHaveLength(1);

    await sb.control("/faults", { path: GATEWAY, kind: "http500", count: 3 });
    const failed = await care.sendSaleToCustomer(cashier, {
      saleId: sale.id,
      channel: "sms",
      address: "0825550124",
    });
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed.error).toMatch(/did not take the message/);
    expect(await texts()).toHaveLength(1);
    // One fault left: exactly two attempts were made.
    const faults = (await sb.control<{ faults: { remaining: number }[] }>("/faults")).body.faults;
    expect(faults.map((f) => f.remaining)).toEqual([1]);
    const [event] = await database
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.kind, "token_send_failed"));
    expect(event!.detail).toMatchObject({ channel: "sms", to: "082 *** **24", attempts: 2 });
  });

  it("a colleague's voucher PIN is refused to another cashier and sent by a supervisor", async () => {
    const [voucher] = await database
      .insert(schema.sales)
      .values({
        idempotencyKey: randomUUID(),
        kind: "vas",
        method: "cash",
        status: "completed",
        amountCents: 10000,
        reference: "NETFLORIST-100",
        request: {},
        result: {
          transactionId: "T1",
          productId: "NETFLORIST-100",
          productName: "Netflorist R100",
          category: "voucher",
          brand: "Netflorist",
          amountCents: 10000,
          fees: [],
          totalCents: 10000,
          recipient: null,
          pin: "9876543210987654",
          serialNumber: null,
          instructions: "Redeem at netflorist.co.za.",
          receiptNumber: "V1",
          at: new Date().toISOString(),
        },
        userId: colleague.userId,
        tillId: "till-1",
        attempts: 1,
      })
      .returning();
    await expect(
      care.sendSaleToCustomer(cashier, {
        saleId: voucher!.id,
        channel: "sms",
        address: "0825550125",
      }),
    ).rejects.toThrow(care.PIN_NEEDS_SUPERVISOR);
    expect(await texts()).toHaveLength(0);
    await care.sendSaleToCustomer(supervisor, {
      saleId: voucher!.id,
      channel: "sms",
      address: "0825550125",
    });
    const [text] = await texts();
    expect(text!.content).toContain("PIN: 9876 5432 1098 7654");
    // Its own cashier sends it too.
    await care.sendSaleToCustomer(colleague, {
      saleId: voucher!.id,
      channel: "email",
      address: "gift@example.co.za",
    });
    expect(smtp.received.at(-1)!.text).toContain("Redeem at netflorist.co.za.");
  });
});

describe("a meter's story from the journal", () => {
  it("flags the token bought before the key change and leads with the key-change tokens", async () => {
    await sb.control("/meters/key-change", { meterNumber: KEY_CHANGE_METER, pending: false });
    const old = await sellMeter(KEY_CHANGE_METER, 5400);
    await sb.control("/meters/key-change", { meterNumber: KEY_CHANGE_METER, pending: null });
    const changed = await sellMeter(KEY_CHANGE_METER, 5500);
    const story = await helper.storyOfMeter(KEY_CHANGE_METER);
    const oldCredit = old.tokens!.find((t) => t.kind === "credit")!.digits;
    expect(story.keyChange?.saleId).toBe(changed.id);
    expect(story.keyChange?.from).toMatchObject({ sgc: 201316, krn: 1 });
    expect(story.beforeKeyChange.map((t) => t.digits)).toEqual([oldCredit]);
    expect(story.toEnter.slice(0, 2).map((t) => t.label)).toEqual(["Key change 1", "Key change 2"]);
    expect(story.toEnter.map((t) => t.digits)).not.toContain(oldCredit);
  });
});
