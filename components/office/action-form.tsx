"use client";

import { useRouter } from "next/navigation";
import { createContext, useActionState, useContext, useId } from "react";
import type { ActionResult } from "@/lib/errors";

type Answer = ActionResult<unknown> | null;
const AnswerContext = createContext<Answer>(null);

/**
 * A small office form that sends its fields to a server action (a `staffAction`, which checks
 * the role and parses them with the form's schema) and shows each field's message beside it.
 * The office's settings forms (commission rates, the statement, accounts, runway) share it.
 */
export function ActionForm({
  action,
  submitLabel,
  done,
  children,
  className = "flex flex-wrap items-end gap-3",
}: {
  action: (input: unknown) => Promise<ActionResult<unknown>>;
  submitLabel: string;
  /** Said once the action went through. */
  done: string;
  children: React.ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const [answer, send, pending] = useActionState<Answer, FormData>(async (_previous, form) => {
    const result = await action(Object.fromEntries(form.entries()));
    if (result.ok) router.refresh();
    return result;
  }, null);
  return (
    <AnswerContext.Provider value={answer}>
      <form action={send} noValidate className={className}>
        {children}
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
        >
          {submitLabel}
        </button>
        <p role="status" aria-live="polite" className="w-full min-h-6">
          {answer?.ok ? done : answer && !answer.fieldErrors ? answer.error : null}
        </p>
      </form>
    </AnswerContext.Provider>
  );
}

/** One field of an ActionForm: its label, the control, and the action's message for it. */
export function Field({
  name,
  label,
  options,
  hint,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  /** A choice instead of a text box: [value, label] pairs. */
  options?: readonly (readonly [string, string])[];
  hint?: string;
}) {
  const answer = useContext(AnswerContext);
  const id = useId();
  const error = answer && !answer.ok ? answer.fieldErrors?.[name] : undefined;
  const described = `${id}-message`;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className:
      "min-h-11 rounded border border-slate-400 px-3 py-2 aria-[invalid=true]:border-danger",
  } as const;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {options ? (
        <select {...common} defaultValue={input.defaultValue as string | undefined}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input {...input} {...common} />
      )}
      <span id={described} aria-live="polite" className="min-h-5 text-sm text-danger">
        {error ?? (hint ? <span className="text-slate-600">{hint}</span> : null)}
      </span>
    </div>
  );
}
