"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { openShiftAction } from "./actions";
import type { OpenShiftInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { SubmitButton } from "@/components/forms/submit-button";

const resolver = schemaResolver<OpenShiftInput>(() =>
  import("./schema").then((m) => m.openShiftSchema),
);

/** No sale without the cashier's own open shift: they count the float and open one. */
export function OpenShiftForm() {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OpenShiftInput>({
    resolver,
    defaultValues: { openingFloat: "" },
  });

  async function submit(input: OpenShiftInput) {
    const result = await openShiftAction(input);
    if (!result.ok) {
      setError("openingFloat", { message: result.fieldErrors?.openingFloat ?? result.error });
      return;
    }
    router.refresh();
  }

  const error = errors.openingFloat?.message;
  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      className="flex max-w-md flex-col gap-3 rounded-xl bg-white p-6 shadow"
    >
      <h1 className="text-2xl font-semibold">Open a shift</h1>
      <p className="text-slate-700">Count the cash in your drawer before the first sale.</p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Opening float (R)</span>
        <input
          {...register("openingFloat")}
          inputMode="decimal"
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby="openingFloat-error"
          className="rounded border border-slate-400 px-3 py-2 text-lg"
        />
      </label>
      <p id="openingFloat-error" aria-live="polite" className="min-h-6 text-danger">
        {error}
      </p>
      <SubmitButton busy={isSubmitting} large>
        Open shift
      </SubmitButton>
    </form>
  );
}
