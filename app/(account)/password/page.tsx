import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { PasswordForm } from "./password-form";

export const metadata: Metadata = { title: "Your password" };
export const dynamic = "force-dynamic";

/** A cashier or supervisor changes their own password. */
export default async function PasswordPage() {
  const staff = await requirePageRole("cashier", "supervisor");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Your password</h1>
      <p className="max-w-xl text-slate-700">
        {staff.name}, choose a password of at least {MIN_PASSWORD_LENGTH} characters that is not
        your user name and not a common one: a few words of your own make a good one. Your other
        sessions end when it changes.
      </p>
      <PasswordForm />
      {staff.role === "supervisor" && (
        <p className="max-w-xl text-slate-700">
          Overrides (resolving sales by hand, refunds, closing a shift, users and tills) ask for
          this password again, or for the code of{" "}
          <Link href="/authenticator" className="underline">
            your authenticator app
          </Link>{" "}
          once you set one up.
        </p>
      )}
    </div>
  );
}
