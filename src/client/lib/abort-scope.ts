// Lets a page abort everything it started when it goes away, and lets a filter abort its previous request when
// it sends a newer one (`takeLatest`), so stale answers never overwrite fresh ones.

export class AbortScope {
  private readonly controller = new AbortController();
  private readonly latest = new Map<string, AbortController>();

  /** Pass to every request the page starts. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** A signal that aborts with the scope, or when `takeLatest` is called again with the same key. */
  takeLatest(key: string): AbortSignal {
    this.latest.get(key)?.abort();
    const child = new AbortController();
    this.latest.set(key, child);
    if (this.aborted) {
      child.abort(this.signal.reason);
    } else {
      const followScope = (): void => child.abort(this.signal.reason);
      this.signal.addEventListener('abort', followScope, { once: true });
      child.signal.addEventListener('abort', () => this.signal.removeEventListener('abort', followScope), { once: true });
    }
    return child.signal;
  }

  abort(reason?: unknown): void {
    this.latest.clear();
    this.controller.abort(reason);
  }
}
