import { requirePageRole } from "@/lib/auth/staff";

/**
 * The window on the screen turned to the customer. It is opened from the till in the same
 * browser (so the till's session), and shows no staff bar, no menus and nothing to click.
 */
export default async function DisplayLayout({ children }: { children: React.ReactNode }) {
  await requirePageRole("cashier");
  return <main className="flex min-h-screen flex-col bg-slate-900 text-white">{children}</main>;
}
