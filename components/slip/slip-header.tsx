import type { SlipBlock } from "@/lib/slip/model";
import { SlipLine } from "./slip-frame";

/**
 * The merchant's name and VAT number, the slip's title, receipt number and South African date.
 * `vat` says whose VAT number it is when the slip also names another party (the utility).
 */
export function SlipHeader({
  merchantName,
  vat,
  title,
  lines,
}: Omit<Extract<SlipBlock, { type: "header" }>, "type">) {
  return (
    <header className="flex flex-col gap-1 text-center">
      <p className="text-sm font-bold">{merchantName}</p>
      <p data-merchant-vat>{vat}</p>
      {title && <p className="text-sm font-bold uppercase">{title}</p>}
      {lines.length > 0 && (
        <div className="text-left">
          {lines.map((line) => (
            <SlipLine key={line.label} label={line.label} value={line.value} />
          ))}
        </div>
      )}
    </header>
  );
}

/** The messages the municipality or utility sends for the slip, at its foot. */
export function UtilityMessages({ messages, from }: { messages: readonly string[]; from: string }) {
  return (
    <section
      aria-label={`Messages from the ${from}`}
      className="border-t border-dashed border-black pt-1 text-center"
    >
      {messages.map((m) => (
        <p key={m} data-utility-message>
          {m}
        </p>
      ))}
    </section>
  );
}
