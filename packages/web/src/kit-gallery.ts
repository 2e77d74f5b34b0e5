/**
 * The kit gallery (`/kit.html`): every shell kit with sample data and no server, for the
 * authors of the next games and for the kits' browser tests (`test/kits.test.ts`), which
 * drive it through `window.kits`. No game's art or maths is used here.
 */
import type { BetSchema } from "@reelhouse/protocol";
import "./styles.css";
import { formatMoney } from "./format.js";
import { BetModel } from "./shell/kit/bet-model.js";
import { BetPanel } from "./shell/kit/bet-panel.js";
import { GambleScreen } from "./shell/kit/gamble.js";
import { PickScreen } from "./shell/kit/pick-screen.js";
import { ReelStage, type ReelStageOptions } from "./shell/kit/reel-stage.js";
import type { GamePreferences } from "./shell/types.js";

const money = (minor: number) => formatMoney(minor, "EUR");

/** A plain symbol: a letter on a coloured tile (200 x 180, the stage's cell). */
const tile = (letter: string, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="180" viewBox="0 0 200 180"><rect x="14" y="12" width="172" height="156" rx="24" fill="${color}"/><text x="100" y="122" text-anchor="middle" font-family="DejaVu Sans, Arial" font-weight="bold" font-size="96" fill="#fff">${letter}</text></svg>`;
const ART = {
  A: tile("A", "#c0392b"),
  B: tile("B", "#2471a3"),
  C: tile("C", "#1e8449"),
  D: tile("D", "#b7950b"),
  W: tile("W", "#8e44ad"),
};
const ball = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="180" viewBox="0 0 200 180"><circle cx="100" cy="90" r="70" fill="${fill}" stroke="#fff" stroke-width="6"/></svg>`;

const SCHEMAS: Record<string, BetSchema> = {
  lines: {
    kind: "lines",
    coinValues: [1, 2, 5, 10, 20, 50, 100],
    coinsPerLine: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    lines: Array.from({ length: 25 }, (_, i) => i + 1),
    default: { coinValue: 10, coinsPerLine: 1, lines: 25 },
  },
  fixed: {
    kind: "fixed",
    stakes: [40, 80, 100, 200, 400, 1000, 2000, 5000].map((cash) => ({ cash })),
    default: 0,
    buyModes: [
      { id: "wild1", label: "1 wild", priceTimesBet: 4.5 },
      { id: "wild2", label: "2 wilds", priceTimesBet: 15 },
      { id: "wild3", label: "3 wilds", priceTimesBet: 71.5 },
      { id: "wild1-guaranteed", label: "1 wild, guaranteed prizes", priceTimesBet: 12, guaranteedOf: "wild1" },
      { id: "wild2-guaranteed", label: "2 wilds, guaranteed prizes", priceTimesBet: 25, guaranteedOf: "wild2" },
    ],
  },
  bonus: {
    kind: "fixed",
    stakes: [{ cash: 20, extra: { amount: 1, unit: "Bonus" } }, { cash: 20, extra: { amount: 2, unit: "Bonus" } }, { cash: 100 }],
    default: 0,
  },
};

const root = document.getElementById("kits") as HTMLElement;
const section = (name: string, title: string) => {
  const el = document.createElement("section");
  el.className = "kit";
  el.dataset.kit = name;
  el.innerHTML = `<h2>${title}</h2>`;
  root.append(el);
  return el;
};

/** The fixed panel's stake cap (a jurisdiction's `maxStake`): €100.00 a spin. */
const MAX_STAKE = 10_000;

/**
 * The player's preferences as the server keeps them, here in the tab's sessionStorage (no
 * server): a reload of the gallery reads back what the panel wrote. `other` stands for a key
 * the game keeps there itself.
 */
const PREFERENCES_KEY = "kits.preferences";
const preferences: GamePreferences = {
  read: async () => JSON.parse(sessionStorage.getItem(PREFERENCES_KEY) ?? '{"other":"kept"}') as Record<string, unknown>,
  write: async (value) => sessionStorage.setItem(PREFERENCES_KEY, JSON.stringify(value)),
};

// Bet panels, one per schema, each with the stake it would debit.
const panels: Record<string, { model: BetModel; choice: () => unknown; panel: BetPanel; restored: Promise<void> }> = {};
for (const [name, schema] of Object.entries(SCHEMAS)) {
  const el = section(`bet-${name}`, `Bet panel: ${name}`);
  const controls = document.createElement("div");
  controls.className = "bet-controls";
  const stake = document.createElement("output");
  stake.dataset.test = "stake-shown";
  const said = document.createElement("output");
  said.dataset.test = "kit-message";
  el.append(controls, stake, said);
  const model = new BetModel(schema);
  let choice = model.initial();
  const show = () => {
    panel.render(choice);
    stake.textContent = model.label(choice, money, model.debit(choice));
  };
  const panel = new BetPanel(
    controls,
    model,
    money,
    {
      step: (id, delta) => {
        choice = panel.fit(model.step(choice, id, delta));
        show();
      },
      mode: (mode) => {
        choice = { ...choice, mode };
        show();
      },
    },
    true,
    { maxStake: MAX_STAKE, preferences, tell: (text) => (said.textContent = text) },
  );
  show();
  const restored = panel.restore(choice).then((kept) => {
    choice = kept;
    show();
  });
  panels[name] = { model, choice: () => model.wire(choice), panel, restored };
}

// Reel stages: 5 x 4 (expanding wild) and 3 x 3 (held cells, nudges).
const stage = (name: string, reels: number, rows: number, paylines: ReelStageOptions["paylines"] = []) => {
  const el = section(name, `Reel stage ${reels} x ${rows}`);
  const initial = Array.from({ length: reels }, (_, r) => Array.from({ length: rows }, (_, k) => "ABCD"[(r + k) % 4] as string));
  const s = new ReelStage({ reels, rows, art: ART, cell: { width: 200, height: 180 }, paylines, initial });
  const box = document.createElement("div");
  box.className = "kit-stage";
  box.style.setProperty("--ratio", String(s.aspectRatio));
  box.append(s.canvas);
  el.append(box);
  return s;
};
const stage5x4 = stage("stage-5x4", 5, 4);
const stage3x3 = stage("stage-3x3", 3, 3);
/** Lines given as cells: 3 rows, 3 columns, 2 diagonals on a 3 x 3 window (Gnomos Mix's upper game). */
const GRID_LINES: ReelStageOptions["paylines"] = [
  ...[0, 1, 2].map((row) => [0, 1, 2].map((reel) => [reel, row] as const)),
  ...[0, 1, 2].map((reel) => [0, 1, 2].map((row) => [reel, row] as const)),
  [0, 1, 2].map((k) => [k, k] as const),
  [0, 1, 2].map((k) => [k, 2 - k] as const),
];
const stageLines = stage("stage-lines", 3, 3, GRID_LINES);

// Pick screen and gamble.
const pickHost = section("pick", "Pick screen");
const pick = new PickScreen({
  title: "PICK BONUS",
  objectName: "Ball",
  closedArt: ball("#2471a3"),
  openArt: ball("#f5b041"),
  money,
});
pickHost.append(pick.element);
const gambleHost = section("gamble", "Gamble");
const gamble = new GambleScreen(money);
gambleHost.append(gamble.element);

async function ready(): Promise<void> {
  await Promise.all([stage5x4.load(), stage3x3.load(), stageLines.load()]);
  stage5x4.start();
  stage3x3.start();
  stageLines.start();
}

(window as unknown as { kits: unknown }).kits = {
  ready: Promise.all([ready(), ...Object.values(panels).map((p) => p.restored)]),
  panels,
  stage5x4,
  stage3x3,
  stageLines,
  pick,
  gamble,
  preferences: () => preferences.read(),
};
