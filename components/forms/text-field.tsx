/** A text input under its label, with its message under it (linked by aria-describedby). */
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
  return (
    <label className="flex flex-col gap-1">
      <span className={labelClassName}>{label}</span>
      <input
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId ?? input["aria-describedby"]}
      />
      {errorId && (
        <span id={errorId} aria-live="polite" className={errorClassName}>
          {error}
        </span>
      )}
    </label>
  );
}
