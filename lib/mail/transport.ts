import "server-only";
import nodemailer, { type Transporter } from "nodemailer";

/**
 * One nodemailer SMTP transport per process, made from KASSA_SMTP_URL. nodemailer was chosen
 * because it is the well-kept SMTP client for Node (no dependencies of its own, SMTP with
 * STARTTLS and SMTPS, pooled connections); Kassa only ever needs plain SMTP.
 */
const globalForMail = globalThis as unknown as {
  kassaMailTransport?: { url: string; transport: Transporter };
};

/** Short timeouts: a send happens in a background job or an action, and a dead server is retried later. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function mailTransport(url: string): Transporter {
  const cached = globalForMail.kassaMailTransport;
  if (cached?.url === url) return cached.transport;
  cached?.transport.close();
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  globalForMail.kassaMailTransport = { url, transport };
  return transport;
}

/** A send error as the office may read it: never the SMTP password, whatever the library put in it. */
export function mailErrorText(error: unknown, url: string): string {
  const text = error instanceof Error ? error.message : String(error);
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // A URL env-schema let through always parses; nothing to hide otherwise.
  }
  const clean = password ? text.split(password).join("***") : text;
  return clean.slice(0, 500);
}
