/**
 * Long work says so: `label...` once it has run for `afterMs` (a quick run stays silent), then
 * `label: <summary> (N.N s)` when it ends.
 */
export async function withProgress<T>(
  log: (message: string) => void,
  label: string,
  work: () => Promise<T>,
  options: { afterMs?: number; summary?: (result: T) => string | null } = {},
): Promise<T> {
  const started = Date.now();
  let announced = false;
  const timer = setTimeout(() => {
    announced = true;
    log(`${label}...`);
  }, options.afterMs ?? 1_000);
  try {
    const result = await work();
    const summary = options.summary?.(result);
    if (announced || summary) log(`${label}: ${summary ?? 'done'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  } finally {
    clearTimeout(timer);
  }
}
