/**
 * The meter number's Code 128 sized for the roll. A printer drops a barcode wider than its
 * print head (a 58 mm POS-58 clone has 384 dots, an Epson 420; 80 mm printers 576), and the
 * 11-digit meter in code set B at the encoder's default module (3 dots) is 468 dots. So the
 * digits go in code set C (two per symbol) and the widest module that still fits with the
 * quiet zones is chosen; when none fits, no barcode (the meter's digits are on the slip). Pure.
 */

/** Dots across a roll's print head, as the narrowest common printer of that width has them. */
export function printableDots(paperWidthMm: number): number {
  return paperWidthMm >= 80 ? 576 : 384;
}

/** Code 128 asks for a clear margin of ten modules on either side for a scanner to find it. */
const QUIET_MODULES = 10;

/** Module widths tried, widest first: 3 dots scan best; 2 is the narrowest a till's scanner reads. */
const MODULE_DOTS = [3, 2] as const;

export interface MeterBarcode {
  /** Epson's GS k 73 data: code set switches written "{B" and "{C", set C as one byte per pair. */
  data: string;
  /** The encoder's `width` option: the module is this plus one dot (GS w n+1). */
  encoderWidth: 1 | 2;
}

/** Data symbols (code set switches included) and the Epson data for a value. */
function symbolsOf(value: string): { data: string; symbols: number } {
  if (!/^\d{2,}$/.test(value)) return { data: `{B${value}`, symbols: value.length };
  // Pairs in set C; an odd last digit in set B after one switch.
  const pairs = value.length - (value.length % 2);
  let data = "{C";
  for (let i = 0; i < pairs; i += 2) data += String.fromCharCode(Number(value.slice(i, i + 2)));
  if (pairs === value.length) return { data, symbols: pairs / 2 };
  return { data: `${data}{B${value.slice(pairs)}`, symbols: pairs / 2 + 2 };
}

/** Start, data, check and stop (13 modules) plus the quiet zones, in modules. */
function modulesOf(symbols: number): number {
  return 11 * (symbols + 2) + 13 + 2 * QUIET_MODULES;
}

/** The barcode for this roll, or null when even the narrowest module does not fit. */
export function meterBarcode(value: string, paperWidthMm: number): MeterBarcode | null {
  if (!/^[\x20-\x7e]{1,40}$/.test(value) || value.includes("{")) return null;
  const { data, symbols } = symbolsOf(value);
  const dots = printableDots(paperWidthMm);
  const fits = MODULE_DOTS.find((d) => modulesOf(symbols) * d <= dots);
  return fits === undefined ? null : { data, encoderWidth: (fits - 1) as 1 | 2 };
}
