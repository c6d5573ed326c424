/**
 * Text as every supported receipt printer can print it: plain ASCII. Cheap 58 mm printers
 * have few code pages (often only cp437, with its own numbering), so Kassa never switches
 * one: accents are taken off (Zoë → Zoe), typographic quotes, dashes and spaces become
 * their plain forms, and anything else outside ASCII becomes "?". Pure.
 */
const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u00b4": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2022": "*",
  "\u00b7": ".",
  "\u00d7": "x",
  "\u00df": "ss",
  "\u00e6": "ae",
  "\u00c6": "AE",
  "\u0153": "oe",
  "\u0152": "OE",
  "\u00f8": "o",
  "\u00d8": "O",
  "\u0142": "l",
  "\u0141": "L",
  "\u0111": "d",
  "\u0110": "D",
  "\u00f0": "d",
  "\u00d0": "D",
  "\u00fe": "th",
  "\u00de": "Th",
  "\u0131": "i",
  "\u20ac": "EUR",
  "\u00a3": "GBP",
  "\u00a9": "(c)",
  "\u00ae": "(R)",
  "\u2122": "TM",
  "\u00b0": " deg",
};

/** Spaces of every kind (no-break, thin, narrow no-break ...) print as one plain space. */
const SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/** Joiners and marks with no width of their own. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

export function toPrinterText(text: string): string {
  let out = "";
  for (const ch of text.replace(SPACES, " ").replace(INVISIBLE, "")) {
    if (ch >= " " && ch <= "~") {
      out += ch;
      continue;
    }
    const replaced = REPLACEMENTS[ch];
    if (replaced !== undefined) {
      out += replaced;
      continue;
    }
    // Decomposed, a letter with an accent is the letter and a combining mark (dropped);
    // compatibility forms (ligatures, full-width letters) become their plain letters.
    const plain = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    out += /^[\x20-\x7e]+$/.test(plain) ? plain : /\s/.test(ch) ? " " : "?";
  }
  return out;
}
