import Link from "next/link";
import { Warning } from "@/components/ui/warning";

/** What a sale page shows instead of its form when the till has no open shift. */
export function NoShiftNotice() {
  return (
    <Warning>
      Open a shift before selling.{" "}
      <Link href="/till" className="inline-flex min-h-11 items-center underline">
        Go to the till
      </Link>
    </Warning>
  );
}
