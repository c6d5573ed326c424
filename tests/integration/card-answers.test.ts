import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import type { RawAnswer } from "@/lib/db/schema";
import { privateSandbox } from "./sandbox-helpers";
import { pointClientAt } from "./upstream-sandbox";

/**
 * Every answer kept: a card sale's order creation and each payment-status check (the till's,
 * and the supervisor's) are kept with the sale like its purchase, whole, against a sandbox of
 * this file's own over HTTP and a journal of its own.
 */
const sb = privateSandbox();

let card: typeof import("@/lib/sales/card");
let journal: typeof import("@/lib/sales/journal");
let office: typeof import("@/lib/office/order-status");
let cashier: Staff;

const STATUS_PATH = "/v2/svcCheckOrderPaymentStatus";

beforeAll(async () => {
  process.env.KASSA_DATA_DIR = path.join(os.tmpdir(), `kassa-answers-${process.pid}-${Date.now()}`);
  process.env.KASSA_PUBLIC_URL = "http://kassa.test";
  pointClientAt(sb.url, { timeoutMs: 3000 });
  card = await import("@/lib/sales/card");
  journal = await import("@/lib/sales/journal");
  office = await import("@/lib/office/order-status");
  const { db } = await import("@/lib/db");
  const schema = await import("@/lib/db/schema");
  const database = await db();
  const [user] = await database
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, "cashier"));
  const [till] = await database.select().from(schema.tills).where(eq(schema.tills.id, "till-1"));
  cashier = {
    userId: user!.id,
    username: "cashier",
    name: user!.displayName,
    role: "cashier",
    sessionId: randomUUID(),
    till: till!,
  };
});

async function electricityCardSale(amountCents: number) {
  const { sale } = await journal.recordSale(
    {
      idempotencyKey: randomUUID(),
      kind: "electricity",
      method: "card",
      amountCents,
      reference: "01100000007",
      request: {
        meterNumber: "01100000007",
        municipality: "tshwane_prepaid",
        customerName: null,
        minCents: null,
        maxCents: null,
      },
      userId: cashier.userId,
      tillId: cashier.till.id,
      shiftId: null,
      fingerprint: randomUUID(),
    },
    { actor: { username: "test" }, detail: {} },
  );
  return sale;
}

const answersOf = async (id: string): Promise<RawAnswer[]> =>
  (await journal.findSale(id))!.rawAnswers ?? [];

describe("the answers of a card sale", () => {
  it("keeps the order creation, every status check and the purchase, each body whole", async () => {
    const sale = await electricityCardSale(4_000);
    const started = await card.startCardPayment(sale.id, cashier);
    expect(started).toMatchObject({ state: "waiting" });
    let answers = await answersOf(sale.id);
    expect(answers.map((a) => [a.operation, a.status])).toEqual([["orders.putOrder", 200]]);
    const order = JSON.parse(answers[0]!.body!) as { orderId: string; paymentPageUrl: string };
    expect(started.state === "waiting" && started.paymentPageUrl).toBe(order.paymentPageUrl);

    // NO_ATTEMPT, then PENDING once the customer opens the page: two checks, two answers.
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "waiting",
    });
    await sb.control(`/orders/${sale.id}/open`, {});
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "waiting",
      paymentStatus: "PENDING",
    });
    answers = await answersOf(sale.id);
    const checks = answers.filter((a) => a.operation === "reconciliation.checkOrderPaymentStatus");
    expect(
      checks.map((c) => (JSON.parse(c.body!) as { paymentStatus: string }).paymentStatus),
    ).toEqual(["NO_ATTEMPT", "PENDING"]);

    // The supervisor's check is kept too.
    const actor = { userId: cashier.userId, username: "supervisor" };
    await office.checkOrderStatusFor(sale.id, actor);
    expect(
      (await answersOf(sale.id)).filter(
        (a) => a.operation === "reconciliation.checkOrderPaymentStatus",
      ),
    ).toHaveLength(3);

    // Paid: the check that sees PAID and the vend it releases are kept after the others.
    await sb.control(`/orders/${sale.id}/pay`, {});
    expect(await card.checkCardPayment(sale.id, cashier, "poll")).toMatchObject({
      state: "settled",
      sale: { status: "completed" },
    });
    answers = await answersOf(sale.id);
    expect(answers.map((a) => a.operation)).toEqual([
      "orders.putOrder",
      "reconciliation.checkOrderPaymentStatus",
      "reconciliation.checkOrderPaymentStatus",
      "reconciliation.checkOrderPaymentStatus",
      "reconciliation.checkOrderPaymentStatus",
      "electricity.purchase",
    ]);
    expect(JSON.parse(answers[4]!.body!)).toMatchObject({ paymentStatus: "PAID" });
  });

  it("keeps a 20,000-character answer whole", async () => {
    const sale = await electricityCardSale(4_100);
    await sb.control("/dialects", { path: "/v2/putOrder", dialects: ["long-answers"] });
    await sb.control("/dialects", { path: STATUS_PATH, dialects: ["long-answers"] });
    await card.startCardPayment(sale.id, cashier);
    await card.checkCardPayment(sale.id, cashier, "poll");
    const answers = await answersOf(sale.id);
    expect(answers.map((a) => a.operation)).toEqual([
      "orders.putOrder",
      "reconciliation.checkOrderPaymentStatus",
    ]);
    for (const answer of answers) {
      expect(answer.body!.length).toBeGreaterThan(20_000);
      const body = JSON.parse(answer.body!) as { remarks: string };
      expect(body.remarks).toHaveLength(20_000);
      expect(body.remarks.endsWith("END.")).toBe(true);
    }
  });
});
