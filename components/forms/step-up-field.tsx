"use client";

import { useId, useState } from "react";
import { TextField } from "./text-field";

/** The words every override's confirmation is asked with (tests find the field by them). */
const LABEL = "Your password or authenticator code";

/**
 * The confirmation a money-moving override asks for (lib/auth/step-up.ts): the supervisor's
 * password again, or their authenticator's code once they turned it on. Sent as `confirm`;
 * the server's answer about it stands under it.
 */
export function StepUpField({
  error,
  errorId,
  className = "min-h-11 rounded border border-slate-400 px-3 py-2",
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> &
  React.RefAttributes<HTMLInputElement> & { error?: string; errorId: string }) {
  return (
    <TextField
      label={LABEL}
      type="password"
      autoComplete="current-password"
      error={error}
      errorId={errorId}
      errorClassName="max-w-sm text-sm text-danger"
      className={className}
      {...input}
    />
  );
}

/**
 * A button's override confirmed before it is sent (enrol, revoke, disable, enable): the field,
 * Confirm and Cancel, under the name of what is confirmed. `onConfirm` sends the action and
 * answers the message for the field (the confirmation was not right: the prompt stays), or
 * nothing (the caller took the answer and closes the prompt).
 */
export function StepUpPrompt({
  label,
  onConfirm,
  onCancel,
}: {
  label: string;
  onConfirm(confirm: string): Promise<string | undefined>;
  onCancel(): void;
}) {
  const id = useId();
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const message = await onConfirm(confirm);
    setBusy(false);
    if (message) {
      setError(message);
      setConfirm("");
    }
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={label}
      className="flex flex-wrap items-end gap-2 rounded border border-slate-300 bg-slate-50 p-2"
    >
      <StepUpField
        autoFocus
        name="confirm"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={error}
        errorId={`${id}-confirm`}
      />
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded bg-brand px-3 py-1 font-semibold text-white disabled:opacity-60"
      >
        Confirm
      </button>
      <button
        type="button"
        onClick={onCancel}
        className="min-h-11 rounded border border-slate-400 bg-white px-3 py-1"
      >
        Cancel
      </button>
    </form>
  );
}
