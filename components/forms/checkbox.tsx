/** A tick box with its words beside it: the words are its label, and the label its touch target. */
export function Checkbox({
  label,
  labelClassName = "flex min-h-11 items-center gap-3",
  className = "size-5",
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> &
  React.RefAttributes<HTMLInputElement> & {
    label: React.ReactNode;
    labelClassName?: string;
  }) {
  return (
    <label className={labelClassName}>
      <input type="checkbox" {...input} className={className} />
      <span>{label}</span>
    </label>
  );
}
