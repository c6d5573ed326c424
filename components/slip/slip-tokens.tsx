import { FREE_TOKEN_NOTE } from "@/lib/care/key-change-words";
import { tokenGroups, tokensForSlip, type SlipToken } from "@/lib/slip/tokens";

/** "66.6 kWh", unless the token's note already says it. */
function unitsNote(t: SlipToken): string | null {
  if (t.units == null || /kwh/i.test(t.info ?? "")) return null;
  return `${t.units.toFixed(1)} kWh`;
}

/** Each token under its label, in the order the customer keys them in, in groups of four digits, with its units. */
export function SlipTokens({ tokens }: { tokens: readonly SlipToken[] }) {
  return (
    <ol aria-label="Tokens" className="flex flex-col gap-2">
      {tokensForSlip(tokens).map((t) => (
        <li key={`${t.kind}-${t.digits}`} className="flex flex-col border border-black p-1">
          <span className="font-bold">{t.label}</span>
          {t.kind === "fbe" && (
            <span data-free className="text-center font-bold uppercase">
              {FREE_TOKEN_NOTE}
            </span>
          )}
          <span data-token={t.kind} className="text-center text-[1.35em] font-bold tracking-wide">
            {tokenGroups(t.digits).join(" ")}
          </span>
          {t.info && <span className="text-center">{t.info}</span>}
          {unitsNote(t) && <span className="text-center">{unitsNote(t)}</span>}
        </li>
      ))}
    </ol>
  );
}
