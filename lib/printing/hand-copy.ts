/**
 * What the cashier copies by hand when nothing prints: the electricity tokens under their
 * labels, or a voucher's PIN, read from the slip's own model (lib/slip/model.ts). A
 * colleague's reprint has no PIN in its model, so none here either. Pure.
 */
import { leafBlocks, type SlipLeaf, type SlipModel } from "@/lib/slip/model";

function copied(block: SlipLeaf): string[] {
  if (block.type === "tokens") return block.tokens.map((t) => `${t.label}: ${t.digits}`);
  if (block.type === "pin") return [`${block.title}: ${block.pin}`];
  return [];
}

export function handCopyOf(model: SlipModel): string | null {
  const lines = leafBlocks(model.blocks).flatMap(copied);
  return lines.length > 0 ? lines.join("\n") : null;
}
