/** The hosted-checkout page putOrder points at: plain HTML forms, no JavaScript, big buttons. */
import { formatRand } from "../money";
import { applyOutcome, type Outcome } from "./orders";
import type { Order } from "./state";
import { escapeHtml, html, type Ctx, type Reply } from "./wire";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;font-size:1.15rem;color:#111}
h1{font-size:1.5rem}.amount{font-size:2.2rem;font-weight:700;margin:.5rem 0 1.5rem}table{width:100%;border-collapse:collapse;margin-bottom:1.5rem}
td{padding:.3rem 0;border-bottom:1px solid #ddd}td:last-child{text-align:right}form{margin:0 0 1rem}
button{width:100%;min-height:3.5rem;font-size:1.3rem;border-radius:.5rem;border:2px solid #222;cursor:pointer}
.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}.decline{background:#fff;color:#a40000;border-color:#a40000}.cancel{background:#eee}
.note{color:#555;font-size:.95rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const FINISHED: Record<string, string> = {
  APPROVED: "paid",
  DECLINED: "declined",
  CANCELLED: "cancelled",
};

function returnUrl(order: Order): string {
  return order.state === "APPROVED" ? order.redirectSuccess : order.redirectCancel;
}

/** GET /checkout/<orderId>: opening the page puts the order in PENDING, as a customer at a real card page would. */
export function checkoutPage(ctx: Ctx): Reply {
  const state = ctx.state;
  const order = state.orders.get(ctx.params.id ?? "");
  if (!order)
    return html(
      404,
      page("Order not found", "<h1>Order not found</h1><p>This payment link is not valid.</p>"),
    );
  applyOutcome(state, order, "open", "/checkout");
  const finished = FINISHED[order.state];
  if (finished) {
    return html(
      200,
      page(
        "Payment finished",
        `<h1>This payment is already ${finished}</h1><p><a href="${escapeHtml(returnUrl(order))}">Return to the shop</a></p>`,
      ),
    );
  }
  const lines = order.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}${l.quantity !== 1 ? ` × ${l.quantity}` : ""}</td><td>${formatRand(Math.round(l.unitPriceCents * l.quantity))}</td></tr>`,
    )
    .join("");
  const action = (what: Outcome, label: string) =>
    `<form method="post" action="/checkout/${encodeURIComponent(order.orderId)}/${what}"><button type="submit" class="${what}">${label}</button></form>`;
  return html(
    200,
    page(
      "Sandbox checkout",
      `<p class="note">Sandbox card payment page: no card is charged.</p>
<h1>Card payment</h1>
<p>Merchant: <strong>${escapeHtml(order.merchantId)}</strong></p>
<p>${escapeHtml(order.description)}</p>
<p class="amount">${formatRand(order.totalCents)}</p>
<table>${lines}</table>
${action("pay", "Pay")}${action("decline", "Decline")}${action("cancel", "Cancel")}`,
    ),
  );
}

/** POST /checkout/<orderId>/(pay|decline|cancel): record what the customer did and send the browser back (303). */
export function checkoutAction(ctx: Ctx): Reply {
  const order = ctx.state.orders.get(ctx.params.id ?? "");
  const outcome = ctx.params.action;
  if (!order || (outcome !== "pay" && outcome !== "decline" && outcome !== "cancel")) {
    return html(404, page("Order not found", "<h1>Order not found</h1>"));
  }
  applyOutcome(ctx.state, order, outcome, `/checkout/${outcome}`);
  return { kind: "redirect", location: returnUrl(order) };
}
