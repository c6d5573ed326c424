import { saTime } from "@/lib/sa-time";

const CHANNEL = { sms: "SMS", email: "E-mail" } as const;

/** A send as the list shows it: a `token_sends` row (lib/db/schema.ts, TokenSend) is one. */
interface Send {
  id: string;
  channel: keyof typeof CHANNEL;
  maskedAddress: string;
  status: "sending" | "delivered" | "failed";
  attempts: number;
  createdAt: Date;
}

/** A sale's sends in History: channel, masked address, delivered or failed, when. */
export function SendsList({ sends }: { sends: readonly Send[] }) {
  if (sends.length === 0) return null;
  return (
    <ul aria-label="Sent to the customer" className="flex flex-col text-sm">
      {sends.map((s) => (
        <li key={s.id} data-send={s.status}>
          {CHANNEL[s.channel]} to {s.maskedAddress}:{" "}
          {s.status === "delivered"
            ? `delivered${s.attempts > 1 ? " (second try)" : ""}`
            : s.status === "failed"
              ? `failed after ${s.attempts} tries`
              : "sending"}{" "}
          at {saTime(s.createdAt)}
        </li>
      ))}
    </ul>
  );
}
