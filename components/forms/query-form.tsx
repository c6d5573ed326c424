/**
 * A form whose fields go into the page's address (GET): a report's period, a business day, the
 * moment a deposit must last until. The page reads them back, so every answer is a link that
 * can be kept. Not printed. `error` is the page's word on what was typed, under the fields
 * (a field it is about points at `errorId`).
 */
export function QueryForm({
  submit,
  label,
  error,
  errorId,
  children,
}: {
  submit: string;
  label?: string;
  error?: string | null;
  errorId?: string;
  children: React.ReactNode;
}) {
  return (
    <form method="get" aria-label={label} className="no-print flex flex-wrap items-end gap-3">
      {children}
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        {submit}
      </button>
      {errorId && (
        <p id={errorId} role={error ? "alert" : undefined} className="w-full text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
