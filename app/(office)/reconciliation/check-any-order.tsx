"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { checkOrderStatusAction } from "./actions";
import type { CheckOrderInput } from "./schema";

const resolver = schemaResolver<CheckOrderInput>(() =>
  import("./schema").then((m) => m.checkOrderSchema),
);

/** Check any order's payment status by its id, e.g. one a customer asks about. */
export function CheckAnyOrder() {
  const [answer, setAnswer] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CheckOrderInput>({ resolver, defaultValues: { orderId: "" } });

  async function submit(input: CheckOrderInput) {
    setAnswer(null);
    const result = await checkOrderStatusAction(input);
    if (!result.ok)
      return setError("orderId", { message: result.fieldErrors?.orderId ?? result.error });
    const s = result.data;
    setAnswer(
      `${s.orderId}: ${s.paymentStatus}${s.verificationErrors.length ? ` — ${s.verificationErrors.join("; ")}` : ""}`,
    );
  }

  const error = errors.orderId?.message;
  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow"
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium">Order id</span>
        <input
          {...register("orderId")}
          aria-invalid={error ? true : undefined}
          aria-describedby="orderId-error"
          className="w-full max-w-96 rounded border border-slate-400 px-3 py-2 font-mono sm:w-96"
        />
      </label>
      <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
        Check payment status
      </button>
      <p id="orderId-error" aria-live="polite" className="w-full text-danger">
        {error}
      </p>
      <p role="status" data-testid="any-order-status" className="w-full">
        {answer}
      </p>
    </form>
  );
}
