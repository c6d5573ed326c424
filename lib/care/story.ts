/**
 * One meter's story from the journal: its recent sales (every till of the shop), the key
 * changes among them, and its tokens in the order the customer enters them. The rule of a
 * key change: the meter takes the two key-change tokens and from then on only tokens made
 * with the new key (the sale's SGC and KRN after the change); a token bought before it and
 * not yet entered never loads after it. Pure: the helper, the office and their tests read it.
 */
import { tokensForSlip, type SlipToken } from "@/lib/slip/tokens";

export interface MeterCodes {
  sgc: number | null;
  krn: number | null;
  ti: number | null;
}

/** One completed electricity sale of the meter, as the story needs it. */
export interface CareSale {
  id: string;
  at: Date;
  soldBy: string;
  tillName: string;
  amountCents: number;
  receiptNumber: string | null;
  municipality: string;
  /** The meter's codes the token was made for (the purchase's answer). */
  meter: MeterCodes;
  /** The meter's codes the confirm gave before this sale, when the sale kept them. */
  before: MeterCodes | null;
  tokens: readonly SlipToken[];
}

export interface StoryToken {
  saleId: string;
  at: Date;
  kind: SlipToken["kind"];
  label: string;
  digits: string;
  info: string | null;
}

export interface KeyChange {
  saleId: string;
  at: Date;
  from: MeterCodes | null;
  to: MeterCodes;
}

export interface MeterStory {
  meterNumber: string;
  municipality: string | null;
  /** Newest first. */
  sales: CareSale[];
  /** Oldest first. */
  keyChanges: KeyChange[];
  /** The latest key change, whose tokens lead the list. */
  keyChange: KeyChange | null;
  /** Every token that still loads, in the order to enter them: key-change tokens first. */
  toEnter: StoryToken[];
  /** Tokens bought before the key change: they never load once its tokens are in. */
  beforeKeyChange: StoryToken[];
}

const sameKey = (a: MeterCodes, b: MeterCodes) =>
  a.sgc !== null && a.krn !== null && a.sgc === b.sgc && a.krn === b.krn;

function storyTokens(sale: CareSale): StoryToken[] {
  return tokensForSlip(sale.tokens).map((t) => ({
    saleId: sale.id,
    at: sale.at,
    kind: t.kind,
    label: t.label,
    digits: t.digits,
    info: t.info,
  }));
}

export function meterStory(meterNumber: string, sales: readonly CareSale[]): MeterStory {
  const oldest = [...sales].sort((a, b) => a.at.getTime() - b.at.getTime());
  const keyChanges: KeyChange[] = [];
  oldest.forEach((sale, index) => {
    if (!sale.tokens.some((t) => t.kind === "key_change")) return;
    const previous = oldest[index - 1];
    keyChanges.push({
      saleId: sale.id,
      at: sale.at,
      from: sale.before ?? previous?.meter ?? null,
      to: sale.meter,
    });
  });
  const keyChange = keyChanges.at(-1) ?? null;
  const toEnter: StoryToken[] = [];
  const beforeKeyChange: StoryToken[] = [];
  if (!keyChange) {
    for (const sale of oldest) toEnter.push(...storyTokens(sale));
  } else {
    const changeSale = oldest.find((s) => s.id === keyChange.saleId)!;
    const changeTokens = storyTokens(changeSale);
    toEnter.push(...changeTokens.filter((t) => t.kind === "key_change"));
    for (const sale of oldest) {
      const credit = storyTokens(sale).filter((t) => t.kind !== "key_change");
      const before = sale.at.getTime() < keyChange.at.getTime();
      // An earlier sale made with the new key (the same key change sold again) still loads.
      if (!before || (sale.id !== changeSale.id && sameKey(sale.meter, keyChange.to)))
        toEnter.push(...credit);
      else if (sale.id !== changeSale.id) beforeKeyChange.push(...credit);
    }
  }
  return {
    meterNumber,
    municipality: oldest.at(-1)?.municipality ?? null,
    sales: [...oldest].reverse(),
    keyChanges,
    keyChange,
    toEnter,
    beforeKeyChange,
  };
}
