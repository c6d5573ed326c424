import { requirePageRole } from "@/lib/auth/staff";

/** The kiosk is a customer-facing screen: no staff bar, large type, touch first. */
export default async function KioskLayout({ children }: { children: React.ReactNode }) {
  await requirePageRole("kiosk");
  return <main className="min-h-screen bg-slate-900 p-6 text-2xl text-white">{children}</main>;
}
