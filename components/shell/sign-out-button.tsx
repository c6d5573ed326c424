"use client";

import { signOutToLogin } from "@/lib/auth/browser-session";

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => void signOutToLogin()}
      className="min-h-11 rounded border border-slate-400 px-3 py-1 hover:bg-slate-100"
    >
      Sign out
    </button>
  );
}
