/** Types of scripts/chromium.mjs for the TypeScript files that import it. */
export function systemChromium(): string | undefined;
export const CHROMIUM_ARGS: string[];
