/**
 * A real SMTP server for tests (smtp-server), started by the test on a free loopback port as
 * the printer tests start a TCP printer. Every message it receives is parsed with mailparser
 * and kept, so a test reads what an owner's mail program would show. `failNext(n)` refuses
 * the next n messages with a 451 (a server that is down for a moment), for the outbox's retry.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The whole message as it came over the wire (headers and body), for searching. */
  raw: string;
}

export interface SmtpListener {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuse the next `count` messages with a temporary error. */
  failNext(count: number): void;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => entry.value.map((a) => a.address ?? ""));
}

/** Listens on 127.0.0.1; `port` 0 (the default) picks a free one. */
export async function startSmtpListener(listenOn = 0): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS certificate to trust, no login to give.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refuse > 0) {
          refuse -= 1;
          const error = new Error("try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            received.push({
              from: addresses(mail.from)[0] ?? "",
              to: addresses(mail.to),
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
              raw: raw.toString("utf8"),
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    failNext(count) {
      refuse = count;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, received ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
