/**
 * The prepaid electricity slip: tokens in keying order, units, money, meter codes, barcode.
 * The electricity is the utility's sale: it is a tax invoice under the utility's VAT number
 * when the answer carries one; otherwise a receipt that says the VAT number is the merchant's.
 * A key change is said before anything else: the customer's next step depends on it.
 */
import { FREE_TOKEN_NOTE, KEY_CHANGE_WARNING } from "@/lib/care/key-change-words";
import { amountSplit } from "@/lib/kinds/electricity/amount-split";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { KIND_META } from "@/lib/kinds/meta";
import { formatRand, vatIncluded } from "@/lib/money";
import { municipalityLabel } from "@/lib/municipalities";
import * as slip from "@/lib/slip/model";
import { tokenGroups, tokensForSlip, type SlipToken } from "@/lib/slip/tokens";

const code = (n: number | null) => (n === null ? "—" : String(n));

function tokenLine(t: SlipToken): slip.SlipTokenLine {
  return {
    kind: t.kind,
    label: t.label,
    digits: tokenGroups(t.digits).join(" "),
    free: t.kind === "fbe" ? FREE_TOKEN_NOTE : null,
    // "66.6 kWh", unless the token's note already says it.
    notes: [
      ...(t.info ? [t.info] : []),
      ...(t.units != null && !/kwh/i.test(t.info ?? "") ? [`${t.units.toFixed(1)} kWh`] : []),
    ],
  };
}

export const electricitySlip: slip.SlipModelOf = (sale, merchant) => {
  const parsed = electricityResultSchema.safeParse(sale.result);
  if (!parsed.success) return slip.unreadableSlip(merchant, KIND_META.electricity.label);
  const r = parsed.data;
  // The upstream states the VAT; when it does not, the slip still shows the VAT contained.
  const vatCents = r.vatCents ?? vatIncluded(r.amountCents, merchant.vatPercent);
  const utility = r.utilityName || municipalityLabel(r.municipality);
  const utilityVat = r.utilityVatNumber ?? null;
  const tokens = tokensForSlip(r.tokens);
  return {
    title: "Prepaid electricity",
    blocks: slip.blocks(
      tokens.some((t) => t.kind === "key_change") && {
        type: "warning",
        label: "Key change",
        title: KEY_CHANGE_WARNING.title,
        lines: KEY_CHANGE_WARNING.lines,
        marks: { "key-change-warning": "" },
      },
      slip.header(
        merchant,
        utilityVat ? "Tax invoice" : "Receipt",
        { number: r.receiptNumber, at: r.at },
        utilityVat ? "Agent, VAT no." : "Merchant's VAT no.",
      ),
      slip.section(
        slip.title("Prepaid electricity"),
        slip.pair("Supplier", utility),
        utilityVat
          ? slip.pair("Supplier VAT no.", utilityVat)
          : slip.text(
              `The VAT number above is the merchant's; ${utility} gave none for this sale.`,
              {
                "vat-note": "",
              },
            ),
        slip.pair("Municipality", municipalityLabel(r.municipality)),
        slip.pair("Meter", r.meterNumber),
        slip.pair("Customer", r.customerName || "—"),
      ),
      tokens.length > 0 && { type: "tokens", tokens: tokens.map(tokenLine) },
      r.printedText && r.tokens.length === 0 ? { type: "printed", text: r.printedText } : null,
      slip.section(
        slip.pair("Units", r.units === null ? "—" : `${r.units.toFixed(1)} kWh`),
        ...amountSplit({ amountCents: r.amountCents, vatCents, charges: r.charges }).map((l) =>
          slip.pair(l.label, formatRand(l.amountCents)),
        ),
        ...r.charges
          .filter((c) => c.outstandingCents !== null && c.outstandingCents > 0)
          .map((c) =>
            slip.pair(`${c.description} outstanding`, formatRand(c.outstandingCents ?? 0)),
          ),
        slip.pair("Amount", formatRand(r.amountCents), { strong: true }),
        slip.paidBy(sale.method),
      ),
      slip.section(
        slip.pair(
          "SGC / KRN / TI",
          `${code(r.meter.sgc)} / ${code(r.meter.krn)} / ${code(r.meter.ti)}`,
        ),
        r.keyExpiryNumber != null && slip.pair("Key expiry no.", String(r.keyExpiryNumber)),
      ),
      { type: "barcode", value: r.meterNumber, label: `Barcode of meter ${r.meterNumber}` },
      r.messages?.length ? { type: "messages", from: "utility", messages: r.messages } : null,
      slip.centre("Enter the tokens in the order printed."),
    ),
  };
};
