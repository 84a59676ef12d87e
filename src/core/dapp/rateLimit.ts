/**
 * How many requests one site may send a Cairn window: a burst of 30, then one every 200 ms (a
 * token bucket). A dApp polling in a loop is refused with -32005 instead of burying the person
 * in windows; the window shows how many were refused.
 */
export class RateLimit {
  private tokens: number;
  private last: number | undefined;

  constructor(
    private readonly burst = 30,
    private readonly refillMs = 200,
  ) {
    this.tokens = burst;
  }

  allow(now: number): boolean {
    if (this.last !== undefined)
      this.tokens = Math.min(this.burst, this.tokens + Math.max(0, now - this.last) / this.refillMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
