"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { TextField } from "@/components/forms/text-field";
import { changeOwnPasswordAction } from "./actions";
import type { ChangePasswordInput } from "./schema";

const resolver = schemaResolver<ChangePasswordInput>(() =>
  import("./schema").then((m) => m.changePasswordSchema),
);

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", repeatPassword: "" };

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "repeatPassword", label: "New password again", autoComplete: "new-password" },
] as const;

export function PasswordForm() {
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver, defaultValues: EMPTY });

  const submit = handleSubmit(async (input) => {
    setDone(null);
    const result = await changeOwnPasswordAction(input);
    if (!result.ok) {
      const fields = Object.entries(result.fieldErrors ?? {}).filter(([f]) => f in EMPTY);
      for (const [field, message] of fields)
        setError(field as keyof ChangePasswordInput, { message });
      if (!fields.length) setError("root", { message: result.error });
      return;
    }
    reset(EMPTY);
    setDone("Your password is changed.");
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3">
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type="password"
          autoComplete={f.autoComplete}
          {...register(f.name)}
          error={errors[f.name]?.message}
          errorId={`${f.name}-error`}
          className="min-h-11 rounded border border-slate-400 px-3"
        />
      ))}
      <div className="flex items-center gap-4">
        <button
          type="submit"
          disabled={isSubmitting}
          className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
        >
          Change password
        </button>
        <p role="status" className="text-brand">
          {done}
        </p>
      </div>
      <p aria-live="polite" className="text-danger">
        {errors.root?.message}
      </p>
    </form>
  );
}
