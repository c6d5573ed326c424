import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { VerifyFrame } from "./verify-frame";

export const metadata: Metadata = { title: "Slip check", robots: { index: false } };

/** Where a customer types a slip's code by hand (`?code=` from the form goes to its page). */
export default async function SlipCodeForm({
  searchParams,
}: {
  searchParams: Promise<{ code?: string }>;
}) {
  const { code } = await searchParams;
  const typed = code?.replace(/[^0-9A-Za-z-]/g, "").slice(0, 40);
  if (typed) redirect(`/verify/${encodeURIComponent(typed)}`);
  return (
    <VerifyFrame>
      <h1 className="text-2xl font-bold">Slip check</h1>
      <p>Every slip of this shop carries a code and a QR code. Type the code to check the slip.</p>
    </VerifyFrame>
  );
}
