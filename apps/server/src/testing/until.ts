/** Waits until `check` answers true (a queue's worker, a delivery), polling every 100 ms; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
