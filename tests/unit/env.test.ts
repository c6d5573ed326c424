import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupFolder } from "@/lib/backup/files";
import {
  ConfigError,
  DEV_AUTH_SECRET,
  looksLikeTestHost,
  parseEnv,
  SANDBOX_API_KEY,
  SANDBOX_SMS_KEY,
} from "@/lib/env-schema";

describe("configuration", () => {
  it("runs against the built-in sandbox with nothing set", () => {
    const env = parseEnv({});
    expect(env.upstreamEnv).toBe("sandbox");
    expect(env.upstreamUrl).toBe("http://127.0.0.1:4010/api");
    expect(env.apiKey).toBe(SANDBOX_API_KEY);
    expect(env.merchantId).toBe("staging");
    expect(env.seedDemo).toBe(true);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.vatPercent).toBe(15);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ KASSA_UPSTREAM_TIMEOUT_MS: "soon" })).toThrow(
      /KASSA_UPSTREAM_TIMEOUT_MS/,
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => parseEnv({ KASSA_UPSTREAM_ENV: "prod" })).toThrow(ConfigError);
  });

  it("needs a key and a secret outside the sandbox", () => {
    expect(() =>
      parseEnv({ KASSA_UPSTREAM_ENV: "test", KASSA_UPSTREAM_URL: "https://api.test.example/api" }),
    ).toThrow(/KASSA_API_KEY: is required outside the sandbox[\s\S]*NEXTAUTH_SECRET/);
  });

  const SECRET = "k7Qp2Vx9LmR4tZ8wB1nC6yD3fH5jG0sA";
  const tls = {
    KASSA_PUBLIC_URL: "https://pos.example.co.za",
    NEXTAUTH_URL: "https://pos.example.co.za",
  };

  it("sends SMS through the sandbox's gateway with the sandbox, and through none unless set elsewhere", () => {
    expect(parseEnv({ KASSA_UPSTREAM_URL: "http://127.0.0.1:4210/api" }).sms).toEqual({
      url: "http://127.0.0.1:4210/sms",
      key: SANDBOX_SMS_KEY,
    });
    expect(parseEnv({}).smtpUrl).toBeUndefined();
    const test = {
      KASSA_UPSTREAM_ENV: "test",
      KASSA_UPSTREAM_URL: "https://api.test.example/api",
      KASSA_API_KEY: "real-key-123456",
      NEXTAUTH_SECRET: SECRET,
      ...tls,
    };
    expect(parseEnv(test).sms).toBeNull();
    expect(() => parseEnv({ ...test, KASSA_SMS_URL: "https://platform.example" })).toThrow(
      /KASSA_SMS_KEY: is required/,
    );
    expect(() =>
      parseEnv({
        ...test,
        KASSA_SMS_URL: "https://platform.example",
        KASSA_SMS_KEY: SANDBOX_SMS_KEY,
      }),
    ).toThrow(/KASSA_SMS_KEY: is the sandbox gateway's key/);
    expect(() => parseEnv({ KASSA_SMTP_URL: "mail.example:25" })).toThrow(/KASSA_SMTP_URL/);
  });

  it("never guesses the sandbox for a real core service", () => {
    // A real URL and key without KASSA_UPSTREAM_ENV stops the start, naming the variable.
    expect(() =>
      parseEnv({
        KASSA_UPSTREAM_URL: "https://core.example/api",
        KASSA_API_KEY: "real-key-123456",
      }),
    ).toThrow(/KASSA_UPSTREAM_ENV: must be set/);
    // A loopback URL with a key that is not the sandbox's is not the built-in sandbox either.
    expect(() =>
      parseEnv({
        KASSA_UPSTREAM_URL: "http://127.0.0.1:9000/api",
        KASSA_API_KEY: "real-key-123456",
      }),
    ).toThrow(/KASSA_UPSTREAM_ENV/);
    // Saying sandbox does not make a real URL the sandbox.
    expect(() =>
      parseEnv({ KASSA_UPSTREAM_ENV: "sandbox", KASSA_UPSTREAM_URL: "https://core.example/api" }),
    ).toThrow(/KASSA_UPSTREAM_ENV: sandbox works only/);
    expect(parseEnv({ KASSA_UPSTREAM_URL: "http://localhost:4999/api" }).upstreamEnv).toBe(
      "sandbox",
    );
    expect(
      parseEnv({ KASSA_UPSTREAM_URL: "http://127.0.0.1:4999/api", KASSA_API_KEY: SANDBOX_API_KEY })
        .upstreamEnv,
    ).toBe("sandbox");
  });

  it("refuses published or guessable secrets, the demo users and plain http outside the sandbox", () => {
    const base = {
      KASSA_UPSTREAM_ENV: "test",
      KASSA_UPSTREAM_URL: "https://api.test.example/api",
      KASSA_API_KEY: "test-key-123456",
      ...tls,
    };
    expect(parseEnv({ ...base, NEXTAUTH_SECRET: SECRET }).upstreamEnv).toBe("test");
    expect(() => parseEnv({ ...base, NEXTAUTH_SECRET: DEV_AUTH_SECRET })).toThrow(
      /NEXTAUTH_SECRET: is published/,
    );
    expect(() => parseEnv({ ...base, NEXTAUTH_SECRET: "x".repeat(40) })).toThrow(/NEXTAUTH_SECRET/);
    expect(() => parseEnv({ ...base, NEXTAUTH_SECRET: SECRET, KASSA_SEED_DEMO: "true" })).toThrow(
      /KASSA_SEED_DEMO/,
    );
    expect(() =>
      parseEnv({ ...base, NEXTAUTH_SECRET: SECRET, KASSA_API_KEY: SANDBOX_API_KEY }),
    ).toThrow(/KASSA_API_KEY/);
    expect(() =>
      parseEnv({ ...base, NEXTAUTH_SECRET: SECRET, KASSA_PUBLIC_URL: "http://pos.example.co.za" }),
    ).toThrow(/KASSA_PUBLIC_URL: must be an https/);
    expect(() =>
      parseEnv({ ...base, NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: "http://pos.example.co.za" }),
    ).toThrow(/NEXTAUTH_URL/);
    expect(() => parseEnv({ ...base, NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: "" })).toThrow(
      /NEXTAUTH_URL/,
    );
    expect(parseEnv({ ...base, NEXTAUTH_SECRET: SECRET, KASSA_SEED_DEMO: "false" }).seedDemo).toBe(
      false,
    );
  });

  it("knows when it is behind TLS (HSTS, Secure cookies)", () => {
    expect(parseEnv({}).https).toBe(false);
    expect(parseEnv({ KASSA_PUBLIC_URL: "https://kiosk.example.co.za" }).https).toBe(true);
  });

  it("never lets a live key go to a test host", () => {
    const live = {
      KASSA_UPSTREAM_ENV: "live",
      KASSA_API_KEY: "live-key-123456",
      NEXTAUTH_SECRET: SECRET,
      ...tls,
    };
    expect(() =>
      parseEnv({ ...live, KASSA_UPSTREAM_URL: "https://api.staging.example.co.za/api" }),
    ).toThrow(/KASSA_UPSTREAM_URL/);
    expect(() => parseEnv({ ...live, KASSA_UPSTREAM_URL: "http://api.example.co.za/api" })).toThrow(
      /KASSA_UPSTREAM_URL/,
    );
    expect(() => parseEnv({ ...live })).toThrow(/KASSA_UPSTREAM_URL/);
    expect(
      parseEnv({ ...live, KASSA_UPSTREAM_URL: "https://api.example.co.za/api" }).upstreamEnv,
    ).toBe("live");
  });

  it("recognises test hosts", () => {
    expect(looksLikeTestHost("localhost")).toBe(true);
    expect(looksLikeTestHost("127.0.0.1")).toBe(true);
    expect(looksLikeTestHost("test.pay.example.com")).toBe(true);
    expect(looksLikeTestHost("api-staging.example.com")).toBe(true);
    expect(looksLikeTestHost("api.example.com")).toBe(false);
    expect(looksLikeTestHost("contest.example.com")).toBe(false);
  });

  it("keeps 14 daily backups beside the data folder unless told otherwise", () => {
    const env = parseEnv({});
    expect(env.backupKeep).toBe(14);
    expect(backupFolder(env)).toBe(path.resolve(".data/backups"));
    const own = parseEnv({ KASSA_BACKUP_DIR: "/mnt/share/kassa", KASSA_BACKUP_KEEP: "0" });
    expect([backupFolder(own), own.backupKeep]).toEqual(["/mnt/share/kassa", 0]);
    expect(backupFolder(parseEnv({ KASSA_DATA_DIR: "/srv/shop/journal" }))).toBe(
      "/srv/shop/backups",
    );
    expect(() => parseEnv({ KASSA_BACKUP_KEEP: "-1" })).toThrow(/KASSA_BACKUP_KEEP/);
    expect(() => parseEnv({ KASSA_BACKUP_KEEP: "a week" })).toThrow(/KASSA_BACKUP_KEEP/);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", KASSA_API_KEY: "" }).databaseUrl).toBeUndefined();
  });
});
