/**
 * A small ESC/POS reader for tests: turns the bytes a printer would receive back into the
 * lines it would print (text decoded through the selected code page, with each line's width
 * in character cells), the barcodes, QR codes, drawer pulses and cuts. It knows the commands
 * Kassa's encoder writes and fails loudly on any other, so a test cannot pass on bytes it
 * did not understand.
 */
import CodepageEncoder from "@point-of-sale/codepage-encoder";

export interface PrintedLine {
  text: string;
  /** Character cells across: characters × the width multiplier of each. */
  cells: number;
  bold: boolean;
  /** Height multiplier of the largest character on the line. */
  height: number;
}

export interface Printout {
  lines: PrintedLine[];
  /**
   * Each barcode with its data (Code 128 decoded through its code sets) and, for Code 128,
   * its width in printer dots: start, data, check and stop symbols at the module width set
   * by GS w (quiet zones not included).
   */
  barcodes: { symbology: number; data: string; moduleDots: number; widthDots: number | null }[];
  qrCodes: string[];
  /** Real-time drawer pulses (DLE DC4 1 m t): they open the drawer even with the paper out. */
  pulses: number;
  /** ESC p pulses, which a printer holds while it is out of paper: Kassa writes none. */
  escPulses: number;
  cuts: number;
  /** Where the first cut came, as a count of lines printed before it. */
  cutAfterLine: number | null;
  /** The position of every pulse, in lines printed before it. */
  pulseAfterLine: number[];
  /** Status queries (DLE EOT n) found in the stream. */
  statusQueries: number[];
}

/** Epson's numbers for the code pages (ESC t n), as the encoder's "epson" mapping writes them. */
const EPSON_CODEPAGES: Record<number, string> = {
  0: "cp437",
  2: "cp850",
  3: "cp860",
  4: "cp863",
  5: "cp865",
  16: "windows1252",
  17: "cp866",
  18: "cp852",
  19: "cp858",
};

const tables = new Map<string, string[]>();
function tableOf(codepage: string): string[] {
  let table = tables.get(codepage);
  if (!table) {
    const points = CodepageEncoder.getCodepoints(codepage as never, false) as unknown as number[];
    table = Array.from({ length: 256 }, (_, i) =>
      i < 128 ? String.fromCharCode(i) : String.fromCodePoint(points[i] ?? 0xfffd),
    );
    tables.set(codepage, table);
  }
  return table;
}

