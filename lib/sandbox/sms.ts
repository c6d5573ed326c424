/**
 * An SMS gateway as the sandbox plays it, in the shape of Clickatell's One API
 * (`POST /v1/message`, the API key as the `Authorization` header, `{messages: [{channel, to,
 * content}]}` in, 202 `{messages: [{apiMessageId, accepted, to, error}], error}` out). Kassa's
 * adapter (lib/care/sms.ts) sends to `${KASSA_SMS_URL}/v1/message`; here that is `/sms/v1/message`.
 * Every message accepted is kept for `GET /__sandbox/sms`.
 */
import { z } from "zod";
import { json, type Ctx, type Reply } from "./wire";

const messageSchema = z.object({
  channel: z.literal("sms"),
  to: z.string().regex(/^\d{11,15}$/, "must be an international number, digits only"),
  content: z.string().min(1).max(1600),
});
const requestSchema = z.object({ messages: z.array(messageSchema).min(1).max(10) });

function gatewayError(status: number, code: number, description: string): Reply {
  return json(status, { messages: [], error: { code, description, documentation: "" } });
}

export function sendSms(ctx: Ctx): Reply {
  const parsed = requestSchema.safeParse(ctx.body);
  if (!parsed.success)
    return gatewayError(400, 101, parsed.error.issues[0]?.message ?? "Invalid request");
  const messages = parsed.data.messages.map((m) => {
    const apiMessageId = `sbx${ctx.state.next().toString(16)}`;
    ctx.state.smsMessages.push({
      apiMessageId,
      to: m.to,
      content: m.content,
      timestamp: ctx.state.now(),
    });
    return { apiMessageId, accepted: true, to: m.to, error: null };
  });
  return json(202, { messages, error: null });
}

/** GET /__sandbox/sms: every message the gateway accepted since the reset, oldest first. */
export function listSms(ctx: Ctx): Reply {
  return json(200, { messages: ctx.state.smsMessages });
}

/** DELETE /__sandbox/sms: forget them. */
export function clearSms(ctx: Ctx): Reply {
  ctx.state.smsMessages = [];
  return json(200, { ok: true, messages: [] });
}
