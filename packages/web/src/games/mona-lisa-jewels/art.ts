/**
 * Mona Lisa Jewels' art, drawn in the repository as SVG in a Renaissance jeweller's style:
 * gilt, lapis, carmine and velvet. One picture per symbol (200 x 180, the reel cell),
 * rasterised once into canvases for the reel stage. Nothing is downloaded.
 */

export const CELL_W = 200;
export const CELL_H = 180;

const SERIF = "Georgia, 'DejaVu Serif', serif";

const svg = (body: string, defs = ""): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL_W}" height="${CELL_H}" viewBox="0 0 ${CELL_W} ${CELL_H}"><defs>${GILT}${defs}</defs>${body}</svg>`;

/** The gilt gradient every symbol may use (`url(#gilt)`). */
const GILT =
  '<linearGradient id="gilt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.45" stop-color="#e0a93a"/><stop offset="1" stop-color="#7a4a08"/></linearGradient>';

/** A soft radial halo behind feature symbols. */
const halo = (id: string, color: string) =>
  `<radialGradient id="${id}" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${color}" stop-opacity="0.8"/><stop offset="0.7" stop-color="${color}" stop-opacity="0.2"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** A ribbon with a word under a feature symbol (WILD, SCATTER, JACKPOT). */
const ribbon = (word: string, fill: string) =>
  `<g><path d="M30 146 L170 146 L178 158 L170 170 L30 170 L22 158 Z" fill="${fill}" stroke="#fff3c4" stroke-width="3"/>` +
  `<text x="100" y="166" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="19" fill="#fff" stroke="#2a1400" stroke-width="0.8" letter-spacing="2">${word}</text></g>`;

/** A faceted cut stone: `c1` light, `c2` deep. */
const gem = (id: string, c1: string, c2: string, cx = 100, cy = 84, r = 58) => {
  const p = (dx: number, dy: number) => `${cx + dx * r} ${cy + dy * r}`;
  return {
    defs: `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`,
    body: `<path d="M${p(-0.7, -0.35)} L${p(-0.35, -0.75)} L${p(0.35, -0.75)} L${p(0.7, -0.35)} L${p(0, 0.95)} Z" fill="url(#${id})" stroke="#fff" stroke-width="3"/>
      <path d="M${p(-0.7, -0.35)} L${p(0.7, -0.35)} M${p(-0.35, -0.75)} L${p(-0.22, -0.35)} L${p(0, 0.95)} L${p(0.22, -0.35)} L${p(0.35, -0.75)} M${p(-0.22, -0.35)} L${p(0, -0.75)} L${p(0.22, -0.35)}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>
      <path d="M${p(-0.5, -0.5)} L${p(-0.3, -0.6)} L${p(-0.4, -0.4)} Z" fill="#fff" opacity="0.85"/>`,
  };
};

/** A royal card letter in carmine or lapis with a gilt edge. */
const letter = (text: string, fill: string, size = 104) =>
  svg(
    `<text x="100" y="${90 + size * 0.36}" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="${size}" fill="url(#l)" stroke="#5a3300" stroke-width="3" paint-order="stroke">${text}</text>
     <path d="M40 150 Q100 138 160 150" stroke="url(#gilt)" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    `<linearGradient id="l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.35" stop-color="${fill}"/><stop offset="1" stop-color="#1a0a10"/></linearGradient>`,
  );

/** Mona Lisa herself, in a small gilt oval: the WILD. */
const WILD = svg(
  `<circle cx="100" cy="80" r="80" fill="url(#wh)"/>
   <ellipse cx="100" cy="78" rx="56" ry="68" fill="#3b2a14" stroke="url(#gilt)" stroke-width="8"/>
   <ellipse cx="100" cy="78" rx="46" ry="58" fill="url(#sky)"/>
   <path d="M60 128 Q64 92 100 88 Q136 92 140 128 Q120 136 100 134 Q80 136 60 128 Z" fill="#2c2416"/>
   <path d="M70 70 Q70 36 100 34 Q130 36 130 70 Q132 100 120 118 L80 118 Q68 100 70 70 Z" fill="#1e1408"/>
   <ellipse cx="100" cy="72" rx="21" ry="26" fill="url(#skin)"/>
   <path d="M86 66 Q90 63 94 66 M106 66 Q110 63 114 66" stroke="#3a2410" stroke-width="2.5" fill="none" stroke-linecap="round"/>
   <path d="M92 86 Q100 90 108 86" stroke="#7a3a20" stroke-width="2.5" fill="none" stroke-linecap="round"/>
   <path d="M84 100 Q100 110 116 100 L118 122 L82 122 Z" fill="url(#skin)"/>
   ${ribbon("WILD", "#7a1020")}`,
  `${halo("wh", "#ffd27a")}
   <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ab08a"/><stop offset="0.6" stop-color="#5a6e4a"/><stop offset="1" stop-color="#3a3a22"/></linearGradient>
   <radialGradient id="skin" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#f4d7a0"/><stop offset="1" stop-color="#b9864a"/></radialGradient>`,
);

