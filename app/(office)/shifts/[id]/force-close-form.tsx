"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { forceCloseShiftAction } from "@/app/(till)/shift/actions";
import type { ForceCloseShiftInput } from "@/app/(till)/shift/schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { StepUpField } from "@/components/forms/step-up-field";
import { blankCounts, CountFields } from "@/app/(till)/shift/close/count-fields";

const resolver = schemaResolver<ForceCloseShiftInput>(() =>
  import("@/app/(till)/shift/schema").then((m) => m.forceCloseShiftSchema),
);

/**
 * A supervisor closes another cashier's open shift: a hand-over to the next cashier at the
 * till, or a shift left open. The drawer is counted and the reason is kept with the Z report.
 */
export function ForceCloseForm({ shiftId, cashier }: { shiftId: string; cashier: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ForceCloseShiftInput>({
    resolver,
    defaultValues: { shiftId, counts: blankCounts(), reason: "", confirm: "" },
  });

  async function submit(input: ForceCloseShiftInput) {
    setFormError(null);
    const result = await forceCloseShiftAction(input);
    if (result.ok) return router.refresh();
    if (result.fieldErrors?.confirm) {
      setValue("confirm", "");
      return setError("confirm", { message: result.fieldErrors.confirm });
    }
    setFormError(result.fieldErrors?.reason ?? result.error);
  }

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-label="Close this shift"
      className="no-print flex max-w-lg flex-col gap-3 rounded-xl bg-white p-6 shadow"
    >
      <h2 className="text-xl font-semibold">Close {cashier}&apos;s shift</h2>
      <p className="text-slate-700">
        For a hand-over or a shift left open: count the drawer and say why.
      </p>
      <CountFields register={register} errors={errors} />
      <label className="flex flex-col gap-1">
        <span className="font-medium">Reason</span>
        <input
          {...register("reason")}
          aria-invalid={errors.reason ? true : undefined}
          className="rounded border border-slate-400 px-3 py-2"
        />
      </label>
      <p role="status" aria-live="polite" className="min-h-6 text-danger">
        {errors.reason?.message ?? formError}
      </p>
      <StepUpField
        {...register("confirm")}
        error={errors.confirm?.message}
        errorId="force-close-confirm"
      />
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-lg bg-danger px-4 py-3 font-semibold text-white disabled:opacity-60"
      >
        Close shift with this count
      </button>
    </form>
  );
}
