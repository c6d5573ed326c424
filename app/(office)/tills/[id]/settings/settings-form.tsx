"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { saveTillSettingsAction } from "./actions";
import { PAPER_WIDTHS, type TillSettingsInput } from "./schema";
import { CONNECTION_LABELS, PRINTER_CONNECTIONS } from "@/lib/printing/connection";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { RadioGroup } from "@/components/forms/radio-group";
import { TextField } from "@/components/forms/text-field";
import { StepUpField } from "@/components/forms/step-up-field";
import { Checkbox } from "@/components/forms/checkbox";
import { FormFoot } from "@/components/forms/submit-button";

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
  // The confirmation is the action's, not the settings': kept beside the settings form's values.
  const [confirm, setConfirm] = useState("");
  const [confirmError, setConfirmError] = useState<string>();
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
    setConfirmError(undefined);
    const result = await saveTillSettingsAction({ tillId, settings, confirm });
    if (!result.ok) {
      const { confirm: confirmMessage, ...fields } = result.fieldErrors ?? {};
      if (confirmMessage) {
        setConfirm("");
        setConfirmError(confirmMessage);
      }
      // The server checks the printer's address again: its messages go next to their fields.
      for (const [path, message] of Object.entries(fields)) {
        const field = path.replace(/^settings\./, "") as keyof TillSettingsInput;
        setError(field, { message });
      }
      if (!confirmMessage || Object.keys(fields).length)
        setError("root", { message: result.error });
      return;
    }
    setConfirm("");
    setSaved(
      `Saved: ${result.data.paperWidthMm} mm paper, auto-print ${result.data.autoPrint ? "on" : "off"}, ${CONNECTION_LABELS[result.data.printerConnection]}.`,
    );
  }
  const connection = useWatch({ control, name: "printerConnection" });
  const network = connection === "network";
  // The printer's address and port: plain labels, the message kept to the field's width.
  const printerField = (name: "printerHost" | "printerPort", errorId: string, width = "") => ({
    ...register(name),
    error: errors[name]?.message,
    errorId,
    labelClassName: "",
    errorClassName: "max-w-sm text-danger",
    className: `min-h-11 ${width} rounded border border-slate-400 px-3`,
  });

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="flex max-w-xl flex-col gap-4">
      <RadioGroup
        legend="Paper width"
        options={PAPER_WIDTHS.map((mm) => ({
          value: mm,
          label: `${mm} mm roll${mm === "58" ? " (tokens print smaller, still on one line)" : ""}`,
        }))}
        registration={register("paperWidthMm")}
        error={errors.paperWidthMm?.message}
        errorId="paper-error"
      />
      <Checkbox {...register("autoPrint")} label="Print the slip as soon as a sale completes" />
      <p className="text-sm text-slate-600">
        With the browser&apos;s print, without a print dialog only when the till&apos;s Chromium
        runs with <code>--kiosk-printing</code> (see docs/guide.md). A printer below prints at once
        and opens the cash drawer (docs/printing.md).
      </p>
      <RadioGroup
        legend="Printer"
        options={PRINTER_CONNECTIONS.map((c) => ({ value: c, label: CONNECTION_LABELS[c] }))}
        registration={register("printerConnection")}
        error={errors.printerConnection?.message}
        errorId="connection-error"
      />
      {network && (
        <div className="flex flex-wrap gap-4">
          <TextField
            label="Printer address"
            {...printerField("printerHost", "printer-host-error")}
            inputMode="url"
            autoComplete="off"
            placeholder="192.168.1.50"
          />
          <TextField
            label="Port"
            {...printerField("printerPort", "printer-port-error", "w-28")}
            inputMode="numeric"
            placeholder="9100"
          />
        </div>
      )}
      {connection !== "browser" && (
        <Checkbox
          {...register("printerAnswersStatus")}
          label={
            <>
              The printer answers status questions (untick for a print server that never does: Kassa
              then prints without asking and says &quot;Sent to the printer&quot;, never
              &quot;Printed&quot;)
            </>
          }
        />
      )}
      <StepUpField
        name="confirm"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={confirmError}
        errorId="settings-confirm-error"
      />
      <FormFoot form={{ busy: isSubmitting, done: saved, error: errors.root?.message }}>
        Save settings
      </FormFoot>
    </form>
  );
}
