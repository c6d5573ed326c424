/** The merchant balance as the till's warning shows it. Pure: the client polls it. */
export interface BalanceView {
  /** Null when the core service did not answer (the warning then stays quiet). */
  balanceCents: number | null;
  thresholdCents: number;
}

export function isLow(view: BalanceView): boolean {
  return view.balanceCents !== null && view.balanceCents < view.thresholdCents;
}
