"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { signIn } from "next-auth/react";

/** The till is remembered per device in a cookie that the sign-in page reads. */
const TILL_COOKIE = "kassa_till";

/** Sign in with user name, password and the till this device is. */
export function LoginForm({ tills, defaultTillId }: { tills: { id: string; name: string }[]; defaultTillId?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tillId, setTillId] = useState(defaultTillId ?? tills[0]?.id ?? "");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!username || !password) {
      setError("Enter your user name and password.");
      return;
    }
    setBusy(true);
    setError(null);
    document.cookie = `${TILL_COOKIE}=${encodeURIComponent(tillId)}; path=/; max-age=31536000; samesite=lax`;
    const result = await signIn("credentials", { username, password, tillId, redirect: false });
    if (!result || result.error) {
      setBusy(false);
      setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Wrong user name or password.");
      return;
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow" noValidate>
      <label className="flex flex-col gap-1">
        <span className="font-medium">User name</span>
        <input name="username" autoComplete="username" autoFocus required className="rounded border border-slate-400 px-3 py-2 text-lg" />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Password</span>
        <input name="password" type="password" autoComplete="current-password" required className="rounded border border-slate-400 px-3 py-2 text-lg" />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Till</span>
        <select name="tillId" value={tillId} onChange={(e) => setTillId(e.target.value)} className="rounded border border-slate-400 px-3 py-2 text-lg">
          {tills.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <p id="sign-in-error" role="alert" aria-live="assertive" className="min-h-6 text-danger">
        {error}
      </p>
      <button type="submit" disabled={busy} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
