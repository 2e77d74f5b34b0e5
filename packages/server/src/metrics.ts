/** A small Prometheus text exposition: counters and one latency histogram, no dependency. */
export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly buckets = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];
  private readonly counts = new Array<number>(this.buckets.length + 1).fill(0);
  private sum = 0;
  private total = 0;

  observe(method: string, route: string, status: number, ms: number): void {
    const key = `method="${method}",route="${route}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let i = this.buckets.findIndex((b) => ms <= b);
    if (i < 0) i = this.buckets.length;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.sum += ms;
    this.total++;
  }

  render(gauges: Record<string, { help: string; value: number; type?: "counter" | "gauge" }>): string {
    const out: string[] = [
      "# HELP reelhouse_http_requests_total HTTP requests by route and status",
      "# TYPE reelhouse_http_requests_total counter",
    ];
    for (const [labels, n] of this.requests) out.push(`reelhouse_http_requests_total{${labels}} ${n}`);
    out.push("# HELP reelhouse_http_request_duration_ms Request duration", "# TYPE reelhouse_http_request_duration_ms histogram");
    let cumulative = 0;
    this.buckets.forEach((b, i) => {
      cumulative += this.counts[i] ?? 0;
      out.push(`reelhouse_http_request_duration_ms_bucket{le="${b}"} ${cumulative}`);
    });
    out.push(`reelhouse_http_request_duration_ms_bucket{le="+Inf"} ${this.total}`);
    out.push(`reelhouse_http_request_duration_ms_sum ${this.sum}`, `reelhouse_http_request_duration_ms_count ${this.total}`);
    for (const [name, g] of Object.entries(gauges)) {
      out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} ${g.type ?? "gauge"}`, `${name} ${g.value}`);
    }
    return `${out.join("\n")}\n`;
  }
}

/** Token-bucket rate limiter per key (a player, a client address), in memory per process. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly burst = perSecond * 2,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes `cost` tokens (default 1); returns the milliseconds to wait when too few are left (taking none), else 0. */
  take(key: string, now = Date.now(), cost = 1): number {
    if (this.perSecond <= 0) return 0;
    const b = this.bucket(key, now);
    if (b.tokens >= cost) {
      b.tokens -= cost;
      return 0;
    }
    return Math.ceil(((cost - b.tokens) * 1000) / this.perSecond);
  }

  /** The milliseconds to wait before a token is available (0 when one is), taking nothing. */
  peek(key: string, now = Date.now()): number {
    if (this.perSecond <= 0) return 0;
    const b = this.buckets.get(key);
    if (!b) return 0;
    const tokens = Math.min(this.burst, b.tokens + ((now - b.at) * this.perSecond) / 1000);
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 1000) / this.perSecond);
  }

  private bucket(key: string, now: number): { tokens: number; at: number } {
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= this.maxKeys) this.sweep(now);
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) * this.perSecond) / 1000);
      b.at = now;
    }
    return b;
  }

  /**
   * Forgets buckets that have refilled (forgetting them changes nothing); when every bucket
   * is still in use, the oldest half goes (a flood of fresh keys cannot clear the others at once).
   */
  private sweep(now: number): void {
    const full = (this.burst * 1000) / this.perSecond;
    for (const [key, b] of this.buckets) if (now - b.at >= full) this.buckets.delete(key);
    if (this.buckets.size < this.maxKeys) return;
    let drop = this.buckets.size / 2;
    for (const key of this.buckets.keys()) {
      if (drop-- <= 0) break;
      this.buckets.delete(key);
    }
  }
}
