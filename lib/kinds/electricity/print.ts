/** The electricity slip on the printer's roll: the key-change warning first, then tokens in large type. */
import { municipalityLabel } from "@/lib/municipalities";
import { formatRand, vatIncluded } from "@/lib/money";
import { FREE_TOKEN_NOTE, KEY_CHANGE_WARNING } from "@/lib/care/key-change-words";
import { amountSplit } from "@/lib/kinds/electricity/amount-split";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { code, header, paidBy, type PrintBody } from "@/lib/printing/slip-paper";
import { tokenGroups, tokensForSlip } from "@/lib/slip/tokens";

export const printElectricity: PrintBody = (slip, sale, merchant) => {
  const r = electricityResultSchema.parse(sale.result);
  const vatCents = r.vatCents ?? vatIncluded(r.amountCents, merchant.vatPercent);
  const utility = r.utilityName || municipalityLabel(r.municipality);
  const utilityVat = r.utilityVatNumber ?? null;
  // A key change is said before anything else: the customer's next step depends on it.
  if (r.tokens.some((t) => t.kind === "key_change")) {
    slip.rule().centre(KEY_CHANGE_WARNING.title.toUpperCase(), true);
    for (const line of KEY_CHANGE_WARNING.lines) slip.text(line);
    slip.rule();
  }
  header(slip, merchant, utilityVat ? "Tax invoice" : "Receipt", {
    number: r.receiptNumber,
    at: r.at,
    vatLabel: utilityVat ? "Agent, VAT no." : "Merchant's VAT no.",
  });
  slip.rule().text("Prepaid electricity");
  slip.pair("Supplier", utility);
  if (utilityVat) slip.pair("Supplier VAT no.", utilityVat);
  else slip.text(`The VAT number above is the merchant's; ${utility} gave none for this sale.`);
  slip.pair("Municipality", municipalityLabel(r.municipality));
  slip.pair("Meter", r.meterNumber);
  slip.pair("Customer", r.customerName || "-");
  for (const t of tokensForSlip(r.tokens)) {
    slip.rule().text(t.label);
    if (t.kind === "fbe") slip.centre(FREE_TOKEN_NOTE.toUpperCase(), true);
    slip.big(tokenGroups(t.digits).join(" "));
    if (t.info) slip.centre(t.info);
    if (t.units != null && !/kwh/i.test(t.info ?? "")) slip.centre(`${t.units.toFixed(1)} kWh`);
  }
  if (r.printedText && r.tokens.length === 0) slip.rule().text(r.printedText);
  slip.rule();
  slip.pair("Units", r.units === null ? "-" : `${r.units.toFixed(1)} kWh`);
  for (const l of amountSplit({ amountCents: r.amountCents, vatCents, charges: r.charges }))
    slip.pair(l.label, formatRand(l.amountCents));
  for (const c of r.charges)
    if (c.outstandingCents !== null && c.outstandingCents > 0)
      slip.pair(`${c.description} outstanding`, formatRand(c.outstandingCents));
  slip.pair("Amount", formatRand(r.amountCents), true);
  slip.pair("Paid by", paidBy(sale.method));
  slip.rule();
  slip.pair("SGC / KRN / TI", `${code(r.meter.sgc)} / ${code(r.meter.krn)} / ${code(r.meter.ti)}`);
  if (r.keyExpiryNumber != null) slip.pair("Key expiry no.", String(r.keyExpiryNumber));
  slip.barcode(r.meterNumber);
  for (const m of r.messages ?? []) slip.centre(m);
  slip.centre("Enter the tokens in the order printed.");
};
