/** The merchant balance as the till's warning shows it. Pure: the client polls it. */
export interface BalanceView {
  /** Null when the core service did not answer (the warning then stays quiet). */
  balanceCents: number | null;
  thresholdCents: number;
  /**
   * Set only while the float's runway is shorter than the warning's hours: how long it lasts,
   * in words ("about 5 hours at this shop's pace"), written on the server.
   */
  shortRunway?: string | null;
}

export function isLowBalance(view: BalanceView): boolean {
  return view.balanceCents !== null && view.balanceCents < view.thresholdCents;
}

/** The one warning about the float: below the amount, or running out sooner than the hours. */
export function isLow(view: BalanceView): boolean {
  return isLowBalance(view) || (view.balanceCents !== null && !!view.shortRunway);
}

/** "about 40 minutes", "about 5 hours", "about 3 days". */
export function formatRunway(hours: number): string {
  if (hours < 1) return `about ${Math.max(1, Math.round(hours * 60))} minutes`;
  if (hours < 48) return `about ${Math.round(hours)} hour${Math.round(hours) === 1 ? "" : "s"}`;
  return `about ${Math.round(hours / 24)} days`;
}
