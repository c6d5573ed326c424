/** Five wrong passwords in a row lock the account for 15 minutes. Pure, so it is unit-tested alone. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MINUTES = 15;

export interface LockState {
  failedAttempts: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LockState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** The state after one more wrong password, and whether this one locked the account. */
export function afterFailedAttempt(
  state: LockState,
  now: Date,
): LockState & { justLocked: boolean } {
  const failedAttempts = state.failedAttempts + 1;
  if (failedAttempts >= MAX_FAILED_ATTEMPTS) {
    return {
      failedAttempts: 0,
      lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000),
      justLocked: true,
    };
  }
  return { failedAttempts, lockedUntil: state.lockedUntil, justLocked: false };
}

/**
 * The lock decided from the value an atomic UPDATE ... SET failed_attempts = failed_attempts + 1
 * RETURNING gave this attempt: locked while a lock runs, and past the fifth attempt in a row
 * (those beyond the fifth arrive while the fifth is still being checked).
 */
export function attemptIsLocked(attempt: number, lockedUntil: Date | null, now: Date): boolean {
  return isLocked({ failedAttempts: attempt, lockedUntil }, now) || attempt > MAX_FAILED_ATTEMPTS;
}
