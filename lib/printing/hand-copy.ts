/**
 * What the cashier copies by hand when nothing prints: the electricity tokens under their
 * labels, or a voucher's PIN. Read from the same slip data as the slips themselves. Pure.
 */
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { tokenGroups, tokensForSlip } from "@/lib/slip/tokens";
import { groupPin, vasResultSchema } from "@/lib/kinds/vas/sale-data";

export function handCopyOf(
  sale: { kind: string; result: unknown },
  options: { hidePin: boolean },
): string | null {
  if (sale.kind === "electricity") {
    const r = electricityResultSchema.safeParse(sale.result);
    if (!r.success || r.data.tokens.length === 0) return null;
    return tokensForSlip(r.data.tokens)
      .map((t) => `${t.label}: ${tokenGroups(t.digits).join(" ")}`)
      .join("\n");
  }
  if (sale.kind === "vas") {
    const r = vasResultSchema.safeParse(sale.result);
    // A colleague's reprint never shows the PIN, on paper or on screen.
    return r.success && r.data.pin && !options.hidePin ? `PIN: ${groupPin(r.data.pin)}` : null;
  }
  return null;
}