/** An empty gilt picture frame: the SCATTER. */
const SCATTER = svg(
  `<circle cx="100" cy="80" r="80" fill="url(#sh)"/>
   <rect x="34" y="14" width="132" height="124" rx="6" fill="url(#gilt)" stroke="#5a3300" stroke-width="3"/>
   <rect x="50" y="30" width="100" height="92" fill="#12304f" stroke="#5a3300" stroke-width="3"/>
   <path d="M50 100 Q80 70 100 92 Q120 72 150 96 L150 122 L50 122 Z" fill="#2e5a3a"/>
   <circle cx="124" cy="52" r="10" fill="#ffe9a0"/>
   <g fill="#fff3b0"><circle cx="34" cy="14" r="7"/><circle cx="166" cy="14" r="7"/><circle cx="34" cy="138" r="7"/><circle cx="166" cy="138" r="7"/></g>
   ${ribbon("SCATTER", "#1a3a7a")}`,
  halo("sh", "#6ab0ff"),
);

const JACKPOT_GEM = gem("jg", "#ff9ab0", "#8a0020", 100, 70, 46);
/** A crowned ruby: the JACKPOT. */
const JACKPOT = svg(
  `<circle cx="100" cy="80" r="80" fill="url(#jh)"/>
   <path d="M54 40 L62 8 L80 28 L100 2 L120 28 L138 8 L146 40 Z" fill="url(#gilt)" stroke="#5a3300" stroke-width="2.5"/>
   <g fill="#fff"><circle cx="62" cy="8" r="4"/><circle cx="100" cy="3" r="4"/><circle cx="138" cy="8" r="4"/></g>
   ${JACKPOT_GEM.body}
   ${ribbon("JACKPOT", "#8a5a00")}`,
  `${halo("jh", "#ff4d6d")}${JACKPOT_GEM.defs}`,
);

const JEWEL_GEM = gem("eg", "#b8fff0", "#00786a", 100, 78, 62);
/** An emerald: the JEWEL that starts Jewel free spins on reel 1. */
const JEWEL = svg(
  `<circle cx="100" cy="84" r="76" fill="url(#eh)"/>${JEWEL_GEM.body}`,
  `${halo("eh", "#3affc8")}${JEWEL_GEM.defs}`,
);

/** A Venetian gondola on the lagoon. */
const GONDOLA = svg(
  `<ellipse cx="100" cy="132" rx="90" ry="14" fill="#1a4a7a" opacity="0.7"/>
   <path d="M14 104 Q60 132 150 124 Q176 120 186 92 L180 90 Q170 110 148 114 Q80 120 20 98 Z" fill="#1a1a1a" stroke="url(#gilt)" stroke-width="3"/>
   <path d="M180 90 L190 70 L186 92 Z" fill="url(#gilt)"/>
   <path d="M70 112 Q96 80 120 112 Z" fill="#7a1020" stroke="url(#gilt)" stroke-width="2"/>
   <path d="M150 40 L128 124" stroke="#6a3a10" stroke-width="5" stroke-linecap="round"/>
   <circle cx="152" cy="44" r="8" fill="url(#skin2)"/><path d="M144 54 L160 54 L156 84 L146 84 Z" fill="#f2f2f2" stroke="#1a1a1a" stroke-width="2"/>
   <path d="M146 60 L158 60 M146 68 L158 68 M146 76 L158 76" stroke="#1a1a1a" stroke-width="3"/>`,
  '<radialGradient id="skin2"><stop offset="0" stop-color="#f4d7a0"/><stop offset="1" stop-color="#b9864a"/></radialGradient>',
);

/** A painter's palette and brush. */
const PALETTE = svg(
  `<path d="M100 22 C160 18 190 60 178 104 C168 140 126 146 112 124 C102 110 84 130 64 132 C26 136 10 96 24 66 C38 36 70 24 100 22 Z" fill="url(#wood)" stroke="#5a3300" stroke-width="3"/>
   <ellipse cx="66" cy="106" rx="14" ry="10" fill="#3b2a14"/>
   <circle cx="62" cy="60" r="12" fill="#c81e3a"/><circle cx="98" cy="46" r="12" fill="#1e5ac8"/><circle cx="136" cy="52" r="12" fill="#f2c230"/>
   <circle cx="156" cy="86" r="12" fill="#1e9a4a"/><circle cx="130" cy="104" r="10" fill="#f4f4f4"/>
   <path d="M40 160 L150 34" stroke="#7a4a10" stroke-width="7" stroke-linecap="round"/><path d="M150 34 L162 20 L166 30 Z" fill="#c81e3a"/>`,
  '<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f0c890"/><stop offset="1" stop-color="#a06a30"/></linearGradient>',
);

