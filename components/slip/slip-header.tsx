import "server-only";
import { env } from "@/lib/env";
import { saDateTime } from "@/lib/sa-time";
import { SlipLine } from "./slip-frame";

/** The merchant's name and VAT number, for slips that print no header of their own. */
export function MerchantLines() {
  const { merchantName, vatNumber } = env();
  return (
    <header className="text-center">
      <p className="text-sm font-bold">{merchantName}</p>
      <p>VAT no. {vatNumber}</p>
    </header>
  );
}

/**
 * The merchant's name and VAT number, the slip's title, receipt number and South African date.
 * `vatLabel` says whose VAT number it is when the slip also names another party (the utility).
 */
export function SlipHeader({
  title,
  receiptNumber,
  at,
  vatLabel = "VAT no.",
}: {
  title: string;
  receiptNumber: string | null;
  at: string;
  vatLabel?: string;
}) {
  const { merchantName, vatNumber } = env();
  return (
    <header className="flex flex-col gap-1 text-center">
      <p className="text-sm font-bold">{merchantName}</p>
      <p data-merchant-vat>
        {vatLabel} {vatNumber}
      </p>
      <p className="text-sm font-bold uppercase">{title}</p>
      <div className="text-left">
        <SlipLine label="Receipt no." value={receiptNumber ?? "—"} />
        <SlipLine label="Date" value={saDateTime(at)} />
      </div>
    </header>
  );
}

/** The messages the municipality or utility sends for the slip, at its foot. */
export function UtilityMessages({ messages, from }: { messages?: string[] | null; from: string }) {
  if (!messages?.length) return null;
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
