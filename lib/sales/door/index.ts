/**
 * The one door for a sale's life: every change of a sale's state and of its card order's
 * goes through here (tests/unit/door-single-writer.test.ts fails on any other writer).
 * Takes the caller's `Db`, so start-up uses it as the server does.
 */
export {
  insertSale,
  moveSale,
  moveSales,
  paidNotDeliveredSql,
  settleSent,
  type Outcome,
} from "./sale";
export { rowOf } from "./statement";
export { insertOrder, leaseDueOrders, moveOrder, stampTillWaiting } from "./card-order";
export { ORDER_TRANSITIONS, SALE_TRANSITIONS } from "./table";
