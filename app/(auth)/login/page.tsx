import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cookies } from "next/headers";
import { currentStaff } from "@/lib/auth/staff";
import { HOME_OF } from "@/lib/auth/session-rules";
import { DEVICE_COOKIE, findDevice, readDeviceCookie } from "@/lib/auth/device";
import { UpstreamBadge } from "@/components/shell/upstream-badge";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  const staff = await currentStaff();
  if (staff) redirect(HOME_OF[staff.role]);
  const device = await findDevice(readDeviceCookie((await cookies()).get(DEVICE_COOKIE)?.value));
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-3xl font-bold text-brand">Kassa</h1>
        <UpstreamBadge />
      </div>
      <p data-testid="device-till" className="rounded bg-slate-100 px-3 py-2">
        {!device
          ? "This browser is not enrolled as a till: only supervisors sign in here (the office). A supervisor enrols it under Tills."
          : device.till.kind === "kiosk"
            ? `This browser is ${device.till.name}: the kiosk and supervisors sign in here.`
            : `This browser is ${device.till.name}: cashiers and supervisors sign in here.`}
      </p>
      <LoginForm />
    </main>
  );
}
