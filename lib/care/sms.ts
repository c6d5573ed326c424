import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";
import { errorFields, log } from "@/lib/log";

/**
 * The one adapter for an SMS gateway's HTTP API, in the shape of Clickatell's One API:
 * `POST <KASSA_SMS_URL>/v1/message` with the key as the Authorization header and
 * `{messages: [{channel: "sms", to, content}]}`; 202 (or 200) with `messages[0].accepted`
 * and its `apiMessageId` means the gateway took it. The sandbox plays the gateway
 * (lib/sandbox/sms.ts). Never throws: every failure is an answer the send records.
 */
const answerSchema = z.object({
  messages: z
    .array(
      z.object({
        apiMessageId: z.string().nullish(),
        accepted: z.boolean(),
        error: z.object({ description: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
  error: z.object({ description: z.string().nullish() }).nullish(),
});

export type SmsResult = { ok: true; messageId: string } | { ok: false; error: string };

const TIMEOUT_MS = 10_000;

/** Send one text to a South African mobile number in its international form ("27821234567"). */
export async function sendSms(to: string, content: string): Promise<SmsResult> {
  const gateway = env().sms;
  if (!gateway) return { ok: false, error: "SMS is not set up on this Kassa (KASSA_SMS_URL)." };
  let response: Response;
  try {
    response = await fetch(`${gateway.url}/v1/message`, {
      method: "POST",
      headers: {
        Authorization: gateway.key,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({ messages: [{ channel: "sms", to, content }] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    log().warn({ err: errorFields(error) }, "sms gateway not reached");
    return { ok: false, error: "The SMS gateway could not be reached." };
  }
  const body = answerSchema.safeParse(await response.json().catch(() => null));
  const first = body.success ? body.data.messages?.[0] : undefined;
  if (response.ok && first?.accepted && first.apiMessageId)
    return { ok: true, messageId: first.apiMessageId };
  log().warn({ status: response.status }, "sms gateway refused the message");
  if (response.status === 401) return { ok: false, error: "The SMS gateway refused Kassa's key." };
  return {
    ok: false,
    error: `The SMS gateway did not take the message (HTTP ${response.status}).`,
  };
}
