import type { HTMLAttributes } from "react";
import { formatRand, type Cents } from "@/lib/money";

/**
 * An amount on screen, "R 1 234,56" (en-ZA), that never breaks across lines: no "R" at the end
 * of one line and "50,00" on the next, however narrow the screen (a kiosk at 390 px, the
 * customer's phone). Digits of equal width, so amounts in a column line up.
 */
export function Money({
  cents,
  className = "",
  ...rest
}: { cents: Cents } & Omit<HTMLAttributes<HTMLSpanElement>, "children">) {
  return (
    <span {...rest} className={`whitespace-nowrap tabular-nums ${className}`.trim()}>
      {formatRand(cents)}
    </span>
  );
}
