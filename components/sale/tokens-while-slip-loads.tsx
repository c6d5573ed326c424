import type { SaleView } from "@/lib/sales/sale-view";
import { KEY_CHANGE_WARNING } from "@/lib/care/key-change-words";

/**
 * A completed electricity sale's tokens from its own answer, on screen the moment it comes
 * back; the slip page (tokens in the customer's order, printing, New sale) replaces this as
 * soon as it has loaded. Kept small: it ships with the electricity and bills form.
 */
export function TokensWhileSlipLoads({ sale }: { sale: SaleView }) {
  return (
    <section role="status" aria-label="Sold" className="max-w-xl rounded-xl bg-white p-4 shadow">
      <p className="text-xl font-bold">Sold. The slip opens…</p>
      {(sale.tokens ?? []).some((t) => t.kind === "key_change") && (
        <p data-key-change-warning className="font-semibold">
          {KEY_CHANGE_WARNING.lines[0]}
        </p>
      )}
      <ol aria-label="Tokens" className="flex flex-col gap-2">
        {(sale.tokens ?? []).map((t) => (
          <li key={t.digits} data-token={t.kind} className="font-mono text-2xl font-bold">
            {t.digits.replace(/\D/g, "").replace(/(\d{4})(?=\d)/g, "$1 ")}
          </li>
        ))}
      </ol>
    </section>
  );
}
