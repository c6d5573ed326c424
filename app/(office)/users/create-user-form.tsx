"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createUserAction } from "./actions";

const FIELDS = [
  { name: "username", label: "User name", type: "text" },
  { name: "displayName", label: "Display name", type: "text" },
  { name: "password", label: "Password", type: "password" },
] as const;

/** A new cashier, supervisor or kiosk device. */
export function CreateUserForm() {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = Object.fromEntries(["username", "displayName", "password", "role"].map((k) => [k, String(form.get(k) ?? "")]));
    const result = await createUserAction(input);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      setStatus(result.error);
      return;
    }
    setErrors({});
    setStatus(`Created ${input.username}.`);
    formElement.reset();
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-user" className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-4 shadow">
      <h2 id="new-user" className="text-lg font-semibold">New user</h2>
      {FIELDS.map((f) => (
        <div key={f.name} className="flex flex-col gap-1">
          <label htmlFor={`new-${f.name}`} className="font-medium">
            {f.label}
          </label>
          <input
            id={`new-${f.name}`}
            name={f.name}
            type={f.type}
            autoComplete={f.type === "password" ? "new-password" : "off"}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={`${f.name}-error`}
            className="rounded border border-slate-400 px-3 py-2"
          />
          <span id={`${f.name}-error`} aria-live="polite" className="text-danger">{errors[f.name]}</span>
        </div>
      ))}
      <div className="flex flex-col gap-1">
        <label htmlFor="new-role" className="font-medium">
          Role
        </label>
        <select id="new-role" name="role" defaultValue="cashier" aria-describedby="role-error" className="rounded border border-slate-400 px-3 py-2">
          <option value="cashier">Cashier</option>
          <option value="supervisor">Supervisor</option>
          <option value="kiosk">Kiosk device</option>
        </select>
        <span id="role-error" aria-live="polite" className="text-danger">{errors.role}</span>
      </div>
      <button type="submit" className="self-start rounded-lg bg-brand px-4 py-2 font-semibold text-white">Create user</button>
      <p role="status" className="min-h-6">{status}</p>
    </form>
  );
}
