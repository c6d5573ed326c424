import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import type { Db } from "@/lib/db/open";
import { startSmtpListener, type SmtpListener } from "../support/smtp-listener";
import { ownDataDir, staffOf } from "./office-support";
import { payBill, sellElectricity, sellVas } from "./owner-sales";
import { privateSandbox } from "./sandbox-helpers";
import { pointClientAt } from "./upstream-sandbox";

/**
 * The owner's e-mail through a real SMTP server the test starts: a day of real sales through
 * a sandbox of this file's own (its balance is set low), a shift closed short, a sale left
 * not confirmed and four weeks of history. The alerts (low float, variance, unresolved) and
 * the daily summary arrive, parsed, with the day's figures, once each; no token, PIN,
 * password or ID number is anywhere in them.
 */
const sb = privateSandbox();
let smtp: SmtpListener;
let database: Db;
let cashier: Staff;
let schema: typeof import("@/lib/db/schema");
const ID_NUMBER = "8503140123089";
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await startSmtpListener();
  ownDataDir();
  pointClientAt(sb.url);
  process.env.KASSA_SMTP_URL = smtp.url;
  process.env.KASSA_OWNER_EMAIL = "owner@shop.test";
  process.env.KASSA_MAIL_FROM = "Kassa <kassa@shop.test>";
  process.env.KASSA_MERCHANT_NAME = "Spaza Test";
  process.env.KASSA_RUNWAY_WARN_HOURS = "12";
  process.env.KASSA_ALERT_VARIANCE_RANDS = "50";
  process.env.KASSA_ALERT_UNRESOLVED_MINUTES = "30";
  schema = await import("@/lib/db/schema");
  database = await (await import("@/lib/db")).db();
  cashier = await staffOf(database, "cashier", "till-1");
});
afterAll(async () => {
  await smtp.close();
});

