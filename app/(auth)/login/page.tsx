import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cookies } from "next/headers";
import { currentStaff } from "@/lib/auth/staff";
import { HOME_OF } from "@/lib/auth/session-rules";
import { db } from "@/lib/db";
import { tills } from "@/lib/db/schema";
import { UpstreamBadge } from "@/components/shell/upstream-badge";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  const staff = await currentStaff();
  if (staff) redirect(HOME_OF[staff.role]);
  const database = await db();
  const allTills = await database.select({ id: tills.id, name: tills.name }).from(tills).orderBy(tills.kind, tills.id); // counter tills first: a new device defaults to Till 1
  const remembered = (await cookies()).get("kassa_till")?.value;
  const defaultTillId = allTills.some((t) => t.id === remembered) ? remembered : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-3xl font-bold text-brand">Kassa</h1>
        <UpstreamBadge />
      </div>
      <LoginForm tills={allTills} defaultTillId={defaultTillId} />
    </main>
  );
}
