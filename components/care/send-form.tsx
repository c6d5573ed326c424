"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { sendTokensAction } from "@/lib/actions/send-tokens";
import { CONSENT_MESSAGE, checkAddress, type SendChannelName } from "@/lib/care/address";
import { Checkbox } from "@/components/forms/checkbox";
import { SubmitButton } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";

interface Sent {
  status: "sending" | "delivered" | "failed";
  maskedAddress: string;
  attempts: number;
  error: string | null;
}

/**
 * Send this sale's tokens (or PIN, or receipt) to the customer's phone or inbox, typed by the
 * cashier with the customer present. Checked here first (a message next to the field, and
 * nothing sent), then by the server.
 */
export default function SendForm({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const router = useRouter();
  const id = useId();
  const [channel, setChannel] = useState<SendChannelName>("sms");
  const [address, setAddress] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setSent(null);
    const checked = checkAddress(channel, address);
    const found: Record<string, string> = {};
    if (!checked.ok) found.address = checked.message;
    if (!consent) found.consent = CONSENT_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await sendTokensAction({ saleId, channel, address, consent });
    setBusy(false);
    if (!result.ok) {
      setErrors({ ...(result.fieldErrors ?? {}), form: result.error });
      return;
    }
    setSent(result.data);
    // Delivered: the number is gone from the screen too. Failed: kept, to try again.
    if (result.data.status === "delivered") setAddress("");
    router.refresh();
  }

  const label = channel === "sms" ? "Mobile number" : "E-mail address";
  return (
    <form
      onSubmit={send}
      noValidate
      aria-label="Send to the customer"
      className="flex max-w-md flex-col gap-2 rounded border border-slate-300 bg-white p-3 text-left"
    >
      <fieldset className="flex gap-4">
        <legend className="font-medium">Send by</legend>
        {(["sms", "email"] as const).map((c) => (
          <label key={c} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-channel`}
              checked={channel === c}
              onChange={() => {
                setChannel(c);
                setErrors({});
              }}
            />
            {c === "sms" ? "SMS" : "E-mail"}
          </label>
        ))}
      </fieldset>
      <TextField
        label={label}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        inputMode={channel === "sms" ? "tel" : "email"}
        autoComplete="off"
        autoFocus
        error={errors.address}
        errorId={`${id}-address`}
        className="min-h-11 rounded border border-slate-400 px-3 py-2 font-mono"
      />
      <Checkbox
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
        aria-invalid={errors.consent ? true : undefined}
        aria-describedby={`${id}-consent`}
        labelClassName="flex items-start gap-2"
        className="mt-1 size-5"
        label="The customer is here, asked for this message and agrees to receive it. The number or address is used for this message only."
      />
      <span id={`${id}-consent`} aria-live="polite" className="text-danger">
        {errors.consent}
      </span>
      <p role="alert" className="text-danger empty:hidden">
        {errors.form}
      </p>
      {sent && (
        <p role="status" data-send-status={sent.status} className="font-semibold">
          {sent.status === "delivered"
            ? `Sent to ${sent.maskedAddress}${sent.attempts > 1 ? " (on the second try)" : ""}.`
            : `Not sent to ${sent.maskedAddress}: ${sent.error ?? "the send failed"} Tried ${sent.attempts} times.`}
        </p>
      )}
      <div className="flex gap-2">
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send
        </SubmitButton>
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-lg border border-slate-400 px-4"
        >
          Close
        </button>
      </div>
    </form>
  );
}