describe("the owner's e-mail", () => {
  it("sends the alerts and the daily summary once each, with the day's figures and nothing secret", async () => {
    const { saDayBounds, saToday } = await import("@/lib/reports/day");
    const now = new Date();
    const today = saToday(now);
    const dayStart = saDayBounds(today).start;
    // Four weeks of history before today: R 1 000 sold every hour.
    const history = [];
    for (let t = dayStart.getTime() - 28 * 24 * HOUR + HOUR / 2; t < dayStart.getTime(); t += HOUR)
      history.push({
        idempotencyKey: randomUUID(),
        kind: "bill" as const,
        method: "cash" as const,
        status: "completed" as const,
        amountCents: 100_000,
        reference: "history",
        request: {},
        userId: cashier.userId,
        tillId: "till-3",
        createdAt: new Date(t),
        settledAt: new Date(t),
      });
    await database.insert(schema.sales).values(history);

    const { openShift } = await import("@/lib/shifts/current");
    const { closeShift } = await import("@/lib/shifts/close");
    await openShift(cashier, 10_000);
    const electricity = await sellElectricity(cashier, "01100000007", "tshwane_prepaid", 12_345);
    const voucher = await sellVas(cashier, "GOOGLEPLAY-100");
    await payBill(cashier, "5000123456", "tshwane_postpaid", 20_000);
    // Counted R 0 against R 100 + 123.45 + 102.50 + 200 expected: short R 525,95.
    const z = await closeShift(cashier, undefined, {});
    expect(z.varianceCents).toBe(-52_595);
    // A fines sale found by ID number, and a sale not confirmed for two hours.
    await database.insert(schema.sales).values([
      {
        idempotencyKey: randomUUID(),
        kind: "fines",
        method: "cash",
        status: "completed",
        amountCents: 50_000,
        reference: ID_NUMBER,
        request: { idNumber: ID_NUMBER },
        userId: cashier.userId,
        tillId: "till-2",
        settledAt: now,
      },
      {
        idempotencyKey: randomUUID(),
        kind: "vas",
        method: "cash",
        status: "unknown",
        amountCents: 2_900,
        reference: "VOD-AIR-29 27821234567",
        request: {},
        userId: cashier.userId,
        tillId: "till-1",
        attempts: 1,
        createdAt: new Date(now.getTime() - 2 * HOUR),
      },
    ]);
    // The float: R 3 000 left, at R 1 000 an hour.
    await sb.control("/balance", { balance: 3000 });

    const { sendDueAlerts, sendDailySummary } = await import("@/lib/owner-mail");
    const sendAt = new Date();
    expect(await sendDueAlerts(sendAt)).toBe(3);
    expect(await sendDailySummary(today, sendAt)).toBe(true);
    const mails = await smtp.waitFor(4);
    // Once each: asking again sends nothing.
    expect(await sendDueAlerts(sendAt)).toBe(0);
    expect(await sendDailySummary(today, sendAt)).toBe(false);

    for (const mail of mails) {
      expect(mail.to).toEqual(["owner@shop.test"]);
      expect(mail.from).toBe("kassa@shop.test");
    }
    const subjects = mails.map((m) => m.subject);
    const lowFloat = mails.find((m) => /float runs out/.test(m.subject))!;
    expect(lowFloat.subject).toMatch(/^Spaza Test: the float runs out in about (2|3) hours$/);
    expect(lowFloat.text).toContain("R 3 000,00");
    expect(subjects).toContain(`Spaza Test: Z ${z.zNumber} closed short R 525,95`);
    expect(subjects).toContain("Spaza Test: a sale has not been confirmed for 120 minutes");

    const summary = mails.find((m) => m.subject.includes(today))!;
    // Today: 123.45 + 102.50 + 200 + 500 (the fines sale); no commission rates, so none.
    expect(summary.subject).toBe(
      `Spaza Test, ${today}: R 925,95 sold, R 0,00 commission, 3 exception(s)`,
    );
    expect(summary.text).toContain("Electricity: 1 sales, R 123,45");
    expect(summary.text).toContain(
      `Z ${z.zNumber}, Till 1, ${cashier.name}: R 425,95, cash short R 525,95`,
    );
    expect(summary.text).toMatch(/Airtime & vouchers R 29,00 at \d\d:\d\d, Till 1/);
    expect(summary.text).toContain("R 3 000,00: lasts about");
    expect(summary.html).toContain("<h2>Exceptions</h2>");
    // The record's exceptions of the day: the Z closed short, whose it was, per cashier.
    expect(summary.text).toMatch(
      new RegExp(
        `Cash over or short: ${cashier.name}'s cash short R 525,95 at Till 1; by ${cashier.name}`,
      ),
    );
    expect(summary.text).toContain(`Per cashier: ${cashier.name}: 1 (1 cash variance)`);

    // Nothing secret: no token, PIN, password, ID number, meter, account or phone number.
    const [sold] = await database
      .select()
      .from(schema.sales)
      .where(inArray(schema.sales.id, [electricity.id]));
    const tokens = (sold!.result as { tokens: { digits: string }[] }).tokens.map((t) => t.digits);
    const [bought] = await database
      .select()
      .from(schema.sales)
      .where(eq(schema.sales.id, voucher.id));
    const pin = (bought!.result as { pin: string }).pin;
    expect(tokens.length).toBeGreaterThan(0);
    expect(pin).toMatch(/\d{8,}/);
    const secrets = [
      ...tokens,
      ...tokens.map((t) => t.match(/.{4}/g)!.join(" ")),
      pin,
      pin.match(/.{4}/g)!.join(" "),
      "cashier-demo-1",
      "supervisor-demo-1",
      "kassa-sandbox-key",
      ID_NUMBER,
      "01100000007",
      "5000123456",
      "27821234567",
    ];
    for (const mail of mails)
      for (const secret of secrets) expect(mail.raw, `${mail.subject}`).not.toContain(secret);
  });
});
