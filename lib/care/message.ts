/**
 * The one message a send carries: this sale's tokens in the order to enter them (or a
 * voucher's PIN and instructions, or a bill's receipt reference), the merchant and the
 * receipt number, and nothing else: no customer name, no ID number, no other sale. Pure.
 */
import { formatRand } from "@/lib/money";
import { billResultSchema } from "@/lib/kinds/bill/slip-data";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { groupTokenDigits, tokensForSlip } from "@/lib/slip/tokens";
import { safeExternalUrl } from "@/lib/safe-url";
import { groupPin, vasResultSchema } from "@/lib/kinds/vas/sale-data";
import { FREE_TOKEN_NOTE, KEY_CHANGE_WARNING } from "./key-change-words";

export interface SendableSale {
  kind: "electricity" | "bill" | "fines" | "vas";
  result: unknown;
}

export interface SendMessage {
  /** What it is, for the e-mail's subject and the cashier's screen. */
  subject: string;
  text: string;
  /** A voucher PIN is in it (the colleague rule applies). */
  carriesPin: boolean;
}

/** The message for a completed sale, or null when the sale has nothing to send. */
export function sendMessageFor(sale: SendableSale, merchantName: string): SendMessage | null {
  if (sale.kind === "electricity") {
    const r = electricityResultSchema.safeParse(sale.result);
    if (!r.success || r.data.tokens.length === 0) return null;
    const tokens = tokensForSlip(r.data.tokens);
    const lines = [
      `${merchantName}: prepaid electricity for meter ${r.data.meterNumber}, ${formatRand(r.data.amountCents)}${r.data.receiptNumber ? `, receipt ${r.data.receiptNumber}` : ""}.`,
    ];
    if (tokens.some((t) => t.kind === "key_change")) lines.push(...KEY_CHANGE_WARNING.lines);
    else if (tokens.length > 1) lines.push("Enter the tokens in this order.");
    for (const t of tokens)
      lines.push(
        `${t.label}${t.kind === "fbe" ? ` (${FREE_TOKEN_NOTE})` : ""}: ${groupTokenDigits(t.digits)}`,
      );
    return {
      subject: `Your electricity tokens for meter ${r.data.meterNumber}`,
      text: lines.join("\n"),
      carriesPin: false,
    };
  }
  if (sale.kind === "vas") {
    const r = vasResultSchema.safeParse(sale.result);
    if (!r.success || !r.data.pin) return null;
    const lines = [
      `${merchantName}: ${r.data.productName}${r.data.receiptNumber ? `, receipt ${r.data.receiptNumber}` : ""}.`,
      `PIN: ${groupPin(r.data.pin)}`,
    ];
    if (r.data.instructions) lines.push(r.data.instructions);
    return { subject: `Your ${r.data.productName} PIN`, text: lines.join("\n"), carriesPin: true };
  }
  if (sale.kind === "bill") {
    const r = billResultSchema.safeParse(sale.result);
    if (!r.success) return null;
    const url = safeExternalUrl(r.data.receiptUrl);
    if (!r.data.receiptNumber && !url) return null;
    const lines = [
      `${merchantName}: ${formatRand(r.data.amountCents)} paid to account ${r.data.accountNumber}.`,
    ];
    if (r.data.receiptNumber) lines.push(`Receipt reference: ${r.data.receiptNumber}`);
    if (url) lines.push(`Municipal receipt: ${url}`);
    return { subject: "Your municipal account payment", text: lines.join("\n"), carriesPin: false };
  }
  return null;
}
