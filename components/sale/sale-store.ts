/**
 * Where the till keeps, per cashier and per form, the idempotency key of the sale being made,
 * in localStorage: it outlives a reload, a closed tab and a new tab of the same browser, and
 * goes only when its sale has settled and its outcome was shown. Also the completed sales
 * whose slip the cashier has not seen yet (the journal keeps the same list for other browsers).
 */
import type { SaleKind } from "@/lib/sales/types";
import { KIND_META, KINDS } from "@/lib/kinds/meta";
import type { SaleView } from "@/lib/sales/sale-view";

export type SaleForm = SaleKind;

export interface KeyEntry {
  key: string;
  /** Set when a Purchase went out under this key: from then on only the journal says what happened. */
  sentAt: number | null;
}

export interface UnseenSale {
  id: string;
  kind: SaleKind;
  amountCents: number;
  reference: string;
  /** What was sold, in the cashier's words (SaleView.what). */
  what?: string;
}

/** Every form, one per kind of sale (lib/kinds/meta.ts). */
export const SALE_FORMS: readonly SaleForm[] = KINDS;

/** Where each form lives, for "Not confirmed: open it" and "New sale". */
export const FORM_PATH = Object.fromEntries(KINDS.map((k) => [k, KIND_META[k].path])) as Record<
  SaleForm,
  string
>;

/** A v4 UUID even where crypto.randomUUID is missing (a till on plain http over the LAN). */
export function newSaleKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const entryName = (cashierId: string, form: SaleForm) => `kassa.sale.${cashierId}.${form}`;
const unseenName = (cashierId: string) => `kassa.unseen.${cashierId}`;

function read<T>(name: string): T | null {
  try {
    const text = window.localStorage.getItem(name);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(name: string, value: unknown) {
  window.localStorage.setItem(name, JSON.stringify(value));
}

/** The form's current key; a fresh one when there is none. */
export function currentEntry(cashierId: string, form: SaleForm): KeyEntry {
  const stored = read<KeyEntry>(entryName(cashierId, form));
  if (stored && typeof stored.key === "string" && /^[0-9a-f-]{36}$/i.test(stored.key))
    return stored;
  const fresh = { key: newSaleKey(), sentAt: null };
  write(entryName(cashierId, form), fresh);
  return fresh;
}

export function markSent(cashierId: string, form: SaleForm, key: string) {
  write(entryName(cashierId, form), { key, sentAt: Date.now() } satisfies KeyEntry);
}

/** The journal has no sale under this key (it never arrived): the key is free again. */
export function markUnsent(cashierId: string, form: SaleForm, key: string) {
  const stored = read<KeyEntry>(entryName(cashierId, form));
  if (stored?.key === key)
    write(entryName(cashierId, form), { key, sentAt: null } satisfies KeyEntry);
}

/** The sale under `key` settled and was shown (or handed to the unseen list): the next sale gets a new key. */
export function renewKey(cashierId: string, form: SaleForm, key: string): string {
  const stored = read<KeyEntry>(entryName(cashierId, form));
  if (stored && stored.key !== key) return stored.key; // another tab already moved on
  const fresh = newSaleKey();
  write(entryName(cashierId, form), { key: fresh, sentAt: null } satisfies KeyEntry);
  return fresh;
}

/** Refused because the key already belongs to another sale (a duplicated tab): never reuse it. */
export function replaceKey(cashierId: string, form: SaleForm): string {
  const fresh = newSaleKey();
  write(entryName(cashierId, form), { key: fresh, sentAt: null } satisfies KeyEntry);
  return fresh;
}

export function sentEntries(cashierId: string): { form: SaleForm; entry: KeyEntry }[] {
  return SALE_FORMS.flatMap((form) => {
    const entry = read<KeyEntry>(entryName(cashierId, form));
    return entry?.sentAt ? [{ form, entry }] : [];
  });
}

export function unseenSales(cashierId: string): UnseenSale[] {
  return read<UnseenSale[]>(unseenName(cashierId)) ?? [];
}

export function rememberUnseen(cashierId: string, sale: SaleView) {
  const list = unseenSales(cashierId).filter((s) => s.id !== sale.id);
  write(
    unseenName(cashierId),
    [
      {
        id: sale.id,
        kind: sale.kind,
        amountCents: sale.amountCents,
        reference: sale.reference,
        what: sale.what,
      },
      ...list,
    ].slice(0, 10),
  );
}

export function forgetUnseen(cashierId: string, saleId: string) {
  write(
    unseenName(cashierId),
    unseenSales(cashierId).filter((s) => s.id !== saleId),
  );
}
