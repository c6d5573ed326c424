import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { totpState, waitingSecret } from "@/lib/auth/totp-store";
import { totpUri } from "@/lib/auth/totp";
import { env } from "@/lib/env";
import { ActionForm, Field } from "@/components/office/action-form";
import { ReceiptQr } from "@/components/slip/receipt-qr";
import { startTotpAction, turnOffTotpAction, turnOnTotpAction } from "./actions";

export const metadata: Metadata = { title: "Your authenticator" };
export const dynamic = "force-dynamic";

function PasswordField() {
  return (
    <Field name="confirm" label="Your password" type="password" autoComplete="current-password" />
  );
}

/**
 * A supervisor's authenticator app (TOTP): once on, every money-moving override is confirmed
 * with the app's current code instead of the password. Set up with a QR code (or the
 * otpauth:// address as text), turned on by the password and a first code, off by the password.
 */
export default async function AuthenticatorPage() {
  const staff = await requirePageRole("supervisor");
  const state = await totpState(staff.userId);
  const secret = state === "waiting" ? await waitingSecret(staff.userId) : null;
  const uri = secret ? totpUri(secret, staff.username, env().merchantName) : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Your authenticator</h1>
      <p className="max-w-xl text-slate-700">
        Resolving a sale by hand, a refund, closing someone else&apos;s shift, and changes to users
        and tills ask you to confirm again. With an authenticator app on your phone (any app that
        reads an otpauth QR code) you confirm with its 6-digit code, which nobody can learn by
        watching you type your password.
      </p>
      <p data-testid="totp-state" className="font-medium">
        {state === "on"
          ? "On: overrides are confirmed with your authenticator's code."
          : state === "waiting"
            ? "Being set up: overrides are confirmed with your password until the first code turns it on."
            : "Off: overrides are confirmed with your password."}
      </p>
      {state === "off" && (
        <ActionForm action={startTotpAction} submitLabel="Set up an authenticator" done="Set up.">
          {null}
        </ActionForm>
      )}
      {uri && secret && (
        <section aria-labelledby="scan" className="flex max-w-xl flex-col gap-3">
          <h2 id="scan" className="text-xl font-semibold">
            1. Add Kassa to the app
          </h2>
          <ReceiptQr url={uri} label="QR code of the authenticator set-up" className="w-48" />
          <p>Or type this key into the app (time-based, 6 digits, 30 seconds):</p>
          <code data-testid="totp-key" className="font-mono text-lg tracking-wider">
            {secret.match(/.{1,4}/g)?.join(" ")}
          </code>
          <p className="text-sm text-slate-700">
            Its address, for apps that take one:{" "}
            <code data-testid="totp-uri" className="break-all">
              {uri}
            </code>
          </p>
          <h2 className="text-xl font-semibold">2. Turn it on with its first code</h2>
          <ActionForm
            action={turnOnTotpAction}
            submitLabel="Turn on"
            done="Your authenticator is on."
          >
            <Field
              name="code"
              label="Code the app shows"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <PasswordField />
          </ActionForm>
        </section>
      )}
      {state !== "off" && (
        <section aria-labelledby="off" className="flex max-w-xl flex-col gap-2">
          <h2 id="off" className="text-xl font-semibold">
            {state === "on" ? "Turn it off" : "Cancel the set-up"}
          </h2>
          <p className="text-slate-700">
            Lost the phone? Your password turns it off; overrides then ask for the password again.
          </p>
          <ActionForm
            action={turnOffTotpAction}
            submitLabel={state === "on" ? "Turn off" : "Cancel the set-up"}
            done="Your authenticator is off."
          >
            <PasswordField />
          </ActionForm>
        </section>
      )}
    </div>
  );
}
