import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

/** A flight whose runs each wait until `release()`; `runs()` counts the runs started. */
function gated() {
  let runs = 0;
  let open: () => void = () => {};
  const flight = singleFlight(async () => {
    runs += 1;
    await new Promise<void>((r) => (open = r));
  });
  return { flight, runs: () => runs, release: () => open() };
}

const turn = () => new Promise((r) => setTimeout(r, 0));

describe('singleFlight', () => {
  it('coalesces triggers during a run into one more run', async () => {
    const { flight, runs, release } = gated();
    flight.trigger();
    flight.trigger();
    flight.trigger();
    expect(runs()).toBe(1);
    release();
    await turn();
    expect(runs()).toBe(2);
    release();
    await flight.stop();
    expect(runs()).toBe(2);
  });

  it('starts nothing after stop, not even a run a trigger during the last one asked for', async () => {
    const { flight, runs, release } = gated();
    flight.trigger();
    flight.trigger();
    const stopped = flight.stop();
    release();
    await stopped;
    flight.trigger();
    await turn();
    expect(runs()).toBe(1);
  });
});
