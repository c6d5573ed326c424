import type { LookupCheck } from "@/lib/kinds/fines/lookup-kind";
import type { ActionCode } from "@/lib/errors";
import type { KioskMessages } from "./kiosk-messages";

/** A message of the kiosk's `problems` section: what the customer reads when something is refused. */
export type KioskProblem = keyof KioskMessages["problems"];

/** The codes an action names itself; the core service's own numbers and failures are below. */
type OwnCode = Exclude<ActionCode, `rejected_${number}` | `upstream_${string}`>;

/**
 * Every code of Kassa's own, said in the kiosk's words: a new code does not compile until it
 * is given one here (a misspelled or forgotten code never becomes "help" silently).
 */
const BY_CODE: Record<OwnCode, KioskProblem> = {
  invalid_input: "numberInvalid",
  fine_not_payable: "notHere",
  fine_gone: "changed",
  fine_paid: "changed",
  amount_changed: "changed",
  fine_unsettled: "unsettled",
  rate_limited: "tooMany",
  database_down: "unavailable",
  // Kassa is restarting (a graceful stop): nothing was started, try again in a moment.
  stopping: "unavailable",
  card_not_started: "cardNotStarted",
  // A supervisor closed the kiosk during the visit (Tills): its session has ended.
  access_denied: "closed",
  // Nothing a customer can do about these: staff help.
  server_error: "help",
  refused: "help",
  key_reused: "help",
  // The counter's own questions; the kiosk never asks them.
  duplicate: "help",
  meter_not_known: "help",
  choose_municipality: "help",
  pin_needs_supervisor: "help",
  confirm_self: "help",
  // Office and counter answers the kiosk never meets: a supervisor's override, a late card payment at a till.
  step_up_refused: "help",
  sold_again: "help",
};

/** The fines service's refusals by its error number (the spec's list); any other asks for staff. */
const BY_REJECTION: Readonly<Partial<Record<number, KioskProblem>>> = {
  1: "unavailable",
  2: "unavailable",
  3: "unavailable",
  5: "numberInvalid",
  6: "numberInvalid",
  7: "idCheckDigit",
  8: "notFound",
  9: "notFound",
  10: "numberInvalid",
  11: "notHere",
  12: "numberInvalid",
  13: "numberInvalid",
  14: "notHere",
  15: "notHere",
  16: "notHere",
  17: "notHere",
  18: "notHere",
};

/** The core service did not answer as it should: whatever the failure, try again later. */
type Failure = Extract<ActionCode, `upstream_${string}`>;
const BY_FAILURE: Record<Failure, KioskProblem> = {
  upstream_unauthorized: "unavailable",
  upstream_rejected: "unavailable",
  upstream_unavailable: "unavailable",
  upstream_timeout: "unavailable",
  upstream_malformed: "unavailable",
};

/**
 * The kiosk never shows the server's English: a refusal's code (lib/auth/action.ts) becomes
 * one of its own messages, in the customer's language. Anything unforeseen asks for staff.
 */
export function kioskProblem(code: ActionCode | undefined): KioskProblem {
  if (!code) return "help";
  const rejected = /^rejected_(\d+)$/.exec(code);
  if (rejected) return BY_REJECTION[Number(rejected[1])] ?? "help";
  if (Object.hasOwn(BY_FAILURE, code)) return BY_FAILURE[code as Failure];
  return Object.hasOwn(BY_CODE, code) ? BY_CODE[code as OwnCode] : "help";
}

/** A form's message that should be one of the kiosk's problems (the kiosk's schemas answer them). */
export function isKioskProblem(
  message: string | undefined,
  problems: Readonly<Record<KioskProblem, string>>,
): message is KioskProblem {
  return message !== undefined && Object.hasOwn(problems, message);
}

/** A number the kiosk's own check refused (the same check as the server's), before any call. */
export function kioskCheckProblem(
  kind: "id" | "notice",
  reason: Extract<LookupCheck, { ok: false }>["reason"],
): KioskProblem {
  if (kind === "notice") return "noticeLength";
  if (reason === "date") return "idDate";
  if (reason === "check_digit") return "idCheckDigit";
  return "idLength";
}
