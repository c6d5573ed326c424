"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { saveTillSettingsAction } from "./actions";
import { PAPER_WIDTHS, type TillSettingsInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";

const resolver = schemaResolver<TillSettingsInput>(() =>
  import("./schema").then((m) => m.tillSettingsSchema),
);

/** Paper width and auto-print of one till, as its supervisor sets them. */
export function TillSettingsForm({
  tillId,
  initial,
}: {
  tillId: string;
  initial: TillSettingsInput;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TillSettingsInput>({
    resolver,
    defaultValues: initial,
  });

  async function save(settings: TillSettingsInput) {
    setSaved(null);
    const result = await saveTillSettingsAction({ tillId, settings });
    if (!result.ok) {
      setError("root", { message: result.error });
      return;
    }
    setSaved(
      `Saved: ${result.data.paperWidthMm} mm paper, auto-print ${result.data.autoPrint ? "on" : "off"}.`,
    );
  }

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="flex max-w-xl flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-describedby="paper-error">
        <legend className="font-medium">Paper width</legend>
        {PAPER_WIDTHS.map((mm) => (
          <label key={mm} className="flex min-h-11 items-center gap-3">
            <input type="radio" value={mm} {...register("paperWidthMm")} className="size-5" />
            <span>
              {mm} mm roll{mm === "58" ? " (tokens print smaller, still on one line)" : ""}
            </span>
          </label>
        ))}
        <p id="paper-error" aria-live="polite" className="text-danger">
          {errors.paperWidthMm?.message}
        </p>
      </fieldset>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" {...register("autoPrint")} className="size-5" />
        <span>Print the slip as soon as a sale completes</span>
      </label>
      <p className="text-sm text-slate-600">
        Without a print dialog only when the till&apos;s Chromium runs with{" "}
        <code>--kiosk-printing</code> (see the README).
      </p>
      <div className="flex items-center gap-4">
        <button
          type="submit"
          disabled={isSubmitting}
          className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
        >
          Save settings
        </button>
        <p role="status" className="text-brand">
          {saved}
        </p>
      </div>
      <p aria-live="polite" className="text-danger">
        {errors.root?.message}
      </p>
    </form>
  );
}
