/**
 * Dialects: answers in shapes the spec allows but the default sandbox does not send,
 * switched on per path through /__sandbox/dialects, so Kassa is proven against the
 * spec and not against the sandbox's own choices. Most are a rewrite of the answer
 * after the handler ran (the work is done exactly as without the dialect); the Bills
 * one changes the handler (bills.ts). docs/sandbox.md lists them.
 */
import type { Reply } from "./wire";
import type { Dialect } from "./dialect-names";

/** The length of the `long-answers` dialect's `remarks`. */
const LONG_REMARKS_CHARS = 20_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function stringifyNumbers(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(stringifyNumbers);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringifyNumbers(v)]));
  return value;
}

const KIND_NAMES: Record<string, string> = { KCT: "KC", FBE: "BSST", STD: "CREDIT" };

function voucherOf(body: Json): Json | null {
  const data = body.data;
  if (!isObject(data) || !isObject(data.details) || !isObject(data.details.voucher)) return null;
  return data.details.voucher;
}

function pick(source: Json, keys: readonly string[]): Json {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
}

const SPEC_PRODUCT = [
  "id",
  "reference",
  "fixedAmount",
  "amount",
  "minAmount",
  "maxAmount",
] as const;

function minimalVas(path: string, body: Json): void {
  const data = body.data;
  if (path.endsWith("/Products") && Array.isArray(data)) {
    body.data = data.map((p) => (isObject(p) ? pick(p, SPEC_PRODUCT) : p));
  } else if (path.endsWith("/Confirm") && isObject(data)) {
    body.data = pick(data, ["quoteId", "fees", "total"]);
  } else if (path.endsWith("/Purchase") && isObject(data)) {
    body.data = { pin: data.pin ?? null, instructions: data.instructions ?? null };
  }
}

/** The answer as the switched-on dialects would send it. */
export function applyDialects(reply: Reply, path: string, on: ReadonlySet<Dialect>): Reply {
  if (on.size === 0 || reply.kind !== "json" || !isObject(reply.body)) return reply;
  const body = structuredClone(reply.body);
  let status = reply.status;
  const voucher = voucherOf(body);
  if (on.has("token-kinds") && voucher && Array.isArray(voucher.token)) {
    voucher.token = voucher.token.map((t) =>
      isObject(t) && typeof t.type === "string" ? { ...t, type: KIND_NAMES[t.type] ?? t.type } : t,
    );
  }
  if (on.has("printable-tokens") && voucher) delete voucher.token;
  if (on.has("minimal-vas") && body.success === true) minimalVas(path, body);
  if (
    on.has("paid-mismatch") &&
    body.paymentStatus === "PAID" &&
    typeof body.transactionAmount === "number"
  ) {
    body.transactionAmount = Math.round((body.transactionAmount + 1) * 100) / 100;
  }
  if (
    on.has("refusal-500") &&
    (body.success === false || body.success === 0) &&
    status >= 400 &&
    status < 500
  )
    status = 500;
  if (on.has("string-numbers")) {
    if ("data" in body) body.data = stringifyNumbers(body.data);
    if ("result" in body) body.result = stringifyNumbers(body.result);
    if (typeof body.errorNo === "number") body.errorNo = String(body.errorNo);
  }
  // Last, so that nothing above rewrites it: a long text with a recognisable end.
  if (on.has("long-answers"))
    body.remarks = `${"lorem ipsum ".repeat(LONG_REMARKS_CHARS / 12).padEnd(LONG_REMARKS_CHARS - 4, ".")}END.`;
  if (on.has("success-one") && typeof body.success === "boolean")
    body.success = body.success ? 1 : 0;
  return { kind: "json", status, body };
}
