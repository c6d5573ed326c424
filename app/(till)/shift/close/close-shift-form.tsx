"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { formatRand } from "@/lib/money";
import { closeShiftAction } from "../actions";
import type { CloseShiftInput } from "../schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { SubmitButton } from "@/components/forms/submit-button";
import { noAnswer } from "@/components/sale/kassa-updated";
import { blankCounts, CountFields, countedCents } from "./count-fields";

const resolver = schemaResolver<CloseShiftInput>(() =>
  import("../schema").then((m) => m.closeShiftSchema),
);

/**
 * The blind cash-up: the cashier counts the drawer note by note and coin by coin, without
 * seeing what the till expects; expected cash and variance appear on the Z report after.
 */
export function CloseShiftForm({ shiftId }: { shiftId: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CloseShiftInput>({
    resolver,
    defaultValues: { shiftId, counts: blankCounts() },
  });
  const counts = useWatch({ control, name: "counts" });

  async function submit(input: CloseShiftInput) {
    setFormError(null);
    // No answer (the connection, a restart): pressing again is safe, the shift closes once and
    // the second press gets the Z report of the first. An upgraded Kassa reloads the page.
    const result = await closeShiftAction(input).catch(noAnswer);
    if (!result) {
      setFormError("Kassa did not answer. Press Close shift again: a shift closes only once.");
      return;
    }
    if (!result.ok) {
      for (const [key, message] of Object.entries(result.fieldErrors ?? {})) {
        if (key.startsWith("counts.")) setError(key as `counts.${string}`, { message });
      }
      setFormError(result.error);
      return;
    }
    router.push(`/shift/z/${result.data.shiftId}`);
  }

  const firstFieldError = Object.values(errors.counts ?? {}).find(
    (e) => e && typeof e === "object" && "message" in e,
  ) as { message?: string } | undefined;
  return (
    <form
      onSubmit={handleSubmit(submit, () => setFormError("Please correct the marked fields."))}
      noValidate
      className="flex max-w-lg flex-col gap-3 rounded-xl bg-white p-6 shadow"
    >
      <h1 className="text-2xl font-semibold">Close the shift</h1>
      <p className="text-slate-700">
        Count the cash in your drawer: how many of each note and coin. The till shows what it
        expected after you submit the count.
      </p>
      <CountFields register={register} errors={errors} />
      <p className="text-lg">
        Counted: <strong data-testid="counted-total">{formatRand(countedCents(counts))}</strong>
      </p>
      <p aria-live="polite" role="status" className="min-h-6 text-danger">
        {formError && firstFieldError?.message
          ? `${formError} ${firstFieldError.message}`
          : formError}
      </p>
      <SubmitButton busy={isSubmitting} large>
        Close shift
      </SubmitButton>
    </form>
  );
}
