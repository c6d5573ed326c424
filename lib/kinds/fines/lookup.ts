import "server-only";
import { ActionError } from "@/lib/errors";
import {
  findFinesByIdNumber,
  findFinesByNotice,
  findFinesByRegistration,
  type Fine,
  type FineLookup,
} from "@/lib/kinds/fines/upstream";
import { checkLookup, type LookupKind } from "@/lib/kinds/fines/lookup-kind";
import type { FineRow, FinesFound } from "@/lib/kinds/fines/view";

function toRow(f: Fine): FineRow {
  const place = [f.place.street, f.place.suburb, f.place.town].filter(Boolean).join(", ");
  return {
    noticeNumber: f.noticeNumber,
    date: f.offenceDate,
    time: f.offenceTime,
    place: f.authority.name ? `${place} (${f.authority.name})` : place,
    charge: f.offence ?? f.classification ?? "Not given",
    demeritPoints: f.demeritPoints,
    vehicle: f.vehicleRegistration,
    netCents: f.netCents,
    vendorFeeCents: f.vendorFeeCents,
    grossCents: f.grossCents,
    isPaid: f.isPaid,
    registryStatus: f.registryStatus,
  };
}

function ask(kind: LookupKind, value: string): Promise<FineLookup> {
  if (kind === "id") return findFinesByIdNumber(value);
  if (kind === "registration") return findFinesByRegistration(value);
  return findFinesByNotice(value);
}

/**
 * Checks the number (no call when it cannot be right), asks the core service and returns
 * the fines as rows. A refusal of the core service reaches the screen through staffAction
 * (the actions name the field with `upstreamField`).
 */
export async function lookUpFines(
  kind: LookupKind,
  text: string,
  field = "value",
): Promise<FinesFound> {
  const checked = checkLookup(kind, text);
  if (!checked.ok) throw new ActionError(checked.message, field, { code: "invalid_input" });
  const found = await ask(kind, checked.value);
  return { fines: found.fines.map(toRow), hasFinesToPay: found.hasFinesToPay };
}

/** The current state of these notices at the registry, looked up one by one (a look-up never changes anything). */
export async function noticesNow(noticeNumbers: readonly string[]): Promise<Map<string, FineRow>> {
  const out = new Map<string, FineRow>();
  for (const notice of noticeNumbers) {
    const found = await findFinesByNotice(notice);
    const row = found.fines.find((f) => f.noticeNumber === notice);
    if (row) out.set(notice, toRow(row));
  }
  return out;
}
