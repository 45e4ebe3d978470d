/**
 * The rows ('alerts:<id>', 'alert_digests:<id>') this process is working on, as a set whose every
 * add is one hold and every delete ends one hold: a key stays while anyone holds it. Holders overlap
 * (a lease under way, the job that leased the row, the wave sending it), and a job that finished a
 * row must not drop the mark of another job of the process that leased the row again since (a retry
 * or a hold come due while the first job still ran its other waves): the sweep would open the row
 * to other processes while that job still means to send it.
 */
export class InFlightMarks extends Set<string> {
  // Built empty (`new InFlightMarks()`): Set's constructor would add initial values before #holds exists.
  readonly #holds = new Map<string, number>();

  override add(key: string): this {
    this.#holds.set(key, (this.#holds.get(key) ?? 0) + 1);
    return super.add(key);
  }

  /** Ends one hold; true once the key is gone. */
  override delete(key: string): boolean {
    const holds = this.#holds.get(key) ?? 0;
    if (holds > 1) {
      this.#holds.set(key, holds - 1);
      return false;
    }
    this.#holds.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    this.#holds.clear();
    super.clear();
  }
}
