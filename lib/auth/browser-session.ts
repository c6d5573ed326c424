/**
 * Signing in and out from the browser through next-auth's own endpoints, as `next-auth/react`'s
 * signIn and signOut do, without that module: it brings about 9 KiB gzip of next-auth and Babel
 * helpers to every page for two form posts. The session stays a JWT cookie set by the server.
 */

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch("/api/auth/csrf", { cache: "no-store" });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

let early: Promise<string> | null = null;

/**
 * Ask for the sign-in form's CSRF token while the person is still typing (LoginForm calls
 * this once it is on screen), so Sign in sends one request, not two.
 */
export function prepareSignIn(): void {
  early ??= fetchCsrfToken();
  early.catch(() => (early = null));
}

/** The token asked for ahead (once), else a new one. */
async function csrfToken(): Promise<string> {
  const ahead = early;
  early = null;
  return (await ahead?.catch(() => null)) ?? fetchCsrfToken();
}

async function post(path: string, fields: Record<string, string>): Promise<{ url?: string }> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: "true" });
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return (await response.json().catch(() => ({}))) as { url?: string };
}

/**
 * Sign in with the credentials provider. Answers null when the session cookie was set, or the
 * error next-auth put in its answer's address ("CredentialsSignin", or authorize's own message).
 */
export async function signInWithPassword(input: {
  username: string;
  password: string;
}): Promise<string | null> {
  const answer = await post("/api/auth/callback/credentials", {
    ...input,
    callbackUrl: window.location.href,
  });
  if (!answer.url) return "CredentialsSignin";
  return new URL(answer.url, window.location.href).searchParams.get("error");
}

/** Sign out (next-auth's signOut event writes the audit line) and go to the sign-in page. */
export async function signOutToLogin(): Promise<void> {
  const answer = await post("/api/auth/signout", { callbackUrl: "/login" });
  window.location.href = answer.url ?? "/login";
}
