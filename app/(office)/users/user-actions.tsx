"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { Role } from "@/lib/db/schema";
import { resetPasswordAction, setDisabledAction, setRoleAction, unlockUserAction } from "./actions";
import type { NewPasswordInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { StepUpField, StepUpPrompt } from "@/components/forms/step-up-field";
import type { ActionResult } from "@/lib/errors";
import { ConfirmSelf, type SelfChange } from "./confirm-self";

interface Target {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  locked: boolean;
  /** The signed-in supervisor's own row: taking it away asks first. */
  self: boolean;
}

const ROLES: readonly { value: Role; label: string }[] = [
  { value: "cashier", label: "Cashier" },
  { value: "supervisor", label: "Supervisor" },
  { value: "kiosk", label: "Kiosk" },
];

const newPasswordResolver = schemaResolver<NewPasswordInput>(() =>
  import("./schema").then((m) => m.newPasswordSchema),
);

/** A change of the account: the questions of one's own (SelfChange), or enabling it again. */
type Change = SelfChange | { is: "enable" };

/** The change waiting for the supervisor's confirmation, and how it is sent. */
interface Confirming {
  change: Change;
  label: string;
  send(confirm: string): Promise<ActionResult<{ done: boolean }>>;
}

const buttonClass = "rounded border border-slate-400 px-2 py-1 text-sm";

/**
 * Reset a password, disable or enable, unlock, change the role: each a server action that
 * checks the role itself. Disabling or demoting one's own account asks first, and the server
 * refuses it without that yes. All but unlocking are confirmed with the supervisor's password
 * (or authenticator code) first.
 */
export function UserActions({ user }: { user: Target }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const [changingRole, setChangingRole] = useState(false);
  const [role, setRole] = useState<Role>(user.role);
  const [asking, setAsking] = useState<SelfChange | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  /** The change, to be confirmed with the supervisor's password (or code) before it is sent. */
  function confirmFirst(change: Change, confirmSelf = false) {
    setAsking(null);
    setConfirming({
      change,
      label:
        change.is === "enable"
          ? `Enable ${user.username}`
          : change.is === "disable"
            ? `Disable ${user.username}`
            : `Make ${user.username} ${change.role}`,
      send: (confirm) =>
        change.is === "role"
          ? setRoleAction({ userId: user.id, role: change.role, confirmSelf, confirm })
          : setDisabledAction({
              userId: user.id,
              disabled: change.is === "disable",
              confirmSelf,
              confirm,
            }),
    });
  }

  async function send(confirm: string): Promise<string | undefined> {
    if (!confirming) return;
    const { change } = confirming;
    const r = await confirming.send(confirm);
    if (!r.ok && r.fieldErrors?.confirm) return r.fieldErrors.confirm;
    setConfirming(null);
    // A page older than the account's own state: the server asks the question instead.
    if (!r.ok && r.code === "confirm_self" && change.is !== "enable") return void setAsking(change);
    if (!r.ok) return void setMessage(r.error);
    setChangingRole(false);
    setMessage(
      change.is === "enable"
        ? "Enabled."
        : change.is === "disable"
          ? "Disabled; their sessions ended."
          : "Role changed; their sessions ended.",
    );
    router.refresh();
  }

  function toggle() {
    if (user.disabled) return confirmFirst({ is: "enable" });
    if (user.self) return setAsking({ is: "disable" });
    confirmFirst({ is: "disable" });
  }
  function saveRole(event: React.FormEvent) {
    event.preventDefault();
    if (role === user.role) return setChangingRole(false);
    const change: SelfChange = { is: "role", role };
    if (user.self && user.role === "supervisor") return setAsking(change);
    confirmFirst(change);
  }
  async function unlock() {
    const r = await unlockUserAction({ userId: user.id });
    setMessage(r.ok ? "Unlocked." : r.error);
    if (r.ok) router.refresh();
  }
  const passwordForm = useForm<NewPasswordInput>({
    resolver: newPasswordResolver,
    defaultValues: { password: "", confirm: "" },
  });
  const reset = passwordForm.handleSubmit(async ({ password, confirm }) => {
    const r = await resetPasswordAction({ userId: user.id, password, confirm });
    if (!r.ok) {
      if (r.fieldErrors?.confirm) {
        passwordForm.setValue("confirm", "");
        return passwordForm.setError("confirm", { message: r.fieldErrors.confirm });
      }
      return passwordForm.setError("password", { message: r.fieldErrors?.password ?? r.error });
    }
    setMessage("Password reset.");
    passwordForm.reset();
    setResetting(false);
  });
  const passwordError = passwordForm.formState.errors.password?.message;
  const errorId = `password-error-${user.username}`;
  const roleId = `role-${user.username}`;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={toggle}
          aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.username}`}
          className={buttonClass}
        >
          {user.disabled ? "Enable" : "Disable"}
        </button>
        {user.locked && (
          <button
            type="button"
            onClick={unlock}
            aria-label={`Unlock ${user.username}`}
            className={buttonClass}
          >
            Unlock
          </button>
        )}
        <button
          type="button"
          onClick={() => setResetting(!resetting)}
          aria-label={`Reset password of ${user.username}`}
          className={buttonClass}
        >
          Reset password
        </button>
        <button
          type="button"
          onClick={() => setChangingRole(!changingRole)}
          aria-label={`Change role of ${user.username}`}
          className={buttonClass}
        >
          Change role
        </button>
      </div>
      {asking && (
        <ConfirmSelf
          change={asking}
          onYes={() => confirmFirst(asking, true)}
          onNo={() => setAsking(null)}
        />
      )}
      {confirming && (
        <StepUpPrompt
          label={confirming.label}
          onConfirm={send}
          onCancel={() => setConfirming(null)}
        />
      )}
      {changingRole && !asking && (
        <form onSubmit={saveRole} noValidate className="flex flex-wrap items-center gap-2">
          <label htmlFor={roleId} className="text-sm">
            New role for {user.username}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            className="rounded border border-slate-400 px-2 py-1"
          >
            {ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded bg-brand px-2 py-1 text-sm text-white">
            Save role
          </button>
        </form>
      )}
      {resetting && (
        <form
          onSubmit={reset}
          noValidate
          aria-label={`Reset the password of ${user.username}`}
          className="flex flex-wrap items-start gap-2"
        >
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
          <StepUpField
            {...passwordForm.register("confirm")}
            error={passwordForm.formState.errors.confirm?.message}
            errorId={`confirm-error-${user.username}`}
            className="rounded border border-slate-400 px-2 py-1"
          />
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
