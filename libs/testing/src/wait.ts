export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Said in the error when time runs out. */
  message?: string;
}

/** Polls until `check` returns a truthy value (returned) or throws after the timeout. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25, message = 'condition' }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}`, {
        cause: lastError,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
