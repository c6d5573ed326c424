import "server-only";
import { cookies } from "next/headers";

/** The choice this browser made last time (a municipality), if it is still one of `allowed`. */
export async function rememberedChoice(
  cookie: string,
  allowed: readonly string[],
): Promise<string> {
  const remembered = (await cookies()).get(cookie)?.value ?? "";
  return allowed.includes(remembered) ? remembered : "";
}
