/**
 * The exceptions in words, for the office's page and the owner's daily summary alike. Pure.
 * The mail's words name a sale by its kind, amount, till and time, never its meter.
 */
import { formatRand } from "@/lib/money";
import { saTime } from "@/lib/sa-time";
import { KIND_LABELS } from "@/lib/kinds/meta";
import type { SaleKind } from "@/lib/db/schema";
import {
  EXCEPTION_LABELS,
  type ExceptionKind,
  type OwnerException,
  type PersonTotal,
} from "./rules";

/** Display names of the people and tills the exceptions name, by id. */
export interface Names {
  people: ReadonlyMap<string, string>;
  tills: ReadonlyMap<string, string>;
}

/** A period's exceptions with their totals per person and the names they need. */
export interface ExceptionList {
  exceptions: OwnerException[];
  cashiers: PersonTotal[];
  supervisors: PersonTotal[];
  names: Names;
}

const person = (names: Names, id: string | null) =>
  id ? (names.people.get(id) ?? "a user no longer listed") : null;
const till = (names: Names, id: string | null) =>
  id ? (names.tills.get(id) ?? (id === "office" ? "the office" : id)) : null;
const at = (where: string | null) => (where ? ` at ${where}` : "");

function cash(cents: number): string {
  if (cents === 0) return "exact";
  return `${cents < 0 ? "short" : "over"} ${formatRand(Math.abs(cents))}`;
}

/** What the exception concerns, in one phrase. */
export function whatOf(x: OwnerException, names: Names): string {
  const cashier = person(names, x.cashier);
  const where = till(names, x.tillId);
  switch (x.kind) {
    case "resolved":
    case "failed_by_hand":
    case "refund": {
      const kind = (x.saleKind && KIND_LABELS[x.saleKind as SaleKind]) ?? "A sale";
      const amount = x.amountCents === null ? "" : ` of ${formatRand(x.amountCents)}`;
      return `${kind}${amount}${cashier ? ` sold by ${cashier}` : ""}${at(where)}`;
    }
    case "force_close":
      return `${cashier ?? "A cashier"}'s shift${at(where)}${x.amountCents === null ? "" : `, cash ${cash(x.amountCents)}`}`;
    case "cash_variance":
      return `${cashier ?? "A cashier"}'s cash ${cash(x.amountCents ?? 0)}${at(where)}`;
    case "drawer_no_sale":
      return `The drawer${at(where)}`;
    case "meter_reprints":
      return `An electricity slip${at(where)}: ${x.reprints} reprints of one meter`;
    case "after_hours_sign_in":
      return `${person(names, x.doneBy) ?? "Someone"} signed in at ${saTime(x.at)}${at(where)}`;
  }
}

/** Who confirmed the override and how; null where none was asked. */
export function approvalOf(x: OwnerException, names: Names): string | null {
  if (!x.approvedBy) return null;
  const how = x.approval === "totp" ? "authenticator code" : "password";
  return `${person(names, x.approvedBy)} (${how})`;
}

/** One line of the owner's mail: time, what, who, approval and the reason written. */
export function mailLine(x: OwnerException, names: Names): string {
  const by = person(names, x.doneBy);
  const approved = approvalOf(x, names);
  return [
    `${saTime(x.at)} ${EXCEPTION_LABELS[x.kind]}: ${whatOf(x, names)}`,
    by && x.kind !== "after_hours_sign_in" ? `; by ${by}` : "",
    approved ? `, approved by ${approved}` : "",
    x.reason ? `. Reason: ${x.reason}` : "",
  ].join("");
}

/** What each kind is called when counted: one, and several. */
const COUNTED: Record<ExceptionKind, [string, string]> = {
  resolved: ["resolution", "resolutions"],
  failed_by_hand: ["failed by hand", "failed by hand"],
  refund: ["refund", "refunds"],
  force_close: ["forced shift close", "forced shift closes"],
  drawer_no_sale: ["no-sale drawer", "no-sale drawers"],
  meter_reprints: ["repeat reprint", "repeat reprints"],
  cash_variance: ["cash variance", "cash variances"],
  after_hours_sign_in: ["after-hours sign-in", "after-hours sign-ins"],
};

/** "2 failed by hand, 1 cash variance". */
export function kindsOf(t: PersonTotal): string {
  return Object.entries(t.byKind)
    .map(([kind, n]) => `${n} ${COUNTED[kind as ExceptionKind][n === 1 ? 0 : 1]}`)
    .join(", ");
}

/** "Thandi Cashier: 3 (2 failed by hand, 1 cash variance)". */
export function totalLine(t: PersonTotal, names: Names): string {
  return `${person(names, t.userId)}: ${t.total} (${kindsOf(t)})`;
}
