/**
 * A slip model's blocks (lib/slip/model.ts) on the printer's roll: rules where the screen
 * draws dashed lines and boxes, titles upper-case and bold, tokens and PINs in large type,
 * the printer's own barcode and QR code. Pure: no I/O.
 */
import type { SlipBlock } from "@/lib/slip/model";
import type { SlipPaper } from "./slip-paper";

export function printBlocks(slip: SlipPaper, blocks: readonly SlipBlock[]): void {
  for (const block of blocks) printBlock(slip, block);
}

function printBlock(slip: SlipPaper, block: SlipBlock): void {
  switch (block.type) {
    case "header":
      slip.centre(block.merchantName, true).centre(block.vat);
      if (block.title) slip.centre(block.title.toUpperCase(), true);
      for (const line of block.lines) slip.pair(line.label, line.value);
      return;
    case "warning":
      slip.rule().centre(block.title.toUpperCase(), true);
      for (const line of block.lines) slip.text(line);
      slip.rule();
      return;
    case "section":
      slip.rule();
      printBlocks(slip, block.blocks);
      return;
    case "group":
      printBlocks(slip, block.blocks);
      return;
    case "entries":
      for (const entry of block.entries) {
        slip.rule();
        printBlocks(slip, entry.blocks);
      }
      return;
    case "title":
    case "text":
      slip.text(block.text);
      return;
    case "pair":
      slip.pair(block.label, block.value, block.strong);
      return;
    case "centre":
      slip.centre(block.text, block.strong);
      return;
    case "tokens":
      for (const t of block.tokens) {
        slip.rule().text(t.label);
        if (t.free) slip.centre(t.free.toUpperCase(), true);
        slip.big(t.digits);
        for (const note of t.notes) slip.centre(note);
      }
      return;
    case "printed":
      slip.rule().text(block.text);
      return;
    case "pin":
      slip.rule().centre(block.title.toUpperCase(), true).big(block.pin).rule();
      return;
    case "withheld":
      slip.rule().centre(block.title.toUpperCase(), true).centre(block.note).rule();
      return;
    case "barcode":
      slip.barcode(block.value);
      return;
    case "link":
      slip.rule().centre(block.caption).centre(block.url).qr(block.url);
      return;
    case "messages":
      for (const m of block.messages) slip.centre(m);
      return;
  }
}
