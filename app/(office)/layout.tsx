import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { StaffBar } from "@/components/shell/staff-bar";
import { breakerState } from "@/lib/upstream";
import { keepYesterdaysLedgerInBackground } from "@/lib/office/ledger-store";

const NAV = [
  { href: "/office", label: "Overview" },
  { href: "/balance", label: "Balance" },
  { href: "/reports", label: "Reports" },
  { href: "/commission", label: "Commission" },
  { href: "/accounts", label: "Accounting export" },
  { href: "/reconciliation", label: "Reconciliation" },
  { href: "/unresolved", label: "Unresolved sales" },
  { href: "/exceptions", label: "Exceptions" },
  { href: "/meters", label: "Meters and token cases" },
  { href: "/shifts", label: "Shifts" },
  { href: "/users", label: "Users" },
  { href: "/tills", label: "Tills" },
  { href: "/paper", label: "Paper and printing" },
  { href: "/audit", label: "Audit log" },
  { href: "/mail", label: "Mail" },
];

export default async function OfficeLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("supervisor");
  // The first office visit of the day keeps yesterday's ledger (the core service forgets it).
  keepYesterdaysLedgerInBackground();
  return (
    <>
      <StaffBar staff={staff} breaker={breakerState()} />
      <div className="mx-auto flex max-w-7xl flex-col gap-4 p-4 md:flex-row md:gap-6">
        <nav aria-label="Back office" className="no-print md:w-48 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {NAV.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="flex min-h-11 items-center rounded px-3 py-2 hover:bg-slate-200"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </>
  );
}
