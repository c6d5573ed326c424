/**
 * A slip model as plain "label: value" lines: what the till shows of a sale the core service
 * completed but the journal could not record yet (lib/sales/sale-view.ts `NotRecorded`), so
 * the cashier keeps the same slip the printer would have printed. Tokens and PINs are `big`.
 * Pure and client-safe.
 */
import type { SlipLine } from "@/lib/sales/sale-view";
import { leafBlocks, type SlipLeaf, type SlipModel } from "@/lib/slip/model";

const said = (value: string): SlipLine => ({ label: "", value });

function linesOf(block: SlipLeaf): SlipLine[] {
  switch (block.type) {
    case "header":
      return block.lines;
    case "warning":
      return [said(block.title), ...block.lines.map(said)];
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
  return { title: model.title, lines: leafBlocks(model.blocks).flatMap(linesOf) };
}
