/**
 * Bewitched's figures, drawn in the repository as SVG: the two witches (the player picks one
 * to accompany her; they battle on every scatter win), Merlin at his shelf, the closed vial
 * and each ingredient a vial may show. Cosmetic only: no figure says anything of an outcome.
 */

const SERIF = "Georgia, 'DejaVu Serif', serif";

/** A witch the player may pick: her id (kept in the preferences), name, colours and figure. */
export interface Witch {
  id: "morgana" | "ember";
  name: string;
  /** A few words under her name on the choice screen. */
  title: string;
  /** Her magic's colour (spell bolts, glow). */
  magic: string;
  /** Her figure, 200 x 260. */
  art: string;
}

const figure = (body: string, defs: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="260" viewBox="0 0 200 260"><defs>${defs}</defs>${body}</svg>`;

/** A witch's figure: robe, hair, face and hat in her colours; `prop` is what she holds. */
function witchFigure(c: {
  robe: [string, string];
  hair: string;
  skin: string;
  hat: [string, string];
  band: string;
  prop: string;
}) {
  return figure(
    `<ellipse cx="100" cy="250" rx="70" ry="8" fill="#000" opacity="0.35"/>
     <path d="M60 106 Q40 180 34 248 L166 248 Q160 180 140 106 Z" fill="url(#robe)" stroke="#0a0418" stroke-width="3"/>
     <path d="M62 92 Q52 150 44 200 Q70 168 76 120 Z M138 92 Q148 150 156 200 Q130 168 124 120 Z" fill="${c.hair}"/>
     <path d="M70 120 Q100 136 130 120 L126 140 Q100 150 74 140 Z" fill="${c.band}"/>
     <ellipse cx="100" cy="88" rx="26" ry="30" fill="${c.skin}"/>
     <path d="M86 84 Q90 80 94 84 M106 84 Q110 80 114 84" stroke="#1a0a2a" stroke-width="3" fill="none" stroke-linecap="round"/>
     <path d="M92 100 Q100 106 108 100" stroke="#a02a4a" stroke-width="3" fill="none" stroke-linecap="round"/>
     <path d="M74 70 Q86 56 100 58 Q116 56 128 72 Q126 60 112 52 L88 52 Q74 58 74 70 Z" fill="${c.hair}"/>
     <ellipse cx="100" cy="58" rx="62" ry="12" fill="url(#hat)" stroke="#0a0418" stroke-width="3"/>
     <path d="M72 56 L112 2 Q118 -2 120 8 L130 56 Z" fill="url(#hat)" stroke="#0a0418" stroke-width="3"/>
     <path d="M76 48 L128 48 L130 56 L72 56 Z" fill="${c.band}"/>
     ${c.prop}`,
    `<linearGradient id="robe" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.robe[0]}"/><stop offset="1" stop-color="${c.robe[1]}"/></linearGradient>
     <linearGradient id="hat" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.hat[0]}"/><stop offset="1" stop-color="${c.hat[1]}"/></linearGradient>`,
  );
}

/** Morgana: violet robe, raven hair, a staff crowned with a crescent moon. */
const MORGANA = witchFigure({
  robe: ["#8a4bd0", "#2a0a50"],
  hair: "#120818",
  skin: "#f2dcd0",
  hat: ["#5a2a9a", "#14062a"],
  band: "#c8b8ff",
  prop: `<path d="M160 250 L166 70" stroke="#6a4a2a" stroke-width="7" stroke-linecap="round"/>
    <path d="M184 56 A22 22 0 1 1 160 36 A16 16 0 1 0 184 56 Z" fill="#e8e0ff" stroke="#b070ff" stroke-width="3"/>
    <circle cx="166" cy="62" r="16" fill="#b070ff" opacity="0.35"/>`,
});

/** Ember: emerald robe, flame-red hair, a wand with a spark of fire. */
const EMBER = witchFigure({
  robe: ["#1f9a6a", "#06301e"],
  hair: "#d8441a",
  skin: "#f6d8bc",
  hat: ["#2a2a3a", "#06060c"],
  band: "#ff8a3a",
  prop: `<path d="M150 170 L180 96" stroke="#3a1a08" stroke-width="6" stroke-linecap="round"/>
    <path d="M182 92 Q170 74 184 58 Q184 74 196 70 Q196 88 182 92 Z" fill="#ffb020" stroke="#ff5a1a" stroke-width="2"/>
    <circle cx="184" cy="80" r="16" fill="#ff8a3a" opacity="0.35"/>`,
});

