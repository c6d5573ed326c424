/**
 * What the cashier copies by hand when nothing prints: the electricity tokens under their
 * labels, or a voucher's PIN, read from the slip's own model (lib/slip/model.ts). A
 * colleague's reprint has no PIN in its model, so none here either. Pure.
 */
import type { SlipBlock, SlipModel } from "@/lib/slip/model";

function copied(block: SlipBlock): string[] {
  switch (block.type) {
    case "tokens":
      return block.tokens.map((t) => `${t.label}: ${t.digits}`);
    case "pin":
      return [`${block.title}: ${block.pin}`];
    case "section":
    case "group":
      return block.blocks.flatMap(copied);
    case "entries":
      return block.entries.flatMap((entry) => entry.blocks.flatMap(copied));
    case "header":
    case "warning":
    case "title":
    case "pair":
    case "text":
    case "centre":
    case "printed":
    case "withheld":
    case "barcode":
    case "link":
    case "messages":
      return [];
  }
}

export function handCopyOf(model: SlipModel): string | null {
  const lines = model.blocks.flatMap(copied);
  return lines.length > 0 ? lines.join("\n") : null;
}
