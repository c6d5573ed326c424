import { withAuth } from "next-auth/middleware";
import { parseEnv } from "@/lib/env-schema";

/**
 * An early redirect of signed-out visitors to /login. It is not the check: every page,
 * server action and route handler calls requireRole itself.
 */
export default withAuth({
  secret: parseEnv(process.env).authSecret,
  pages: { signIn: "/login" },
});

export const config = {
  matcher: ["/((?!login|api/auth|_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
