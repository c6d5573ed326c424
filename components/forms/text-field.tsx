/**
 * A text input under its label, with its message under it: linked by aria-describedby, and
 * outside the label, so that it is not read as part of the field's name.
 */
export function TextField({
  label,
  error,
  errorId,
  labelClassName = "font-medium",
  errorClassName = "text-danger",
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> &
  React.RefAttributes<HTMLInputElement> & {
    label: string;
    error?: string | null;
    /**
     * Where the message stands; without one the form says it elsewhere (the sign-in's one line,
     * a QueryForm's note: then `aria-describedby` points at it).
     */
    errorId?: string;
    labelClassName?: string;
    errorClassName?: string;
  }) {
  const field = (
    <label className="flex flex-col gap-1">
      <span className={labelClassName}>{label}</span>
      <input
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId ?? input["aria-describedby"]}
      />
    </label>
  );
  if (!errorId) return field;
  return (
    <div className="flex flex-col gap-1">
      {field}
      <span id={errorId} aria-live="polite" className={errorClassName}>
        {error}
      </span>
    </div>
  );
}
