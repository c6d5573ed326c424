import type { UseFormRegisterReturn } from "react-hook-form";

/** A fieldset of radio buttons for one form field, with the field's message under it. */
export function RadioGroup({
  legend,
  options,
  registration,
  error,
  errorId,
}: {
  legend: string;
  options: readonly { value: string; label: React.ReactNode }[];
  registration: UseFormRegisterReturn;
  error?: string;
  errorId: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="font-medium">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="flex min-h-11 items-center gap-3">
          <input type="radio" value={o.value} {...registration} className="size-5" />
          <span>{o.label}</span>
        </label>
      ))}
      <p id={errorId} aria-live="polite" className="text-danger">
        {error}
      </p>
    </fieldset>
  );
}
