// Waits for a condition to hold, checking it every few milliseconds, up to a bound: never a fixed sleep.

export async function waitFor(condition: () => boolean | Promise<boolean>, options: { timeoutMs: number; what: string; everyMs?: number }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${options.timeoutMs} ms waiting for ${options.what}.`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 20));
  }
}
