/** One run at a time; triggers during a run schedule exactly one more (coalescing LISTEN bursts). */
export function singleFlight(run: () => Promise<void>): { trigger(): void; idle(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const trigger = () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        trigger();
      }
    });
  };
  return { trigger, idle: async () => void (await running) };
}
