/**
 * The number or address a cashier types for a send, checked and masked. Pure: the send form
 * checks with it before any call and the server action checks again. Only the masked form is
 * ever kept (token_sends.masked_address).
 */
import { MOBILE_NUMBER_MESSAGE, normaliseMobileNumber } from "@/lib/kinds/vas/mobile";

export type SendChannelName = "sms" | "email";

export const EMAIL_MESSAGE = "Enter an e-mail address such as name@example.co.za.";
export const CONSENT_MESSAGE =
  "Tick this once the customer has agreed to receive this one message.";
export { MOBILE_NUMBER_MESSAGE };

// One @, a dot in the domain, no spaces or angle brackets: enough to refuse typing slips
// without refusing real addresses; the mail server has the last word.
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[a-z]{2,}$/i;

export function normaliseEmail(typed: string): string | null {
  const address = typed.trim();
  return address.length <= 254 && EMAIL.test(address) ? address.toLowerCase() : null;
}

/** The address in the one form Kassa sends to, or the message for the field. */
export function checkAddress(
  channel: SendChannelName,
  typed: string,
): { ok: true; address: string } | { ok: false; message: string } {
  if (channel === "sms") {
    const number = normaliseMobileNumber(typed);
    return number ? { ok: true, address: number } : { ok: false, message: MOBILE_NUMBER_MESSAGE };
  }
  const email = normaliseEmail(typed);
  return email ? { ok: true, address: email } : { ok: false, message: EMAIL_MESSAGE };
}

/** "27821234567" → "082 *** **67"; "thabo.mokoena@example.co.za" → "t***@e***.co.za". */
export function maskAddress(channel: SendChannelName, address: string): string {
  if (channel === "sms") {
    const national = address.startsWith("27") ? `0${address.slice(2)}` : address;
    return `${national.slice(0, 3)} *** **${national.slice(-2)}`;
  }
  const [local = "", domain = ""] = address.split("@");
  const dot = domain.indexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const rest = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${rest}`;
}
