/** One run at a time; triggers during a run schedule exactly one more (coalescing LISTEN bursts). */
export function singleFlight(run: () => Promise<void>): { trigger(): void; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const trigger = () => {
    if (stopped) return;
    if (running !== null) {
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
  return {
    trigger,
    /**
     * No run starts after this; resolves when the current one ends. (Awaiting the current run alone
     * let a trigger that came during it start another once the database pool was closed.)
     */
    async stop() {
      stopped = true;
      await running;
    },
  };
}
