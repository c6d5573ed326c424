"use client";

import { useForm, useWatch } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { FieldError, inputClass } from "@/components/sale/fields";
import { LOOKUP_KINDS, LOOKUP_LABELS, type LookupKind } from "@/lib/kinds/fines/lookup-kind";
import type { LookupInput } from "./schema";

const resolver = schemaResolver<LookupInput>(() => import("./schema").then((m) => m.lookupSchema));

const HINTS: Record<LookupKind, string> = {
  id: "13 digits",
  registration: "YYYY/NNNNNN/NN",
  notice: "digits on the notice",
};

interface Props {
  busy: boolean;
  /** Looks the checked number up; answers the core service's refusal for the field, or null. */
  onLookUp(input: LookupInput): Promise<string | null>;
}

/**
 * Three fields, one "Look up fines": the field typed in last is the one used (typing in one
 * clears the others), so Enter in any field looks that number up. The form's values are the
 * shared schema's `{ kind, value }`: a number that cannot be right is refused next to its
 * field by the same check as the server's, and never leaves the browser.
 */
export function LookupFields({ busy, onLookUp }: Props) {
  const form = useForm<LookupInput>({
    resolver,
    defaultValues: { kind: "id", value: "" },
  });
  const [kind, value] = useWatch({ control: form.control, name: ["kind", "value"] });
  const message = form.formState.errors.value?.message;
  const working = busy || form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (input) => {
      const refused = await onLookUp(input);
      if (refused) form.setError("value", { message: refused });
    },
    () => document.getElementById(`fines-${form.getValues("kind")}`)?.focus(),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow"
      aria-label="Look up traffic fines"
    >
      <h1 className="text-2xl font-semibold">Traffic fines</h1>
      <div className="grid items-start gap-3 md:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
        {LOOKUP_KINDS.map((k) => (
          <div key={k} className="flex flex-col gap-1">
            <label htmlFor={`fines-${k}`} className="font-medium">
              {LOOKUP_LABELS[k]}
            </label>
            <input
              id={`fines-${k}`}
              name={k}
              autoComplete="off"
              inputMode={k === "registration" ? "text" : "numeric"}
              autoFocus={k === "id"}
              placeholder={HINTS[k]}
              value={kind === k ? value : ""}
              onChange={(e) => {
                form.clearErrors("value");
                form.setValue("kind", k);
                form.setValue("value", e.target.value);
              }}
              aria-invalid={kind === k && message ? true : undefined}
              aria-describedby={`fines-${k}-error`}
              className={`${inputClass} w-full min-w-0 font-mono`}
            />
            <FieldError id={`fines-${k}-error`} message={kind === k ? message : null} />
          </div>
        ))}
        <button
          type="submit"
          disabled={working}
          aria-busy={working}
          className="min-h-11 self-start rounded-lg bg-brand px-5 py-2 text-lg font-semibold whitespace-nowrap text-white disabled:opacity-60 md:mt-7"
        >
          Look up fines
        </button>
      </div>
    </form>
  );
}