/** A lute. */
const LUTE = svg(
  `<g transform="rotate(-30 100 90)">
     <ellipse cx="100" cy="118" rx="46" ry="54" fill="url(#lw)" stroke="#5a3300" stroke-width="3"/>
     <circle cx="100" cy="104" r="14" fill="#3b2a14" stroke="url(#gilt)" stroke-width="3"/>
     <rect x="92" y="10" width="16" height="60" fill="#6a3a10"/><path d="M88 10 L112 10 L106 -8 L94 -8 Z" fill="#5a2a08"/>
     <path d="M96 10 L96 160 M100 10 L100 160 M104 10 L104 160" stroke="#f4e6c0" stroke-width="1.2"/>
     <rect x="84" y="150" width="32" height="6" fill="#3b2a14"/>
   </g>`,
  '<linearGradient id="lw" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a4a10"/><stop offset="0.5" stop-color="#e0a050"/><stop offset="1" stop-color="#8a4a10"/></linearGradient>',
);

/** A Venetian carnival mask. */
const MASK = svg(
  `<path d="M20 70 Q40 40 100 56 Q160 40 180 70 Q176 112 132 112 Q110 112 100 96 Q90 112 68 112 Q24 112 20 70 Z" fill="url(#mk)" stroke="url(#gilt)" stroke-width="5"/>
   <path d="M46 76 Q62 64 80 76 Q62 88 46 76 Z M120 76 Q138 64 154 76 Q138 88 120 76 Z" fill="#1a0a10"/>
   <path d="M180 70 Q196 30 170 14 M176 64 Q190 40 160 26" stroke="#c81e3a" stroke-width="5" fill="none" stroke-linecap="round"/>
   <path d="M160 26 Q150 4 176 6" stroke="#f2c230" stroke-width="4" fill="none"/>
   <g fill="#fff3b0"><circle cx="100" cy="62" r="5"/><circle cx="62" cy="96" r="3"/><circle cx="138" cy="96" r="3"/></g>
   <path d="M100 112 L100 160" stroke="url(#gilt)" stroke-width="5" stroke-linecap="round"/>`,
  '<linearGradient id="mk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b01a4a"/><stop offset="1" stop-color="#3a0420"/></linearGradient>',
);

/** Every symbol's picture, by id. */
export const SYMBOL_ART: Readonly<Record<string, string>> = {
  WILD,
  SCATTER,
  JACKPOT,
  JEWEL,
  GONDOLA,
  PALETTE,
  LUTE,
  MASK,
  A: letter("A", "#c81e3a"),
  K: letter("K", "#1e4ab0"),
  Q: letter("Q", "#7a1a8a"),
  J: letter("J", "#1e8a4a"),
  TEN: letter("10", "#b07a10", 88),
};

/** The stage's frame: gilt with garnet corners. */
export const FRAME = { gold: ["#fff3b0", "#d49a2a", "#6a3a06"] as const, corner: "#b01a3a" };

/** The workshop behind the reels: a velvet wall, arches and a lapis sky with a distant landscape (SVG). */
export const BACKGROUND_SVG = `<svg viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg">
  <defs>
    <linearGradient id="mlv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a0a1e"/><stop offset="1" stop-color="#1a0208"/></linearGradient>
    <linearGradient id="mls" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fa0b8"/><stop offset="1" stop-color="#c8c09a"/></linearGradient>
    <linearGradient id="mlg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.5" stop-color="#d49a2a"/><stop offset="1" stop-color="#6a3a06"/></linearGradient>
    <pattern id="mld" width="80" height="80" patternUnits="userSpaceOnUse"><path d="M40 6 L74 40 L40 74 L6 40 Z" fill="none" stroke="#7a1a34" stroke-width="2"/><circle cx="40" cy="40" r="4" fill="#8a2a40"/></pattern>
  </defs>
  <rect width="1600" height="900" fill="url(#mlv)"/>
  <rect width="1600" height="900" fill="url(#mld)" opacity="0.6"/>
  <g>
    <path d="M120 900 L120 300 Q120 150 260 150 Q400 150 400 300 L400 900 Z" fill="url(#mls)" stroke="url(#mlg)" stroke-width="14"/>
    <path d="M1200 900 L1200 300 Q1200 150 1340 150 Q1480 150 1480 300 L1480 900 Z" fill="url(#mls)" stroke="url(#mlg)" stroke-width="14"/>
    <path d="M126 640 Q200 560 260 610 Q330 540 394 600 L394 900 L126 900 Z" fill="#4a6a4a"/>
    <path d="M1206 620 Q1280 560 1340 600 Q1410 540 1474 590 L1474 900 L1206 900 Z" fill="#4a6a4a"/>
    <path d="M150 700 Q260 660 380 720" stroke="#8ab0c0" stroke-width="8" fill="none"/>
    <path d="M1230 700 Q1340 650 1460 710" stroke="#8ab0c0" stroke-width="8" fill="none"/>
  </g>
  <rect y="820" width="1600" height="80" fill="#2a0a10"/>
  <path d="M0 820 L1600 820" stroke="url(#mlg)" stroke-width="8"/>
</svg>`;
