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
    error?: string;
    /** Where the message stands; without one the form says it elsewhere (the sign-in's one line). */
    errorId?: string;
    labelClassName?: string;
    errorClassName?: string;
  }) {
  return (
    <label className="flex flex-col gap-1">
      <span className={labelClassName}>{label}</span>
      <input {...input} aria-invalid={error ? true : undefined} aria-describedby={errorId} />
      {errorId && (
        <span id={errorId} aria-live="polite" className={errorClassName}>
          {error}
        </span>
      )}
    </label>
  );
}