export function readEscPos(input: Uint8Array | Buffer | number[]): Printout {
  const b = Uint8Array.from(input);
  const out: Printout = {
    lines: [],
    barcodes: [],
    qrCodes: [],
    pulses: 0,
    escPulses: 0,
    cuts: 0,
    cutAfterLine: null,
    pulseAfterLine: [],
    statusQueries: [],
  };
  let codepage = "cp437";
  let widthMult = 1;
  let heightMult = 1;
  let bold = false;
  let line = { text: "", cells: 0, bold: false, height: 1 };
  // GS w n: the module width in dots; Epson printers start at 3.
  let moduleDots = 3;
  const endLine = () => {
    out.lines.push(line);
    line = { text: "", cells: 0, bold: false, height: 1 };
  };
  let i = 0;
  const need = (n: number) => {
    if (i + n > b.length) throw new Error(`truncated command at byte ${i}`);
  };
  while (i < b.length) {
    const c = b[i]!;
    if (c === 0x0a) {
      endLine();
      i += 1;
    } else if (c === 0x0d) {
      i += 1;
    } else if (c === 0x1b) {
      need(2);
      const cmd = b[i + 1]!;
      if (cmd === 0x40) {
        codepage = "cp437";
        widthMult = heightMult = 1;
        bold = false;
        i += 2;
      } else if (cmd === 0x74) {
        need(3);
        const name = EPSON_CODEPAGES[b[i + 2]!];
        if (!name) throw new Error(`unknown code page ${b[i + 2]}`);
        codepage = name;
        i += 3;
      } else if (cmd === 0x45) {
        bold = b[i + 2] === 1;
        i += 3;
      } else if ([0x4d, 0x61, 0x2d, 0x34, 0x47, 0x33, 0x21, 0x64, 0x4a, 0x7b].includes(cmd)) {
        // Font, alignment, underline, italic, double strike, line spacing, modes, feeds.
        if (cmd === 0x64 || cmd === 0x4a) for (let n = 0; n < b[i + 2]!; n++) endLine();
        i += 3;
      } else if (cmd === 0x32) {
        i += 2;
      } else if (cmd === 0x70) {
        need(5);
        out.escPulses += 1;
        i += 5;
      } else {
        throw new Error(`unknown ESC ${cmd.toString(16)} at byte ${i}`);
      }
    } else if (c === 0x1c) {
      // FS . (cancel Kanji) and FS & (Kanji on): one byte after FS.
      i += 2;
    } else if (c === 0x1d) {
      need(2);
      const cmd = b[i + 1]!;
      if (cmd === 0x21) {
        const n = b[i + 2]!;
        widthMult = ((n >> 4) & 0x0f) + 1;
        heightMult = (n & 0x0f) + 1;
        i += 3;
      } else if (cmd === 0x77) {
        moduleDots = b[i + 2]!;
        i += 3;
      } else if ([0x42, 0x68, 0x48, 0x66].includes(cmd)) {
        i += 3;
      } else if (cmd === 0x6b) {
        need(4);
        const m = b[i + 2]!;
        if (m < 65) throw new Error("NUL-terminated barcodes are not written by Kassa");
        const n = b[i + 3]!;
        need(4 + n);
        const bytes = b.slice(i + 4, i + 4 + n);
        if (m === 73) {
          const code128 = readCode128(bytes);
          out.barcodes.push({
            symbology: m,
            data: code128.data,
            moduleDots,
            widthDots: (11 * (code128.symbols + 2) + 13) * moduleDots,
          });
        } else {
          const data = String.fromCharCode(...bytes);
          out.barcodes.push({ symbology: m, data, moduleDots, widthDots: null });
        }
        i += 4 + n;
      } else if (cmd === 0x28 && b[i + 2] === 0x6b) {
        need(7);
        const len = b[i + 3]! + b[i + 4]! * 256;
        const fn = b[i + 6]!;
        if (fn === 0x50) out.qrCodes.push(String.fromCharCode(...b.slice(i + 8, i + 5 + len)));
        i += 5 + len;
      } else if (cmd === 0x56) {
        need(3);
        const m = b[i + 2]!;
        out.cuts += 1;
        if (out.cutAfterLine === null) out.cutAfterLine = out.lines.length;
        i += m >= 65 ? 4 : 3;
      } else {
        throw new Error(`unknown GS ${cmd.toString(16)} at byte ${i}`);
      }
    } else if (c === 0x10 && b[i + 1] === 0x14) {
      need(5);
      if (b[i + 2] !== 1 || b[i + 3]! > 1 || b[i + 4]! < 1 || b[i + 4]! > 8)
        throw new Error(`DLE DC4 ${b[i + 2]} ${b[i + 3]} ${b[i + 4]} is not a drawer pulse`);
      out.pulses += 1;
      out.pulseAfterLine.push(out.lines.length);
      i += 5;
    } else if (c === 0x10 && b[i + 1] === 0x04) {
      out.statusQueries.push(b[i + 2]!);
      i += 3;
    } else if (c < 0x20) {
      throw new Error(`unknown control byte ${c.toString(16)} at byte ${i}`);
    } else {
      line.text += tableOf(codepage)[c];
      line.cells += widthMult;
      line.bold ||= bold;
      line.height = Math.max(line.height, heightMult);
      i += 1;
    }
  }
  if (line.text) endLine();
  return out;
}

/**
 * Epson's Code 128 data (GS k 73): "{A", "{B" or "{C" first, "{" + A/B/C switches code set
 * (one symbol each), "{{" is a brace; in code set C each byte is one symbol of two digits.
 */
function readCode128(bytes: Uint8Array): { data: string; symbols: number } {
  let set: string | null = null;
  let data = "";
  let symbols = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x7b && i + 1 < bytes.length && bytes[i + 1] !== 0x7b) {
      const next = String.fromCharCode(bytes[i + 1]!);
      if (!"ABC".includes(next))
        throw new Error(`Code 128 function {${next} is not written by Kassa`);
      // The first code set is the start symbol itself.
      if (set !== null) symbols += 1;
      set = next;
      i += 1;
      continue;
    }
    if (set === null) throw new Error("Code 128 data must start with its code set");
    if (c === 0x7b) i += 1;
    if (set === "C") {
      if (c > 99) throw new Error(`Code 128 set C takes 0 to 99, not ${c}`);
      data += String(c).padStart(2, "0");
    } else data += String.fromCharCode(c);
    symbols += 1;
  }
  return { data, symbols };
}

/** All printed text, one line each, trailing spaces kept off. */
export function printedText(p: Printout): string {
  return p.lines.map((l) => l.text.trimEnd()).join("\n");
}
