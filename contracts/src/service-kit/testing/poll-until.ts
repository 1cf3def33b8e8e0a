/**
 * Reads `read` every `intervalMs` until it answers something other than undefined, and resolves with
 * it; rejects naming `what` after `timeoutMs`. For background work a test can only watch from outside.
 */
export async function pollUntil<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
