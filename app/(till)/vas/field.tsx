"use client";

import { cloneElement, type ReactElement } from "react";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<React.InputHTMLAttributes<HTMLInputElement>>;
}

/** A labelled input with its hint and its error next to it, announced to screen readers. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": `${errorId}${hint ? ` ${hintId}` : ""}`,
        className: `min-h-11 rounded border px-3 py-2 text-lg ${error ? "border-danger" : "border-slate-400"}`,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {/* Takes no room while empty, so Purchase stays in view at 1024×768. */}
      <p id={errorId} aria-live="polite" className="text-danger">
        {error}
      </p>
    </div>
  );
}
