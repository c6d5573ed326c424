import { useId } from "react";

/** The cashier must act (an alert) or wait (a status); each in its own colours. */
const TONES = {
  /** Not confirmed: keep the customer's money, do the one safe next step. */
  warn: { role: "alert", box: "gap-3 border-warn bg-amber-50 text-amber-950", title: "text-warn" },
  /** Not recorded: what came back, to keep, on white so that it prints plainly. */
  keep: { role: "alert", box: "gap-3 border-warn bg-white", title: "text-warn" },
  /** Still sending: the outcome shows here as soon as Kassa has it. */
  wait: { role: "status", box: "gap-2 border-sky-700 bg-sky-50 text-sky-950", title: "" },
} as const;

/**
 * A sale's state where its form was (not confirmed, still sending, not recorded): a framed
 * section named by its title, announced as it appears, carrying the sale's id.
 */
export function SalePanel({
  title,
  tone,
  saleId,
  children,
}: {
  title: React.ReactNode;
  tone: keyof typeof TONES;
  saleId?: string;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      role={TONES[tone].role}
      aria-labelledby={titleId}
      data-sale-id={saleId}
      className={`flex max-w-xl flex-col rounded-xl border-2 p-4 ${TONES[tone].box}`}
    >
      <h2 id={titleId} className={`text-xl font-bold ${TONES[tone].title}`.trim()}>
        {title}
      </h2>
      {children}
    </section>
  );
}
