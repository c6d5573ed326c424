"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { saveTillSettingsAction } from "./actions";
import { PAPER_WIDTHS, type TillSettingsInput } from "./schema";
import { CONNECTION_LABELS, PRINTER_CONNECTIONS } from "@/lib/printing/connection";
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
    control,
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
      // The server checks the printer's address again: its messages go next to their fields.
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        const field = path.replace(/^settings\./, "") as keyof TillSettingsInput;
        setError(field, { message });
      }
      setError("root", { message: result.error });
      return;
    }
    setSaved(
      `Saved: ${result.data.paperWidthMm} mm paper, auto-print ${result.data.autoPrint ? "on" : "off"}, ${CONNECTION_LABELS[result.data.printerConnection]}.`,
    );
  }
  const network = useWatch({ control, name: "printerConnection" }) === "network";

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
        With the browser&apos;s print, without a print dialog only when the till&apos;s Chromium
        runs with <code>--kiosk-printing</code> (see the README). A printer below prints at once and
        opens the cash drawer (docs/printing.md).
      </p>
      <fieldset className="flex flex-col gap-2" aria-describedby="connection-error">
        <legend className="font-medium">Printer</legend>
        {PRINTER_CONNECTIONS.map((c) => (
          <label key={c} className="flex min-h-11 items-center gap-3">
            <input type="radio" value={c} {...register("printerConnection")} className="size-5" />
            <span>{CONNECTION_LABELS[c]}</span>
          </label>
        ))}
        <p id="connection-error" aria-live="polite" className="text-danger">
          {errors.printerConnection?.message}
        </p>
      </fieldset>
      {network && (
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col gap-1">
            <span>Printer address</span>
            <input
              {...register("printerHost")}
              inputMode="url"
              autoComplete="off"
              placeholder="192.168.1.50"
              aria-invalid={errors.printerHost ? true : undefined}
              aria-describedby="printer-host-error"
              className="min-h-11 rounded border border-slate-400 px-3"
            />
            <span id="printer-host-error" aria-live="polite" className="max-w-sm text-danger">
              {errors.printerHost?.message}
            </span>
          </label>
          <label className="flex flex-col gap-1">
            <span>Port</span>
            <input
              {...register("printerPort")}
              inputMode="numeric"
              placeholder="9100"
              aria-invalid={errors.printerPort ? true : undefined}
              aria-describedby="printer-port-error"
              className="min-h-11 w-28 rounded border border-slate-400 px-3"
            />
            <span id="printer-port-error" aria-live="polite" className="max-w-sm text-danger">
              {errors.printerPort?.message}
            </span>
          </label>
        </div>
      )}
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
