/**
 * The one-time receipt link, held in this page's memory only (never in the address, never in
 * storage): a reload, Back after Done or the checkout's "Return to the shop" finds nothing here.
 */
let held: { saleId: string; ticket: string } | null = null;

export function holdReceiptTicket(saleId: string, ticket: string) {
  held = { saleId, ticket };
}

/** The ticket for this sale, taken out of memory (it works once anyway). */
export function takeReceiptTicket(saleId: string): string | null {
  if (!held || held.saleId !== saleId) return null;
  const { ticket } = held;
  held = null;
  return ticket;
}
