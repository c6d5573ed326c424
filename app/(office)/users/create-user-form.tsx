"use client";

import { useRouter } from "next/navigation";
import { createUserAction } from "./actions";
import type { CreateUserInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { Labelled } from "@/components/sale/fields";
import { StepUpField } from "@/components/forms/step-up-field";
import { FormFoot } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { useActionForm } from "@/components/forms/use-action-form";

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
  const form = useActionForm({
    resolver,
    defaultValues: EMPTY,
    send: createUserAction,
    sent: (_, input, { reset }) => {
      reset(EMPTY);
      router.refresh();
      return `Created ${input.username}.`;
    },
  });

  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-labelledby="new-user"
      className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-4 shadow"
    >
      <h2 id="new-user" className="text-lg font-semibold">
        New user
      </h2>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type={f.type}
          autoComplete={f.type === "password" ? "new-password" : "off"}
          {...form.field(f.name)}
          className="rounded border border-slate-400 px-3 py-2"
        />
      ))}
      <Labelled id="new-role" label="Role">
        <select
          id="new-role"
          {...form.register("role")}
          aria-describedby="role-error"
          className="rounded border border-slate-400 px-3 py-2"
        >
          <option value="cashier">Cashier</option>
          <option value="supervisor">Supervisor</option>
          <option value="kiosk">Kiosk device</option>
        </select>
        <span id="role-error" aria-live="polite" className="text-danger">
          {form.errors.role?.message}
        </span>
      </Labelled>
      <StepUpField {...form.field("confirm")} />
      <FormFoot form={form.foot}>Create user</FormFoot>
    </form>
  );
}
