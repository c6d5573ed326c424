"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { setLowBalanceAction } from "./actions";
import type { LowBalanceInput } from "./schema";

const resolver = schemaResolver<LowBalanceInput>(() =>
  import("./schema").then((m) => m.lowBalanceSchema),
);

/** The supervisor sets the balance below which cashiers and supervisors are warned. */
export function LowBalanceForm({ current }: { current: string }) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitSuccessful },
  } = useForm<LowBalanceInput>({ resolver, defaultValues: { threshold: current } });

  async function submit(input: LowBalanceInput) {
    const result = await setLowBalanceAction(input);
    // An error set here also tells react-hook-form the submit did not succeed ("Saved.").
    if (!result.ok)
      return setError("threshold", { message: result.fieldErrors?.threshold ?? result.error });
    router.refresh();
  }

  const error = errors.threshold?.message;
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Warn when the balance is below (R)</span>
        <input
          {...register("threshold")}
          inputMode="decimal"
          aria-invalid={error ? true : undefined}
          aria-describedby="threshold-error"
          className="rounded border border-slate-400 px-3 py-2"
        />
      </label>
      <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
        Save threshold
      </button>
      <p id="threshold-error" aria-live="polite" className="min-h-6 w-full text-danger">
        {error}
      </p>
      <p role="status" className="text-brand">
        {isSubmitSuccessful && !error ? "Saved." : null}
      </p>
    </form>
  );
}
