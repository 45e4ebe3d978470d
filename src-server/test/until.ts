/**
 * The one poll of the server tests (and the scale-out harness): `probe` again every `everyMs`
 * until its value is truthy (or passes `ok`), which is returned; after `timeoutMs` it throws
 * "timed out waiting for <what>".
 */
import { sleepReal } from '../clock';

interface Wait {
  timeoutMs?: number;
  everyMs?: number;
}
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export function until<T>(
  probe: () => T | PromiseLike<T>,
  what: string,
  options: Wait & { ok: (value: NoInfer<T>) => boolean },
): Promise<T>;
export function until<T>(probe: () => T | PromiseLike<T>, what: string, options?: Wait): Promise<Truthy<T>>;
export async function until<T>(
  probe: () => T | PromiseLike<T>,
  what: string,
  { timeoutMs = 15_000, everyMs = 20, ok = Boolean }: Wait & { ok?: (value: T) => boolean } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleepReal(everyMs);
  }
}