/** The two witches, in the order the choice screen shows them; the first is the one assumed until the player picks. */
export const WITCHES: readonly Witch[] = [
  { id: "morgana", name: "Morgana", title: "Moon witch", magic: "#b070ff", art: MORGANA },
  { id: "ember", name: "Ember", title: "Fire witch", magic: "#ff8a3a", art: EMBER },
];

/** The witch of an id (null for anything else: a preference from another version, say). */
export function witchOf(id: unknown): Witch | null {
  return WITCHES.find((w) => w.id === id) ?? null;
}

/** The other witch: her rival in the battle. */
export function rivalOf(witch: Witch): Witch {
  return WITCHES.find((w) => w.id !== witch.id) ?? witch;
}

/** Merlin beside his vial shelf: blue robe of stars, long beard, a staff. */
export const MERLIN_FIGURE = figure(
  `<ellipse cx="100" cy="250" rx="70" ry="8" fill="#000" opacity="0.35"/>
   <path d="M56 110 Q36 190 30 248 L170 248 Q164 190 144 110 Z" fill="url(#mr)" stroke="#0a0a2a" stroke-width="3"/>
   <g fill="#ffe27a"><circle cx="70" cy="170" r="3"/><circle cx="120" cy="200" r="3"/><circle cx="96" cy="226" r="3"/><circle cx="140" cy="160" r="3"/><circle cx="60" cy="220" r="3"/></g>
   <ellipse cx="100" cy="96" rx="26" ry="28" fill="#f2cfb0"/>
   <path d="M86 92 Q90 88 94 92 M106 92 Q110 88 114 92" stroke="#2a2a4a" stroke-width="3" fill="none" stroke-linecap="round"/>
   <path d="M74 100 Q76 178 100 186 Q124 178 126 100 Q114 112 100 108 Q86 112 74 100 Z" fill="#f4f6ff" stroke="#b8c0d8" stroke-width="2"/>
   <ellipse cx="100" cy="70" rx="52" ry="10" fill="url(#mh)" stroke="#0a0a2a" stroke-width="3"/>
   <path d="M62 68 L96 0 L138 68 Z" fill="url(#mh)" stroke="#0a0a2a" stroke-width="3"/>
   <g fill="#ffe27a"><circle cx="94" cy="30" r="3.5"/><circle cx="110" cy="52" r="3"/><circle cx="82" cy="54" r="2.5"/></g>
   <path d="M30 250 L40 60" stroke="#6a4a2a" stroke-width="7" stroke-linecap="round"/>
   <circle cx="40" cy="54" r="12" fill="#9ad8ff" stroke="#fff" stroke-width="2"/>`,
  `<linearGradient id="mr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a5ad0"/><stop offset="1" stop-color="#101a50"/></linearGradient>
   <linearGradient id="mh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a6ae0"/><stop offset="1" stop-color="#14205a"/></linearGradient>`,
);

