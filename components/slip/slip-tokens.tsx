import type { SlipTokenLine } from "@/lib/slip/model";

/** Each token under its label, in the order the customer keys them in, in groups of four digits, with its notes. */
export function SlipTokens({ tokens }: { tokens: readonly SlipTokenLine[] }) {
  return (
    <ol aria-label="Tokens" className="flex flex-col gap-2">
      {tokens.map((t) => (
        <li key={`${t.kind}-${t.digits}`} className="flex flex-col border border-black p-1">
          <span className="font-bold">{t.label}</span>
          {t.free && (
            <span data-free className="text-center font-bold uppercase">
              {t.free}
            </span>
          )}
          <span data-token={t.kind} className="text-center text-[1.35em] font-bold tracking-wide">
            {t.digits}
          </span>
          {t.notes.map((note) => (
            <span key={note} className="text-center">
              {note}
            </span>
          ))}
        </li>
      ))}
    </ol>
  );
}
