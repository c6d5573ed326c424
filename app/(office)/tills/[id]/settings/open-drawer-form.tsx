"use client";

import { useForm } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { kickDrawer } from "@/components/printing/drawer";
import { TextField } from "@/components/forms/text-field";
import { openDrawerAction } from "./actions";
import type { OpenDrawerInput } from "./schema";

const resolver = schemaResolver<OpenDrawerInput>(() =>
  import("./schema").then((m) => m.openDrawerSchema),
);

/** "Open drawer" without a sale: a supervisor's, with the reason kept in the audit log. */
export function OpenDrawerForm({ tillId }: { tillId: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<OpenDrawerInput>({ resolver, defaultValues: { tillId, reason: "" } });

  const open = handleSubmit(async (input) => {
    const result = await openDrawerAction(input);
    // An error set here also tells react-hook-form the submit did not succeed.
    if (!result.ok)
      return setError("reason", { message: result.fieldErrors?.reason ?? result.error });
    const trouble = await kickDrawer(result.data);
    if (trouble) setError("reason", { message: trouble });
  });

  const error = errors.reason?.message;
  return (
    <form onSubmit={open} noValidate className="flex max-w-xl flex-col gap-2">
      <TextField
        label="Reason for opening the drawer without a sale"
        {...register("reason")}
        autoComplete="off"
        error={error}
        errorId="drawer-error"
        className="min-h-11 rounded border border-slate-400 px-3"
      />
      <div className="flex items-center gap-4">
        <button
          type="submit"
          disabled={isSubmitting}
          className="min-h-11 rounded-lg border border-brand px-4 py-2 text-brand"
        >
          Open drawer
        </button>
        <p role="status">
          {isSubmitSuccessful && !error
            ? "Drawer opened. It is in the audit log with your reason."
            : null}
        </p>
      </div>
    </form>
  );
}
