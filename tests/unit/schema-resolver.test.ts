import { describe, expect, it } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { signInSchema, type SignInInput } from "@/lib/auth/sign-in-schema";
import { meterReferenceSchema } from "@/app/(till)/electricity/schema";

const options: ResolverOptions<SignInInput> = { fields: {}, shouldUseNativeValidation: false };

describe("schemaResolver: a form's shared zod/mini schema, loaded on its first check", () => {
  it("answers the schema's messages by field, and the parsed (trimmed) values when valid", async () => {
    const resolver = schemaResolver<SignInInput>(async () => signInSchema);
    const refused = await resolver({ username: "  ", password: "" }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.username?.message).toBe("Enter your user name.");
    expect(refused.errors.password?.message).toBe("Enter your password.");

    const accepted = await resolver({ username: " cashier ", password: "pw" }, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ username: "cashier", password: "pw" });
  });

  it("names the first refusal of a field, as the till shows it next to the field", async () => {
    // The till's form holds the municipality as a string: "" until one is chosen.
    const resolver = schemaResolver<{ number: string; municipality: string }>(
      async () => meterReferenceSchema,
    );
    const answer = await resolver({ number: "12ab", municipality: "" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(answer.errors.number?.message).toBe("A meter number has digits only.");
    expect(answer.errors.municipality?.message).toBe("Choose the municipality.");
  });

  it("loads the schema once, however often the form is checked", async () => {
    let loads = 0;
    const resolver = schemaResolver<SignInInput>(async () => {
      loads += 1;
      return signInSchema;
    });
    await Promise.all([
      resolver({ username: "a", password: "b" }, undefined, options),
      resolver({ username: "", password: "" }, undefined, options),
    ]);
    await resolver({ username: "a", password: "b" }, undefined, options);
    expect(loads).toBe(1);
  });

  it("lets a submit through to the server's check when the schema cannot load, and loads again next time", async () => {
    let loads = 0;
    const resolver = schemaResolver<SignInInput>(async () => {
      loads += 1;
      if (loads === 1) throw new Error("chunk did not load");
      return signInSchema;
    });
    const unchecked = await resolver({ username: " ", password: "" }, undefined, options);
    expect(unchecked).toEqual({ values: { username: " ", password: "" }, errors: {} });
    const checked = await resolver({ username: " ", password: "" }, undefined, options);
    expect(checked.errors.username?.message).toBe("Enter your user name.");
    expect(loads).toBe(2);
  });
});
