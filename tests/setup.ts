import { vi } from "vitest";

// `server-only` throws outside a React Server environment; tests run the server modules directly.
vi.mock("server-only", () => ({}));
