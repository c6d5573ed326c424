/**
 * A slip model as plain "label: value" lines: what the till shows of a sale the core service
 * completed but the journal could not record yet (lib/sales/sale-view.ts `NotRecorded`), so
 * the cashier keeps the same slip the printer would have printed. Tokens and PINs are `big`.
 * Pure and client-safe.
 */
import type { SlipLine } from "@/lib/sales/sale-view";
import type { SlipBlock, SlipModel } from "@/lib/slip/model";

const said = (value: string): SlipLine => ({ label: "", value });

function linesOf(block: SlipBlock): SlipLine[] {
  switch (block.type) {
    case "header":
      return block.lines;
    case "warning":
      return [said(block.title), ...block.lines.map(said)];
    case "section":
    case "group":
      return block.blocks.flatMap(linesOf);
    case "entries":
      return block.entries.flatMap((entry) => entry.blocks.flatMap(linesOf));
    // The plain slip's own title says what the section is about.
    case "title":
    case "barcode":
      return [];
    case "pair":
      return [{ label: block.label, value: block.value }];
    case "text":
    case "centre":
    case "printed":
      return [said(block.text)];
    case "tokens":
      return block.tokens.flatMap((t) => [
        { label: t.label, value: t.digits, big: true },
        ...(t.free ? [said(t.free)] : []),
        ...t.notes.map(said),
      ]);
    case "pin":
      return [{ label: block.title, value: block.pin, big: true }];
    case "withheld":
      return [{ label: block.title, value: block.note }];
    case "link":
      return [{ label: block.caption, value: block.url }];
    case "messages":
      return block.messages.map(said);
  }
}

export function plainSlip(model: SlipModel): { title: string; lines: SlipLine[] } {
  return { title: model.title, lines: model.blocks.flatMap(linesOf) };
}
