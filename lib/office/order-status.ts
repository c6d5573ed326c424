import "server-only";
import { audit, type Actor } from "@/lib/audit";
import { checkOrderPaymentStatus } from "@/lib/upstream";

/** What the supervisor sees of an order's verified payment status. */
export interface OrderStatusView {
  orderId: string;
  paymentStatus: string;
  gatewayStatus: string | null;
  amountCents: number | null;
  at: string | null;
  verificationErrors: string[];
}

/** Ask the core service for one order's payment status, on demand; each check is audited. */
export async function checkOrderStatusFor(orderId: string, actor: Actor): Promise<OrderStatusView> {
  // A refusal of the core service reaches the screen through staffAction.
  const status = await checkOrderPaymentStatus(orderId);
  await audit(actor, "card_status_checked", orderId, {
    paymentStatus: status.paymentStatus,
    by: "supervisor",
  });
  return {
    orderId,
    paymentStatus: status.paymentStatus,
    gatewayStatus: status.gatewayStatus,
    amountCents: status.amountCents,
    at: status.at?.toISOString() ?? null,
    verificationErrors: status.verificationErrors,
  };
}
