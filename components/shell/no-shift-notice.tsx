import Link from "next/link";

/** What a sale page shows instead of its form when the till has no open shift. */
export function NoShiftNotice() {
  return (
    <p role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
      Open a shift before selling.{" "}
      <Link href="/till" className="inline-flex min-h-11 items-center underline">
        Go to the till
      </Link>
    </p>
  );
}
