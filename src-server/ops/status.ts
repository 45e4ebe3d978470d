/** What this process is doing, for readiness: set by main (stopping) and the job runner (queue). */
export interface ProcessStatus {
  /** A stop has begun: readiness answers 503 so a proxy sends new requests elsewhere. */
  stopping: boolean;
  /** This process's job queue runner; 'elsewhere' when it runs none (RUN_WORKERS=false, tests). */
  queue: 'running' | 'stopped' | 'elsewhere';
}

export function createProcessStatus(): ProcessStatus {
  return { stopping: false, queue: 'elsewhere' };
}
