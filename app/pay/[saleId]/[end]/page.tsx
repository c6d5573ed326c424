import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { peekCardPayment } from "@/lib/sales/card";
import { consume, RateLimited, requestAddress } from "@/lib/security/rate-limit";
import type { PaymentStatus } from "@/lib/upstream";

export const metadata: Metadata = { title: "Card payment", robots: { index: false } };

const MESSAGES: Record<PaymentStatus | "none", { title: string; text: string }> = {
  PAID: { title: "Payment received", text: "Paid: the till is completing your purchase." },
  PENDING: {
    title: "Payment in progress",
    text: "Your payment is still being processed. Please show this screen to the cashier.",
  },
  FAILED: {
    title: "Payment not made",
    text: "Your card was not charged. Please speak to the cashier.",
  },
  NO_ATTEMPT: {
    title: "Payment not made",
    text: "Your card was not charged. Please speak to the cashier.",
  },
  VERIFICATION_ERROR: {
    title: "Payment not confirmed yet",
    text: "We could not confirm your payment. Please speak to the cashier.",
  },
  none: {
    title: "Payment not confirmed yet",
    text: "We could not confirm your payment. Please speak to the cashier.",
  },
};

/**
 * Where the hosted checkout sends the customer's phone after a counter payment (done or
 * cancelled). It does not trust the redirect and releases nothing: it asks the core
 * service and tells the customer; the till's own check sends the sale. It shows nothing
 * about the sale, since the phone is not signed in to Kassa.
 */
export default async function CardReturnPage({
  params,
}: {
  params: Promise<{ saleId: string; end: string }>;
}) {
  const { saleId, end } = await params;
  if (!/^[0-9a-f-]{36}$/.test(saleId) || (end !== "done" && end !== "cancelled")) notFound();
  // Signed out, and each visit may cost a core-service call: limited per client address.
  const limited = await consume(
    "payReturn",
    await requestAddress(),
    { role: "customer" },
    saleId,
  ).then(
    () => null,
    (error: unknown) => {
      if (error instanceof RateLimited) return error;
      throw error;
    },
  );
  if (limited) {
    return (
      <main className="mx-auto flex max-w-md flex-col gap-4 p-6 text-center text-lg">
        <h1 className="text-2xl font-bold">Please wait a moment</h1>
        <p data-testid="card-return-message">
          {limited.message} Or show this screen to the cashier.
        </p>
      </main>
    );
  }
  const peek = await peekCardPayment(saleId, { role: "customer" });
  if (!peek) notFound();
  // Paid, but the till had stopped waiting: the shop delivers or refunds it, never silently.
  const givenUp = peek.paymentStatus === "PAID" && !peek.goesAhead;
  const message = !givenUp
    ? MESSAGES[peek.paymentStatus ?? "none"]
    : peek.afterCancel
      ? {
          title: "Payment received",
          text: "The cashier had cancelled this payment, and has now been told that you paid. Please show the cashier this order number: you get your purchase, or your payment back.",
        }
      : {
          title: "Payment received",
          text: "The shop will complete your purchase or refund your payment. Please show the shop this order number.",
        };
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 p-6 text-center text-lg">
      <h1 className="text-2xl font-bold">{message.title}</h1>
      <p data-testid="card-return-message">{message.text}</p>
      {givenUp && (
        <p>
          Order number{" "}
          <strong data-testid="card-return-order" className="font-mono">
            {peek.orderNumber}
          </strong>
        </p>
      )}
    </main>
  );
}
