import { describe, expect, it } from "vitest";
import { ConfigError, looksLikeTestHost, parseEnv, SANDBOX_API_KEY } from "@/lib/env-schema";

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
    expect(() => parseEnv({ KASSA_UPSTREAM_TIMEOUT_MS: "soon" })).toThrow(/KASSA_UPSTREAM_TIMEOUT_MS/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ KASSA_UPSTREAM_ENV: "prod" })).toThrow(ConfigError);
  });

  it("needs a key and a secret outside the sandbox", () => {
    expect(() => parseEnv({ KASSA_UPSTREAM_ENV: "test", KASSA_UPSTREAM_URL: "https://api.test.example/api" })).toThrow(
      /KASSA_API_KEY: is required outside the sandbox[\s\S]*NEXTAUTH_SECRET/,
    );
  });

  it("never lets a live key go to a test host", () => {
    const live = { KASSA_UPSTREAM_ENV: "live", KASSA_API_KEY: "live-key-123456", NEXTAUTH_SECRET: "x".repeat(40) };
    expect(() => parseEnv({ ...live, KASSA_UPSTREAM_URL: "https://api.staging.example.co.za/api" })).toThrow(/KASSA_UPSTREAM_URL/);
    expect(() => parseEnv({ ...live, KASSA_UPSTREAM_URL: "http://api.example.co.za/api" })).toThrow(/KASSA_UPSTREAM_URL/);
    expect(() => parseEnv({ ...live })).toThrow(/KASSA_UPSTREAM_URL/);
    expect(parseEnv({ ...live, KASSA_UPSTREAM_URL: "https://api.example.co.za/api" }).upstreamEnv).toBe("live");
  });

  it("recognises test hosts", () => {
    expect(looksLikeTestHost("localhost")).toBe(true);
    expect(looksLikeTestHost("127.0.0.1")).toBe(true);
    expect(looksLikeTestHost("test.pay.example.com")).toBe(true);
    expect(looksLikeTestHost("api-staging.example.com")).toBe(true);
    expect(looksLikeTestHost("api.example.com")).toBe(false);
    expect(looksLikeTestHost("contest.example.com")).toBe(false);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", KASSA_API_KEY: "" }).databaseUrl).toBeUndefined();
  });
});