const vial = (inside: string, defs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160" viewBox="0 0 120 160"><defs>${defs}</defs>${inside}</svg>`;

/** A corked vial of swirling violet: every closed vial looks the same (it tells nothing). */
export const VIAL_CLOSED = vial(
  `<ellipse cx="60" cy="152" rx="34" ry="5" fill="#000" opacity="0.4"/>
   <rect x="46" y="8" width="28" height="20" rx="4" fill="#8a5a30" stroke="#2a1408" stroke-width="3"/>
   <path d="M48 28 L48 56 Q20 70 20 106 Q20 150 60 150 Q100 150 100 106 Q100 70 72 56 L72 28 Z" fill="#e0e8ff" fill-opacity="0.25" stroke="#e8eeff" stroke-width="4"/>
   <path d="M24 98 Q60 84 96 98 Q100 146 60 146 Q20 146 24 98 Z" fill="url(#sw)"/>
   <path d="M36 112 Q52 100 66 116 Q78 130 90 114" stroke="#f0d8ff" stroke-width="3" fill="none" opacity="0.8"/>
   <path d="M32 88 Q30 110 38 126" stroke="#fff" stroke-width="4" fill="none" opacity="0.55" stroke-linecap="round"/>
   <text x="60" y="84" text-anchor="middle" font-family="${SERIF}" font-size="22" fill="#f0e0ff">?</text>`,
  '<linearGradient id="sw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c07aff"/><stop offset="1" stop-color="#3a0a8a"/></linearGradient>',
);

/** An opened vial (cork gone) with the ingredient it held floating above it. */
const opened = (liquid: string, icon: string) =>
  vial(
    `<ellipse cx="60" cy="152" rx="34" ry="5" fill="#000" opacity="0.4"/>
     <path d="M48 60 L48 70 Q20 80 20 112 Q20 150 60 150 Q100 150 100 112 Q100 80 72 70 L72 60 Z" fill="#e0e8ff" fill-opacity="0.25" stroke="#e8eeff" stroke-width="4"/>
     <path d="M24 108 Q60 96 96 108 Q100 146 60 146 Q20 146 24 108 Z" fill="${liquid}" opacity="0.85"/>
     <g transform="translate(60 32)">${icon}</g>`,
  );

/** What each ingredient looks like, and its name. */
export const INGREDIENT_ART: Readonly<Record<string, { name: string; art: string }>> = {
  toad: {
    name: "Toad",
    art: opened(
      "#4aa83a",
      '<ellipse cx="0" cy="4" rx="24" ry="16" fill="#5ac84a" stroke="#1a4a10" stroke-width="2"/><circle cx="-10" cy="-10" r="7" fill="#5ac84a" stroke="#1a4a10" stroke-width="2"/><circle cx="10" cy="-10" r="7" fill="#5ac84a" stroke="#1a4a10" stroke-width="2"/><circle cx="-10" cy="-10" r="3" fill="#120a08"/><circle cx="10" cy="-10" r="3" fill="#120a08"/>',
    ),
  },
  moonDew: {
    name: "Moon dew",
    art: opened(
      "#6ab8ff",
      '<path d="M0 -24 Q18 0 18 8 A18 18 0 0 1 -18 8 Q-18 0 0 -24 Z" fill="#9ad8ff" stroke="#fff" stroke-width="2"/><path d="M6 -2 A8 8 0 1 1 -2 8 A6 6 0 1 0 6 -2 Z" fill="#fffbe0"/>',
    ),
  },
  dragonScale: {
    name: "Dragon scale",
    art: opened(
      "#e04a2a",
      '<path d="M0 -22 Q24 -10 20 12 Q10 26 0 28 Q-10 26 -20 12 Q-24 -10 0 -22 Z" fill="#e8402a" stroke="#5a0a08" stroke-width="2"/><path d="M-12 0 Q0 10 12 0 M-8 12 Q0 18 8 12" stroke="#ffb08a" stroke-width="2" fill="none"/>',
    ),
  },
  nightshade: {
    name: "Nightshade",
    art: opened(
      "#7a3acc",
      '<path d="M0 -26 Q4 -12 0 -6 M0 -14 Q-12 -20 -16 -12" stroke="#2a6a2a" stroke-width="3" fill="none"/><circle cx="-8" cy="4" r="9" fill="#5a1a9a" stroke="#1a0838" stroke-width="2"/><circle cx="9" cy="2" r="9" fill="#5a1a9a" stroke="#1a0838" stroke-width="2"/><circle cx="0" cy="16" r="9" fill="#5a1a9a" stroke="#1a0838" stroke-width="2"/>',
    ),
  },
  starDust: {
    name: "Star dust",
    art: opened(
      "#e8c040",
      '<path d="M0 -24 L6 -6 L24 -6 L10 4 L16 22 L0 12 L-16 22 L-10 4 L-24 -6 L-6 -6 Z" fill="#ffe27a" stroke="#8a5a0a" stroke-width="2"/><circle cx="20" cy="-20" r="3" fill="#fff6c8"/><circle cx="-22" cy="18" r="2.5" fill="#fff6c8"/>',
    ),
  },
  mandrake: {
    name: "Mandrake root",
    art: opened(
      "#a87a4a",
      '<path d="M-6 -26 Q0 -16 0 -10 M6 -26 Q0 -16 0 -10" stroke="#3a8a2a" stroke-width="4" fill="none"/><path d="M-12 -10 Q0 -14 12 -10 Q14 10 6 20 L10 30 M-6 20 L-10 30 M-12 -10 Q-14 10 -6 20" fill="#c89a6a" stroke="#5a3a1a" stroke-width="2"/><circle cx="-4" cy="0" r="2" fill="#2a1a08"/><circle cx="4" cy="0" r="2" fill="#2a1a08"/>',
    ),
  },
};
