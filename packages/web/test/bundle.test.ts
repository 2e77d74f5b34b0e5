/**
 * The built client holds no game maths: no reel strip, no pick-prize weight, no RNG.
 * It only shows what the server sends. Builds the client first when its sources changed.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REEL_STRIPS as BEWITCHED_STRIPS } from "../../games/src/bewitched/model.js";
import { REEL_STRIPS_BASE, REEL_STRIPS_FREE_SPINS, TREASURE_BONUS } from "../../games/src/mermaid-treasure/model.js";

const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function bundle(): string {
  execFileSync(process.execPath, [join(WEB_ROOT, "scripts", "ensure-built.mjs")], { stdio: "ignore" });
  const assets = join(WEB_ROOT, "dist", "assets");
  return readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(assets, f), "utf8"))
    .join("\n");
}

/** Every way a minifier may print a run of strings: quotes " or ' or `, with or without spaces. */
function runPattern(ids: readonly string[]): RegExp {
  const quoted = ids.map((id) => `["'\`]${id}["'\`]`);
  return new RegExp(quoted.join("\\s*,\\s*"));
}

describe("built client bundle", () => {
  const code = bundle();

  it("contains no reel strip (any 6 consecutive symbols of any strip)", () => {
    for (const strips of [REEL_STRIPS_BASE, REEL_STRIPS_FREE_SPINS, BEWITCHED_STRIPS.map((s) => s.split(" "))]) {
      for (const strip of strips) {
        for (let i = 0; i + 6 <= strip.length; i++) expect(code).not.toMatch(runPattern(strip.slice(i, i + 6)));
      }
    }
  });

  it("contains no pick-prize weights", () => {
    for (const prize of TREASURE_BONUS.prizes) {
      expect(code).not.toMatch(new RegExp(`coins\\s*:\\s*${prize.coins}\\s*,\\s*weight\\s*:\\s*${prize.weight}\\b`));
    }
    expect(code).not.toMatch(/\bweight\s*:\s*\d/);
  });

  it("draws nothing itself: no seeded generator, no crypto random for outcomes", () => {
    expect(code).not.toMatch(/xoshiro|splitmix|getRandomValues/i);
  });
});
