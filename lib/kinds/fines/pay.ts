import "server-only";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import type { PaymentMethod } from "@/lib/db/schema";
import { formatRand, type Cents } from "@/lib/money";
import { sell } from "@/lib/sales/counter-sale";
import type { SaleView } from "@/lib/sales/sale-view";
import { isUpstreamError } from "@/lib/upstream";
import { validateFinePayment } from "@/lib/kinds/fines/upstream";
import { maskIdNumber } from "@/lib/sa-id";
import { lookUpFines } from "@/lib/kinds/fines/lookup";
import { checkLookup, type LookupKind } from "@/lib/kinds/fines/lookup-kind";
import { unsettledFinesSales } from "@/lib/kinds/fines/open-sales";
import { finesReference } from "@/lib/kinds/fines/selection";
import { payability } from "@/lib/kinds/fines/payability";
import type { FinesSaleRequest } from "@/lib/kinds/fines/view";

export interface FinesSaleInput {
  idempotencyKey: string;
  lookupKind: LookupKind;
  lookupValue: string;
  /** The chosen fines with the gross amount the customer was shown. */
  fines: { noticeNumber: string; grossCents: Cents }[];
  method: PaymentMethod;
  /** The cashier answered "Sell again?" with yes. */
  sellAgain?: boolean;
}

/** The journal keeps how the fines were found, but never an ID number in plain text. */
function shownLookup(kind: LookupKind, text: string): FinesSaleRequest["lookup"] {
  const checked = checkLookup(kind, text);
  const value = checked.ok ? checked.value : "";
  return { kind, shown: kind === "id" ? maskIdNumber(value) : value };
}

async function refuseIfUnsettled(notices: string[]): Promise<void> {
  const open = await unsettledFinesSales(notices);
  const clash = notices.find((n) => open.some((s) => s.reference.split(" ").includes(n)));
  if (clash) {
    throw new ActionError(
      `Notice ${clash} is in an earlier sale that is not confirmed. Do not take payment again: a supervisor must check that sale first.`,
      "fines",
      { code: "fine_unsettled" },
    );
  }
}

/**
 * The registry refuses a whole validation for one notice without saying which. Each chosen
 * notice is validated alone (a check, it moves no money) so the refusal names its notice.
 */
async function refusedNotices(
  input: FinesSaleInput,
  paymentType: "CASH" | "CARD",
): Promise<string[]> {
  const refused: string[] = [];
  for (const f of input.fines) {
    try {
      await validateFinePayment({
        paymentReference: input.idempotencyKey,
        paymentType,
        fines: [{ noticeNumber: f.noticeNumber, amountCents: f.grossCents }],
      });
    } catch (error) {
      if (isUpstreamError(error) && error.kind === "rejected") refused.push(f.noticeNumber);
      else break;
    }
  }
  return refused;
}

/** Validate with the registry: the amount must be right before any money is taken. */
async function validateAmounts(input: FinesSaleInput, paymentType: "CASH" | "CARD"): Promise<void> {
  const proposed = input.fines.reduce((s, f) => s + f.grossCents, 0);
  try {
    const check = await validateFinePayment({
      paymentReference: input.idempotencyKey,
      paymentType,
      fines: input.fines.map((f) => ({ noticeNumber: f.noticeNumber, amountCents: f.grossCents })),
    });
    if (!check.isCorrect) {
      throw new ActionError(
        `The amount has changed: the registry says ${formatRand(check.correctCents)} is due for these fines, not ${formatRand(proposed)}. Nothing was charged. Look the fines up again.`,
        "fines",
        { code: "amount_changed" },
      );
    }
  } catch (error) {
    // The registry refuses the whole validation without saying for which notice: name it.
    if (isUpstreamError(error) && error.kind === "rejected") {
      const named =
        input.fines.length === 1
          ? [input.fines[0]!.noticeNumber]
          : await refusedNotices(input, paymentType);
      if (named.length > 0) {
        // A message for the whole sale (shown by Pay), not one field's.
        throw new ActionError(
          `${named.length === 1 ? "Notice" : "Notices"} ${named.join(", ")}: ${error.cashierMessage} Nothing was charged.`,
          undefined,
          { code: error.code === undefined ? "refused" : `rejected_${error.code}` },
        );
      }
    }
    throw error;
  }
}

/**
 * A fines sale at the counter or the kiosk, through the one sale path (sell): the
 * key decides first (a double submit gets its own sale back). A new key is checked before
 * the money: a fresh look-up of the chosen fines (they exist and are unpaid), no
 * unconfirmed earlier sale for them, the registry's validation of each gross amount; then
 * the pending sale is recorded and, for cash, marked paid.
 */
export async function sellFines(staff: Staff, input: FinesSaleInput): Promise<SaleView> {
  const notices = input.fines.map((f) => f.noticeNumber);
  const paymentType = input.method === "card" ? "CARD" : "CASH";
  return sell(staff, {
    idempotencyKey: input.idempotencyKey,
    sellAgain: input.sellAgain,
    kind: "fines",
    method: input.method,
    reference: finesReference(notices),
    amountCents: input.fines.reduce((s, f) => s + f.grossCents, 0),
    prepare: async () => {
      const found = await lookUpFines(input.lookupKind, input.lookupValue, "fines");
      const rows = input.fines.map((chosen) => {
        const row = found.fines.find((f) => f.noticeNumber === chosen.noticeNumber);
        if (!row)
          throw new ActionError(
            `Notice ${chosen.noticeNumber} is no longer in this look-up. Look the fines up again.`,
            "fines",
            { code: "fine_gone" },
          );
        if (row.isPaid)
          throw new ActionError(
            `Notice ${chosen.noticeNumber} is already paid. Look the fines up again.`,
            "fines",
            { code: "fine_paid" },
          );
        const p = payability(row);
        if (!p.payable)
          throw new ActionError(
            `Notice ${chosen.noticeNumber} cannot be paid here. ${p.reason}`,
            undefined,
            { code: "fine_not_payable" },
          );
        return { ...row, grossCents: chosen.grossCents };
      });
      await refuseIfUnsettled(notices);
      await validateAmounts(input, paymentType);
      const request: FinesSaleRequest = {
        lookup: shownLookup(input.lookupKind, input.lookupValue),
        paymentType,
        fines: rows.map((r) => ({
          noticeNumber: r.noticeNumber,
          grossCents: r.grossCents,
          netCents: r.netCents,
          vendorFeeCents: r.vendorFeeCents,
          charge: r.charge,
          date: r.date,
        })),
      };
      return { request };
    },
  });
}
