/** Types of scripts/chromium.mjs for the TypeScript files that import it. */
export function systemChromium(): string | undefined;
