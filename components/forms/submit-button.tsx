/**
 * A form's main button: pressed once, it stays off (and dimmed) while the form is on its way,
 * and may say so (`busyLabel`: "Signing in…"). `large` is the till's size, for a form the
 * cashier works at all day.
 */
export function SubmitButton({
  busy,
  busyLabel,
  large = false,
  className = "",
  children,
  ...button
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> &
  React.RefAttributes<HTMLButtonElement> & {
    busy: boolean;
    busyLabel?: string;
    large?: boolean;
    /** Its place in the form (self-start), or a hover colour. */
    className?: string;
  }) {
  const size = large ? "py-3 text-lg" : "py-2";
  return (
    <button
      {...button}
      type="submit"
      disabled={busy}
      className={`min-h-11 rounded-lg bg-brand px-4 ${size} font-semibold text-white disabled:opacity-60 ${className}`.trim()}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/**
 * The foot of a form sent to a server action (useActionForm): its button, what went through
 * beside it, and the action's answer that belongs to no field under it.
 */
export function FormFoot({
  form,
  children,
}: {
  form: { busy: boolean; done: string | null; error?: string };
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="flex items-center gap-4">
        <SubmitButton busy={form.busy}>{children}</SubmitButton>
        <p role="status" className="text-brand">
          {form.done}
        </p>
      </div>
      <p aria-live="polite" className="text-danger">
        {form.error}
      </p>
    </>
  );
}
