import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/money";
import { confirmAccount, payBill } from "@/lib/kinds/bill/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { checkBalance } from "@/lib/upstream/merchant";
import { newKey, connectToSharedSandbox } from "./upstream-sandbox";

const sandbox = connectToSharedSandbox();

describe("bills against the sandbox", () => {
  it("[bills.confirmCustomer] returns the account holder and amount due in cents", async () => {
    const account = await confirmAccount({
      accountNumber: "3100200300",
      municipality: "mogale_postpaid",
    });
    expect(account).toMatchObject({
      accountNumber: "3100200300",
      municipality: "mogale_postpaid",
      name: "J. Fourie",
    });
    expect(Number.isInteger(account.amountDueCents)).toBe(true);
    expect(account.address).toContain("Krugersdorp");
  });

  it("[bills.confirmCustomer] speaks of an account when it is unknown (1001)", async () => {
    const e: unknown = await confirmAccount({
      accountNumber: "9999999999",
      municipality: "tshwane_postpaid",
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UpstreamError);
    expect(e).toMatchObject({
      kind: "rejected",
      code: 1001,
      cashierMessage: "This account number is not known to the municipality.",
    });
  });

  it("[bills.limits] gives the account's range with its confirm, and a refusal names that range", async () => {
    const account = await confirmAccount({
      accountNumber: "5000123456",
      municipality: "tshwane_postpaid",
    });
    expect(account).toMatchObject({ minCents: 100, maxCents: 5_000_000 });
    const e: unknown = await payBill({
      accountNumber: "5000123456",
      municipality: "tshwane_postpaid",
      amountCents: 5_000_001,
      method: "cash",
      idempotencyKey: newKey(),
      limits: account,
    }).catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: "rejected", code: 1003, outcomeKnown: true });
    expect(plainText((e as UpstreamError).cashierMessage)).toBe(
      "The amount must be between R 1,00 and R 50 000,00 for this account.",
    );
  });

  it("[bills.purchase] pays the account, returns a receipt URL, and a replay with the same key pays once", async () => {
    const key = newKey();
    const input = {
      accountNumber: "5000123456",
      municipality: "tshwane_postpaid" as const,
      amountCents: 25075,
      method: "cash" as const,
      idempotencyKey: key,
    };
    const paid = await payBill(input);
    expect(paid.amountCents).toBe(25075);
    expect(paid.receiptUrl).toMatch(/^https?:\/\//);
    const receipt = await fetch(paid.receiptUrl ?? "");
    expect(receipt.status).toBe(200);
    const again = await payBill(input);
    expect(again.receiptUrl).toBe(paid.receiptUrl);
    expect((await sandbox.transactions()).filter((t) => t.idempotency === key)).toHaveLength(1);
  });
});

describe("merchant balance against the sandbox", () => {
  it("[merchant.checkBalance] gives the balance in cents and every service slot", async () => {
    const balance = await checkBalance();
    expect(Number.isInteger(balance.balanceCents)).toBe(true);
    expect(balance.services.map((s) => s.slot)).toContain("tshwane_prepaid");
    expect(balance.services.every((s) => s.receipts === null)).toBe(true);
    expect(balance.at).toBeInstanceOf(Date);
  });

  it("[merchant.checkBalance] lists receipts for a period, including a bill just paid", async () => {
    const from = new Date(Date.now() - 60_000);
    const paid = await payBill({
      accountNumber: "3100400500",
      municipality: "mogale_postpaid",
      amountCents: 1000,
      method: "card",
      idempotencyKey: newKey(),
    });
    const balance = await checkBalance({ withReceipts: { from } });
    const receipts = balance.services
      .filter((s) => s.slot === "mogale_postpaid")
      .flatMap((s) => s.receipts ?? []);
    expect(receipts.some((r) => r.amountCents === 1000 && r.at.getTime() >= from.getTime())).toBe(
      true,
    );
    expect(paid.at.getTime()).toBeGreaterThanOrEqual(from.getTime());
  });
});
