import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SlipBlocks } from "@/components/slip/slip-blocks";
import { slipModelOf } from "@/lib/kinds/slips";
import { formatRand } from "@/lib/money";
import { handCopyOf } from "@/lib/printing/hand-copy";
import { toPrinterText } from "@/lib/printing/plain-text";
import { encodeSaleSlip } from "@/lib/printing/slip-commands";
import type { SlipBlock, SlipSale } from "@/lib/slip/model";
import { plainSlip } from "@/lib/slip/plain";
import { printedText, readEscPos } from "../support/escpos-reader";
import { airtime, bill, electricity, fines, merchant, voucher } from "../support/slip-sales";

/** What a reader sees, compared without spacing, case or accents (paper is plain ASCII, wrapped). */
const seen = (text: string) => toPrinterText(text).replace(/\s+/g, "").toLowerCase();
/** The words as one flowing line, spaces of every kind as one. */
const flowing = (text: string) => toPrinterText(text).replace(/\s+/g, " ");

async function onScreen(sale: SlipSale, hidePin = false): Promise<string> {
  const blocks = slipModelOf(sale, merchant, { hidePin }).blocks;
  const stream = await renderToReadableStream(createElement(SlipBlocks, { blocks }));
  await stream.allReady;
  const html = await new Response(stream).text();
  return flowing(
    html
      .replace(/<svg[^]*?<\/svg>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
}

function onPaper(sale: SlipSale, hidePin = false): string {
  const bytes = encodeSaleSlip(sale, merchant, {
    paperWidthMm: 58,
    reprint: false,
    drawer: false,
    hidePin,
  });
  return flowing(printedText(readEscPos(bytes)));
}

/** Every word the model gives a block to say. */
function wordsOf(block: SlipBlock): string[] {
  switch (block.type) {
    case "header":
      return [
        block.merchantName,
        block.vat,
        ...(block.title ? [block.title] : []),
        ...block.lines.flatMap((l) => [l.label, l.value]),
      ];
    case "warning":
      return [block.title, ...block.lines];
    case "section":
    case "group":
      return block.blocks.flatMap(wordsOf);
    case "entries":
      return block.entries.flatMap((e) => e.blocks.flatMap(wordsOf));
    case "pair":
      return [block.label, block.value];
    case "title":
    case "text":
    case "centre":
    case "printed":
      return [block.text];
    case "tokens":
      return block.tokens.flatMap((t) => [
        t.label,
        t.digits,
        ...(t.free ? [t.free] : []),
        ...t.notes,
      ]);
    case "pin":
      return [block.title, block.pin];
    case "withheld":
      return [block.title, block.note];
    case "link":
      return [block.caption, block.url];
    case "messages":
      return [...block.messages];
    // Drawn as bars: the meter's digits are said in its own line.
    case "barcode":
      return [];
  }
}

const SALES = { electricity, bill, fines, voucher, airtime };

describe("one slip model, drawn on screen and on paper", () => {
  it.each(Object.entries(SALES))("%s: every word of the model is on both", async (_, sale) => {
    const model = slipModelOf(sale, merchant);
    const [screen, paper] = [seen(await onScreen(sale)), seen(onPaper(sale))];
    const words = model.blocks.flatMap(wordsOf);
    expect(words.length).toBeGreaterThan(8);
    for (const word of words) {
      expect(screen, `screen: ${word}`).toContain(seen(word));
      expect(paper, `paper: ${word}`).toContain(seen(word));
    }
  });

  it("electricity: the tokens in keying order and the amount, on screen and on paper", async () => {
    const screen = await onScreen(electricity);
    const paper = onPaper(electricity);
    for (const text of [screen, paper]) {
      const at = [
        "1111 2222 3333 4444 5555",
        "2222 3333 4444 5555 6666",
        "5555 6666 7777 8888 9999",
        "7777 8888 9999 0000 1111",
      ].map((digits) => text.indexOf(digits));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(text).toMatch(/Amount\s+R 250,00/);
    }
    expect(paper).toContain("Zoe Muller-Ngcobo");
  });

  it("fines: each notice's registry receipt and the total, on screen and on paper", async () => {
    for (const text of [await onScreen(fines), onPaper(fines)]) {
      expect(text).toMatch(/Registry receipt\s+RCPT-1/);
      expect(text).toMatch(/Registry receipt\s+RCPT-2/);
      expect(text).toMatch(/Total paid\s+R 700,00/);
    }
  });

  it("a colleague's reprint of a voucher: the PIN is on neither, nor in the hand copy", async () => {
    for (const text of [await onScreen(voucher, true), onPaper(voucher, true)]) {
      expect(text).not.toContain("1234 5678 9012 3456");
      expect(seen(text)).toContain(seen("Voucher PIN not shown"));
      expect(text).toMatch(/Total paid\s+R 102,50/);
    }
    expect(handCopyOf(slipModelOf(voucher, merchant, { hidePin: true }))).toBeNull();
    expect(handCopyOf(slipModelOf(voucher, merchant))).toBe("Voucher PIN: 1234 5678 9012 3456");
  });

  it("a stored answer that cannot be read: the same sentence on screen and on paper", async () => {
    const unreadable = { ...bill, result: { accountNumber: 5 } };
    for (const text of [await onScreen(unreadable), onPaper(unreadable)])
      expect(text).toContain("This sale's details cannot be read. Check it in History.");
  });
});

describe("the plain slip of a sale not yet recorded", () => {
  it("electricity: titled, the tokens as large lines in keying order, then the amount", () => {
    const plain = plainSlip(slipModelOf(electricity, merchant));
    expect(plain.title).toBe("Prepaid electricity");
    expect(plain.lines.filter((l) => l.big).map((l) => [l.label, l.value])).toEqual([
      ["Key change 1", "1111 2222 3333 4444 5555"],
      ["Key change 2", "2222 3333 4444 5555 6666"],
      ["Credit", "5555 6666 7777 8888 9999"],
      ["Free basic electricity", "7777 8888 9999 0000 1111"],
    ]);
    expect(plain.lines).toContainEqual({ label: "Amount", value: formatRand(25000) });
    expect(plain.lines.map((l) => l.value)).toContain("Key change: enter these tokens first");
  });

  it("voucher: the PIN large; fines: each notice's registry receipt", () => {
    const pin = plainSlip(slipModelOf(voucher, merchant)).lines.find((l) => l.big);
    expect(pin).toEqual({ label: "Voucher PIN", value: "1234 5678 9012 3456", big: true });
    const paid = plainSlip(slipModelOf(fines, merchant));
    expect(paid.title).toBe("Traffic fines paid");
    expect(paid.lines).toContainEqual({ label: "Registry receipt", value: "RCPT-2" });
  });
});
