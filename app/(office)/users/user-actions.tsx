"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { resetPasswordAction, setDisabledAction, unlockUserAction } from "./actions";
import type { NewPasswordInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";

interface Target {
  id: string;
  username: string;
  disabled: boolean;
  locked: boolean;
}

const newPasswordResolver = schemaResolver<NewPasswordInput>(() =>
  import("./schema").then((m) => m.newPasswordSchema),
);

/** Reset a password, disable or enable, unlock: each a server action that checks the role itself. */
export function UserActions({ user }: { user: Target }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);

  async function toggle() {
    const r = await setDisabledAction({ userId: user.id, disabled: !user.disabled });
    setMessage(r.ok ? (user.disabled ? "Enabled." : "Disabled; their sessions ended.") : r.error);
    if (r.ok) router.refresh();
  }
  async function unlock() {
    const r = await unlockUserAction({ userId: user.id });
    setMessage(r.ok ? "Unlocked." : r.error);
    if (r.ok) router.refresh();
  }
  const passwordForm = useForm<NewPasswordInput>({
    resolver: newPasswordResolver,
    defaultValues: { password: "" },
  });
  const reset = passwordForm.handleSubmit(async ({ password }) => {
    const r = await resetPasswordAction({ userId: user.id, password });
    if (!r.ok)
      return passwordForm.setError("password", { message: r.fieldErrors?.password ?? r.error });
    setMessage("Password reset.");
    passwordForm.reset();
    setResetting(false);
  });
  const passwordError = passwordForm.formState.errors.password?.message;
  const errorId = `password-error-${user.username}`;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={toggle}
          aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.username}`}
          className="rounded border border-slate-400 px-2 py-1 text-sm"
        >
          {user.disabled ? "Enable" : "Disable"}
        </button>
        {user.locked && (
          <button
            type="button"
            onClick={unlock}
            aria-label={`Unlock ${user.username}`}
            className="rounded border border-slate-400 px-2 py-1 text-sm"
          >
            Unlock
          </button>
        )}
        <button
          type="button"
          onClick={() => setResetting(!resetting)}
          aria-label={`Reset password of ${user.username}`}
          className="rounded border border-slate-400 px-2 py-1 text-sm"
        >
          Reset password
        </button>
      </div>
      {resetting && (
        <form onSubmit={reset} noValidate className="flex gap-2">
          <label className="flex items-center gap-1 text-sm">
            <span>New password for {user.username}</span>
            <input
              type="password"
              autoComplete="new-password"
              autoFocus
              {...passwordForm.register("password")}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={errorId}
              className="rounded border border-slate-400 px-2 py-1"
            />
          </label>
          <button type="submit" className="rounded bg-brand px-2 py-1 text-sm text-white">
            Save password
          </button>
          <span id={errorId} aria-live="polite" className="text-sm text-danger">
            {passwordError}
          </span>
        </form>
      )}
      <p
        role="status"
        aria-live="polite"
        data-testid={`user-msg-${user.username}`}
        className="text-sm"
      >
        {message}
      </p>
    </div>
  );
}
