/** `reelhouse sim` and `reelhouse par`, run as the real CLI process. */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parseCount } from "./sim.js";

const BIN = fileURLToPath(new URL("../../bin/reelhouse.js", import.meta.url));
const run = promisify(execFile);

async function reelhouse(args: string[], cwd?: string): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { maxBuffer: 16 << 20, ...(cwd ? { cwd } : {}) });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

describe("parseCount", () => {
  it("accepts digits, separators and k/M/G suffixes; refuses anything else", () => {
    expect(parseCount("rounds", "1000000")).toBe(1_000_000);
    expect(parseCount("rounds", "1_000_000")).toBe(1_000_000);
    expect(parseCount("rounds", "10M")).toBe(10_000_000);
    expect(parseCount("rounds", "2k")).toBe(2000);
    expect(parseCount("rounds", undefined)).toBeUndefined();
    for (const bad of ["", "-1", "1.5", "1e6", "abc", "10MM", "0x10"])
      expect(() => parseCount("rounds", bad)).toThrow(/--rounds/);
    expect(() => parseCount("threads", "0", 1)).toThrow(/>= 1/);
  });
});

describe("reelhouse sim", () => {
  it("--json prints one JSON report; the same seed and threads reproduce it", async () => {
    const args = ["sim", "mermaid-treasure", "--rounds", "50k", "--seed", "11", "--threads", "2", "--json"];
    const [a, b] = await Promise.all([reelhouse(args), reelhouse(args)]);
    expect(a.code).toBe(0);
    const ra = JSON.parse(a.stdout);
    const rb = JSON.parse(b.stdout);
    for (const field of ["rtp", "ci99", "stdev", "rounds", "roundsPerSecond", "hitFrequency", "features", "breakdown"]) {
      expect(ra).toHaveProperty(field);
    }
    expect(ra.rounds).toBe(50_000);
    expect(ra.ci99).toHaveLength(2);
    expect(ra.ci99[0]).toBeLessThan(ra.rtp);
    expect({ ...ra, seconds: 0, roundsPerSecond: 0, roundsPerSecondPerThread: 0 }).toEqual({
      ...rb,
      seconds: 0,
      roundsPerSecond: 0,
      roundsPerSecondPerThread: 0,
    });
    // The exact RTP is compared when the game has one.
    expect(ra.exact.rtp).toBeCloseTo(0.9656, 4);
    expect(typeof ra.exact.inBand).toBe("boolean");
    // Not a terminal: no progress bar on stderr.
    expect(a.stderr).not.toContain("[#");
  });

  it("prints a readable table by default and plays the bet asked for", async () => {
    const { stdout, code } = await reelhouse([
      "sim",
      "mermaid-treasure",
      "--rounds",
      "20000",
      "--seed",
      "1",
      "--threads",
      "1",
      "--lines",
      "5",
      "--coins",
      "2",
      "--coin-value",
      "20",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('bet {"coinValue":20,"coinsPerLine":2,"lines":5} = 200 per round');
    expect(stdout).toMatch(/99% band\s+\[\d+\.\d{4}%, \d+\.\d{4}%\]/);
    expect(stdout).toMatch(/exact RTP\s+96\.56\d\d%\s+(inside|OUTSIDE) the band/);
    expect(stdout).toMatch(/1000\+\s+\d+/);
  });

  it("refuses a bad game, bet or count with a clear message and exit code 1", async () => {
    for (const [args, message] of [
      [["sim", "nope", "--rounds", "10"], /unknown game 'nope'; games: mermaid-treasure/],
      [["sim", "mermaid-treasure"], /--rounds N is required/],
      [["sim", "mermaid-treasure", "--rounds", "10", "--lines", "16"], /lines must be one of 1, 2/],
      [["sim", "mermaid-treasure", "--rounds", "10", "--bet", "{oops"], /--bet must be a JSON object/],
      [["sim", "mermaid-treasure", "--rounds", "10", "--policy", "greedy"], /no policy 'greedy'/],
    ] as const) {
      const { stdout, stderr, code } = await reelhouse([...args]);
      expect(code, args.join(" ")).toBe(1);
      expect(stderr).toMatch(message);
      expect(stdout).toBe("");
    }
  });
});

describe("reelhouse sim: variants, units and sessions", () => {
  const fixture = fileURLToPath(new URL("../../../sim/src/fixtures/units-game.ts", import.meta.url));

  it("--all-bets reports the RTP of every bet the game offers, on the same draws", async () => {
    const { stdout, code } = await reelhouse([
      "sim",
      "mermaid-treasure",
      "--all-bets",
      "--rounds",
      "200",
      "--seed",
      "2",
      "--threads",
      "1",
      "--json",
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.variants).toHaveLength(600);
    expect(report.rounds).toBe(200);
    for (const v of report.variants) {
      expect(v.label).toMatch(/^bet=/);
      expect(v.rounds).toBe(200);
      expect(BigInt(v.betTotal)).toBe(200n * BigInt(v.totalBet));
    }
  });

  it("--variants takes a JSON list and prints a table by default", async () => {
    const variants = JSON.stringify([
      { label: "one line", bet: { coinValue: 10, coinsPerLine: 1, lines: 1 } },
      { label: "full" },
    ]);
    const { stdout, code } = await reelhouse([
      "sim",
      "mermaid-treasure",
      "--variants",
      variants,
      "--rounds",
      "5k",
      "--seed",
      "3",
      "--threads",
      "1",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("2 variants x 5,000 rounds");
    expect(stdout).toMatch(/one line\s+10\s+\d+\.\d{4}%/);
    expect(stdout).toMatch(/full\s+150\s+\d+\.\d{4}%/);
    // Each bet with its exact RTP, and how many bands hold theirs.
    expect(stdout).toMatch(/one line\s+10\s+.*96\.5600%/);
    expect(stdout).toMatch(/exact RTP inside the 99% band for \d of 2 variants/);
  });

  it("--session with --unit-value plays a game module carrying Bonuses and reports the valued RTP", async () => {
    const args = ["sim", "units-demo", "--module", fixture, "--rounds", "20k", "--seed", "4", "--threads", "1"];
    const session = [
      "--session",
      "--balance",
      "bonus=1",
      "--session-bets",
      '[{"game":"upper"},{"game":"lower"}]',
      "--unit-value",
      "bonus=80",
    ];
    const { stdout, code } = await reelhouse([...args, ...session, "--json"]);
    expect(code).toBe(0);
    const r = JSON.parse(stdout);
    expect(r.valued.unitValues).toEqual({ bonus: 80 });
    expect(r.session).toMatchObject({ balances: { bonus: 1 }, sessions: 1, roundsPerSession: null });
    expect(BigInt(r.valued.winTotal)).toBe(BigInt(r.winTotal) + 80n * BigInt(r.units.bonus.won));
    const table = await reelhouse([...args, ...session]);
    expect(table.stdout).toMatch(/RTP with units valued \(bonus = 80 minor units\)/);
    expect(table.stdout).toMatch(/rounds at \{"game":"upper"\}/);
  });

  it("refuses inconsistent options with a clear message and exit code 1", async () => {
    for (const [args, message] of [
      [["--balance", "bonus=1"], /--balance needs --session/],
      [["--variants", "{oops"], /--variants must be JSON/],
      [["--variants", "[]"], /non-empty JSON array/],
      [["--all-bets", "--certify"], /--certify compares one run/],
      [["--unit-value", "bonus=0.8"], /unit=value/],
      [["--config", '{"rtp":1}'], /no operator configuration/],
    ] as const) {
      const { stdout, stderr, code } = await reelhouse(["sim", "mermaid-treasure", "--rounds", "10", ...args]);
      expect(code, args.join(" ")).toBe(1);
      expect(stderr).toMatch(message);
      expect(stdout).toBe("");
    }
  });
});

describe("reelhouse par", () => {
  const dir = mkdtempSync(join(tmpdir(), "reelhouse-par-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("--json prints the exact report and writes Markdown, HTML (with SVG) and JSON to --out", async () => {
    const out = join(dir, "sheet");
    const { stdout, stderr, code } = await reelhouse(["par", "mermaid-treasure", "--json", "--out", out]);
    expect(code).toBe(0);
    const par = JSON.parse(stdout);
    expect(par.game).toBe("mermaid-treasure");
    expect(Math.abs(par.rtp - 0.9656)).toBeLessThanOrEqual(0.0001);
    const parts = ["baseLines", "baseScatter", "freeSpins", "bonus"].map((k) => par.breakdown[k]);
    for (const p of parts) expect(p).toBeGreaterThan(0);
    expect(parts.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(par.rtp, 10);
    expect(par.hitFrequency).toBeGreaterThan(0);
    expect(stderr).toContain(join(out, "par.html"));
    expect(JSON.parse(readFileSync(join(out, "par.json"), "utf8"))).toEqual(par);
    expect(readFileSync(join(out, "par.md"), "utf8")).toContain(`| RTP (exact) | ${(par.rtp * 100).toFixed(4)}% |`);
    const html = readFileSync(join(out, "par.html"), "utf8");
    expect(html).toContain("<svg");
    expect(html).toContain("mermaid-treasure");
  });

  it("defaults to ./par/<game>/ and refuses an unknown game", async () => {
    const { code } = await reelhouse(["par", "mermaid-treasure"], dir);
    expect(code).toBe(0);
    for (const f of ["par.md", "par.html", "par.json"]) expect(existsSync(join(dir, "par", "mermaid-treasure", f))).toBe(true);
    const bad = await reelhouse(["par", "nope"], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unknown game 'nope'/);
  });
});
