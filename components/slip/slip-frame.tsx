import type { SlipMarks } from "@/lib/slip/model";

/**
 * The paper: 80 mm or 58 mm thermal rolls (a setting per till). On screen the slip is
 * drawn at its paper width; in print only the slip is printed, edge to edge.
 */
export function SlipFrame({
  paperWidthMm,
  children,
}: {
  paperWidthMm: number;
  children: React.ReactNode;
}) {
  // Thermal heads print about 72 mm of an 80 mm roll and 48 mm of a 58 mm roll.
  const printableMm = paperWidthMm >= 80 ? 72 : 48;
  // A 20-digit token in groups of four is 24 characters: on a 58 mm roll it fits one line
  // only in smaller digits with no extra letter spacing (tokens are keyed in, never wrapped).
  const css = `
@page { margin: 0; }
#slip [data-token] { white-space: nowrap; }
#slip[data-paper-mm="58"] [data-token] { font-size: 10px; letter-spacing: 0; }
@media print {
  body * { visibility: hidden; }
  #slip, #slip * { visibility: visible; }
  #slip { position: absolute; left: 0; top: 0; margin: 0 ${(paperWidthMm - printableMm) / 2}mm; box-shadow: none; color: #000; }
}`;
  return (
    <>
      <style>{css}</style>
      <article
        id="slip"
        aria-label="Slip"
        data-paper-mm={paperWidthMm}
        style={{ width: `${printableMm}mm` }}
        className={`flex flex-col gap-2 bg-white p-2 font-mono leading-snug text-black shadow ${paperWidthMm >= 80 ? "text-[11px]" : "text-[9px]"}`}
      >
        {children}
      </article>
    </>
  );
}

/** A reprint must never pass for the original: marked at the top and the bottom. */
export function ReprintMark() {
  return (
    <p className="border-y-2 border-black py-1 text-center text-base font-bold tracking-widest">
      REPRINT
    </p>
  );
}

/** One "label ..... value" line of a slip; `marks` go on the value. */
export function SlipLine({
  label,
  value,
  strong,
  marks = {},
}: {
  label: string;
  value: string;
  strong?: boolean;
  marks?: SlipMarks;
}) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "font-bold" : ""}`}>
      <span>{label}</span>
      <span className="text-right" {...dataOf(marks)}>
        {value}
      </span>
    </div>
  );
}

/** A slip block's marks as the element's data-* attributes. */
export function dataOf(marks: SlipMarks): Record<`data-${string}`, string> {
  return Object.fromEntries(Object.entries(marks).map(([name, value]) => [`data-${name}`, value]));
}
