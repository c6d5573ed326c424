"use client";

import { schemaResolver } from "@/components/forms/schema-resolver";
import { FormFoot } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { useActionForm } from "@/components/forms/use-action-form";
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
  const form = useActionForm({
    resolver,
    defaultValues: EMPTY,
    send: changeOwnPasswordAction,
    sent: (_, __, { reset }) => {
      reset(EMPTY);
      return "Your password is changed.";
    },
  });

  return (
    <form onSubmit={form.submit} noValidate className="flex max-w-md flex-col gap-3">
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type="password"
          autoComplete={f.autoComplete}
          {...form.field(f.name)}
          className="min-h-11 rounded border border-slate-400 px-3"
        />
      ))}
      <FormFoot form={form.foot}>Change password</FormFoot>
    </form>
  );
}
