import type { LookupCheck } from "@/lib/fines/lookup-kind";
import type { KioskMessages } from "./kiosk-messages";

/** A message of the kiosk's `problems` section: what the customer reads when something is refused. */
export type KioskProblem = keyof KioskMessages["problems"];

const BY_CODE: Record<string, KioskProblem> = {
  invalid_input: "numberInvalid",
  rejected_5: "numberInvalid",
  rejected_6: "numberInvalid",
  rejected_7: "idCheckDigit",
  rejected_10: "numberInvalid",
  rejected_12: "numberInvalid",
  rejected_13: "numberInvalid",
  rejected_8: "notFound",
  rejected_9: "notFound",
  rejected_11: "notHere",
  rejected_14: "notHere",
  rejected_15: "notHere",
  rejected_16: "notHere",
  rejected_17: "notHere",
  rejected_18: "notHere",
  fine_not_payable: "notHere",
  fine_gone: "changed",
  fine_paid: "changed",
  amount_changed: "changed",
  fine_unsettled: "unsettled",
  rate_limited: "tooMany",
  rejected_1: "unavailable",
  rejected_2: "unavailable",
  rejected_3: "unavailable",
  database_down: "unavailable",
  // Kassa is restarting (a graceful stop): nothing was started, try again in a moment.
  stopping: "unavailable",
  card_not_started: "cardNotStarted",
};

/**
 * The kiosk never shows the server's English: a refusal's code (lib/auth/action.ts) becomes
 * one of its own messages, in the customer's language. Anything unforeseen asks for staff.
 */
export function kioskProblem(code: string | undefined): KioskProblem {
  if (!code) return "help";
  if (code.startsWith("upstream_")) return "unavailable";
  return BY_CODE[code] ?? "help";
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
