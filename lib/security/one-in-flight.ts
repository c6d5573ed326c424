/**
 * At most one call of a kind in flight per key, in this process: a caller that comes while one
 * is running either shares its answer (`share`) or waits for it to end and then makes its own.
 * The till's card poll shares, so however many tabs or retries ask at once, one status call
 * goes to the core service per sale; Cancel and "Check payment" wait their turn.
 */
const holder = globalThis as typeof globalThis & {
  __kassaInFlight?: Map<string, Promise<unknown>>;
};
const running = (holder.__kassaInFlight ??= new Map());

export function oneInFlight<T>(
  key: string,
  work: () => Promise<T>,
  options: { share: boolean },
): Promise<T> {
  const current = running.get(key) as Promise<T> | undefined;
  if (current && options.share) return current;
  const next = (current ?? Promise.resolve()).catch(() => undefined).then(work);
  running.set(key, next);
  const forget = () => {
    if (running.get(key) === next) running.delete(key);
  };
  next.then(forget, forget);
  return next;
}
