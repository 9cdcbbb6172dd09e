/**
 * Who may decode a picture now. Decoded pictures are what a burst of uploads costs in memory (a
 * 40 MP picture is 158 MB decoded), so the pixels being decoded at once are bounded, not the count
 * alone: one picture as large as allowed decodes alone, while phone screenshots (2–3 MP each) go
 * `maxAtOnce` at a time, one per core, instead of queueing behind each other.
 *
 * First come, first served: a large picture at the head of the queue waits for room, and the small
 * ones behind it wait too, so it is never passed over for ever.
 */
export class DecodeSlots {
  private pixelsRunning = 0;
  private running = 0;
  private readonly queue: { pixels: number; start: () => void }[] = [];

  constructor(
    private readonly pixelBudget: number,
    private readonly maxAtOnce: number,
  ) {}

  /** Runs `work` once `pixels` fit beside the decodes already running. */
  async run<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    if (this.queue.length > 0 || !this.fits(pixels)) await new Promise<void>((start) => this.queue.push({ pixels, start }));
    else this.take(pixels);
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.pixelsRunning -= pixels;
      this.startWaiting();
    }
  }

  /** Decodes running now, for tests and logs. */
  get inFlight(): number {
    return this.running;
  }

  /** A picture always fits when nothing runs, however large: the budget bounds company, not size. */
  private fits(pixels: number): boolean {
    return this.running === 0 || (this.running < this.maxAtOnce && this.pixelsRunning + pixels <= this.pixelBudget);
  }

  private take(pixels: number): void {
    this.running += 1;
    this.pixelsRunning += pixels;
  }

  private startWaiting(): void {
    for (let head = this.queue[0]; head && this.fits(head.pixels); head = this.queue[0]) {
      this.queue.shift();
      this.take(head.pixels);
      head.start();
    }
  }
}
