import "server-only";
import { NextResponse } from "next/server";
import type { Role } from "@/lib/db/schema";
import { AccessDenied, requireRole, type Staff } from "./staff";

/**
 * The role check of a route handler (no layout runs there): the caller, or the answer to
 * send instead (401 signed out, 403 wrong role). Route handlers' `staffAction`.
 */
export async function routeStaff(...roles: Role[]): Promise<Staff | NextResponse> {
  try {
    return await requireRole(...roles);
  } catch (error) {
    if (!(error instanceof AccessDenied)) throw error;
    const status = error.reason === "signed_out" ? 401 : 403;
    return NextResponse.json({ error: error.message }, { status });
  }
}
