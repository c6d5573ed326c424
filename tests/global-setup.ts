import type { TestProject } from "vitest/node";
import { startSandbox } from "../lib/sandbox/server";

declare module "vitest" {
  export interface ProvidedContext {
    sandboxUrl: string;
    sandboxOrigin: string;
  }
}

/** One real sandbox core service over HTTP for the whole Vitest run, on a free port. */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ port: 0 });
  project.provide("sandboxUrl", sandbox.url);
  project.provide("sandboxOrigin", sandbox.origin);
  return async () => {
    await sandbox.close();
  };
}
