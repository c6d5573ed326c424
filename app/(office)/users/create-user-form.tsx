"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { createUserAction } from "./actions";
import type { CreateUserInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { Labelled } from "@/components/sale/fields";
import { StepUpField } from "@/components/forms/step-up-field";

const resolver = schemaResolver<CreateUserInput>(() =>
  import("./schema").then((m) => m.createUserSchema),
);

const FIELDS = [
  { name: "username", label: "User name", type: "text" },
  { name: "displayName", label: "Display name", type: "text" },
  { name: "password", label: "Password", type: "password" },
] as const;

const EMPTY: CreateUserInput = {
  username: "",
  displayName: "",
  password: "",
  role: "cashier",
  confirm: "",
};

/** A new cashier, supervisor or kiosk device. */
export function CreateUserForm() {
  const router = useRouter();
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserInput>({ resolver, defaultValues: EMPTY });

  const submit = handleSubmit(async (input) => {
    const result = await createUserAction(input);
    if (!result.ok) {
      if (result.fieldErrors?.confirm) setValue("confirm", "");
      for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
        if (field in EMPTY) setError(field as keyof CreateUserInput, { message });
      }
      setStatus(result.error);
      return;
    }
    setStatus(`Created ${input.username}.`);
    reset(EMPTY);
    router.refresh();
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="new-user"
      className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-4 shadow"
    >
      <h2 id="new-user" className="text-lg font-semibold">
        New user
      </h2>
      {FIELDS.map((f) => (
        <div key={f.name} className="flex flex-col gap-1">
          <label htmlFor={`new-${f.name}`} className="font-medium">
            {f.label}
          </label>
          <input
            id={`new-${f.name}`}
            type={f.type}
            autoComplete={f.type === "password" ? "new-password" : "off"}
            {...register(f.name)}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={`${f.name}-error`}
            className="rounded border border-slate-400 px-3 py-2"
          />
          <span id={`${f.name}-error`} aria-live="polite" className="text-danger">
            {errors[f.name]?.message}
          </span>
        </div>
      ))}
      <Labelled id="new-role" label="Role">
        <select
          id="new-role"
          {...register("role")}
          aria-describedby="role-error"
          className="rounded border border-slate-400 px-3 py-2"
        >
          <option value="cashier">Cashier</option>
          <option value="supervisor">Supervisor</option>
          <option value="kiosk">Kiosk device</option>
        </select>
        <span id="role-error" aria-live="polite" className="text-danger">
          {errors.role?.message}
        </span>
      </Labelled>
      <StepUpField
        {...register("confirm")}
        error={errors.confirm?.message}
        errorId="confirm-error"
      />
      <button
        type="submit"
        disabled={isSubmitting}
        className="self-start rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        Create user
      </button>
      <p role="status" className="min-h-6">
        {status}
      </p>
    </form>
  );
}
