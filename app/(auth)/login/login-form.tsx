"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import type { SignInInput } from "@/lib/auth/sign-in-schema";
import { prepareSignIn, signInWithPassword } from "@/lib/auth/browser-session";
import { TextField } from "@/components/forms/text-field";
import { SubmitButton } from "@/components/forms/submit-button";

const resolver = schemaResolver<SignInInput>(() =>
  import("@/lib/auth/sign-in-schema").then((m) => m.signInSchema),
);

/** Sign in with user name and password; the till is the enrolled device's, shown above. */
export function LoginForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver,
    defaultValues: { username: "", password: "" },
  });

  // While the cashier types: the CSRF token, and the schema the first submit checks against.
  useEffect(() => {
    prepareSignIn();
    // The same modules the resolver imports: its own import then finds them loaded.
    void import("@/lib/auth/sign-in-schema").catch(() => {});
    void import("@hookform/resolvers/standard-schema").catch(() => {});
  }, []);

  async function submit(input: SignInInput) {
    setError(null);
    const failure = await signInWithPassword(input).catch(() => "Kassa did not answer. Try again.");
    if (failure) {
      setError(failure !== "CredentialsSignin" ? failure : "Wrong user name or password.");
      return;
    }
    // The root sends each role to its home. Nothing was cached before sign-in (the sign-in page
    // has no links), so no refresh: it would render the home a second time.
    router.replace("/");
  }

  const fieldError = errors.username?.message ?? errors.password?.message;
  return (
    <form
      onSubmit={handleSubmit(submit)}
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow"
      noValidate
    >
      <TextField
        label="User name"
        {...register("username")}
        autoComplete="username"
        autoFocus
        error={errors.username?.message}
        className="rounded border border-slate-400 px-3 py-2 text-lg"
      />
      <TextField
        label="Password"
        {...register("password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        className="rounded border border-slate-400 px-3 py-2 text-lg"
      />
      <p id="sign-in-error" role="alert" aria-live="assertive" className="min-h-6 text-danger">
        {error ?? (fieldError ? "Enter your user name and password." : null)}
      </p>
      <SubmitButton
        busy={isSubmitting}
        busyLabel="Signing in…"
        large
        className="hover:bg-brand-dark"
      >
        Sign in
      </SubmitButton>
    </form>
  );
}
