// Loads the steps of a review from the server one request at a time, the latest asked for
// winning: while a request is under way, a new ask only replaces the one to send next, and
// requests start at least `gapMs` apart. So holding an arrow key down never floods the server
// (whose per-client rate is 20 requests a second by default) and the page ends on the step
// asked for last.
export class StepLoader<Ask, Reply> {
  private next: Ask | null = null;
  private running = false;
  private closed = false;
  private lastStart = -Infinity;

  constructor(
    private readonly load: (ask: Ask) => Promise<Reply>,
    private readonly onReply: (ask: Ask, reply: Reply) => void,
    private readonly onError: (ask: Ask, error: unknown) => void,
    private readonly gapMs = 60,
    private readonly now: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((ok) => setTimeout(ok, ms)),
  ) {}

  ask(ask: Ask): void {
    this.next = ask;
    if (!this.running) void this.pump();
  }

  // No reply is delivered after this.
  close(): void {
    this.closed = true;
    this.next = null;
  }

  private async pump(): Promise<void> {
    this.running = true;
    while (this.next !== null && !this.closed) {
      const wait = this.lastStart + this.gapMs - this.now();
      if (wait > 0) await this.sleep(wait);
      const ask = this.next;
      if (ask === null || this.closed) break;
      this.next = null;
      this.lastStart = this.now();
      try {
        const reply = await this.load(ask);
        if (!this.closed) this.onReply(ask, reply);
      } catch (e) {
        if (!this.closed) this.onError(ask, e);
      }
    }
    this.running = false;
  }
}
