/**
 * Bewitched's reel symbols and stage, drawn in the repository as SVG: an enchanted forest at
 * night, moonlight, violet and emerald magic. One picture per symbol (200 x 180, the reel
 * cell), rasterised once into canvases by the reel stage. Nothing is downloaded.
 */

export const CELL_W = 200;
export const CELL_H = 180;

const SERIF = "Georgia, 'DejaVu Serif', serif";

/** The moonlit silver every symbol may use (`url(#moon)`), and a violet glow (`url(#glow)`). */
const SHARED =
  '<linearGradient id="moon" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#d8d2ff"/><stop offset="1" stop-color="#7a6ab8"/></linearGradient>' +
  '<radialGradient id="glow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#c78bff" stop-opacity="0.75"/><stop offset="0.7" stop-color="#7a3acc" stop-opacity="0.2"/><stop offset="1" stop-color="#7a3acc" stop-opacity="0"/></radialGradient>';

const svg = (body: string, defs = ""): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL_W}" height="${CELL_H}" viewBox="0 0 ${CELL_W} ${CELL_H}"><defs>${SHARED}${defs}</defs>${body}</svg>`;

/** A ribbon with a word under a feature symbol (WILD, SCATTER, BONUS). */
const ribbon = (word: string, fill: string) =>
  `<g><path d="M26 146 L174 146 L182 158 L174 170 L26 170 L18 158 Z" fill="${fill}" stroke="#f4eaff" stroke-width="3"/>` +
  `<text x="100" y="166" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="19" fill="#fff" stroke="#14062a" stroke-width="0.8" letter-spacing="2">${word}</text></g>`;

/** A small four-pointed sparkle at (x, y). */
const sparkle = (x: number, y: number, r: number, fill = "#fff6c8") =>
  `<path d="M${x} ${y - r} Q${x + r * 0.18} ${y - r * 0.18} ${x + r} ${y} Q${x + r * 0.18} ${y + r * 0.18} ${x} ${y + r} Q${x - r * 0.18} ${y + r * 0.18} ${x - r} ${y} Q${x - r * 0.18} ${y - r * 0.18} ${x} ${y - r} Z" fill="${fill}"/>`;

/** A card letter in a jewel tone with a silver edge and a sparkle. */
const letter = (text: string, top: string, deep: string, size = 104) =>
  svg(
    `<text x="100" y="${88 + size * 0.36}" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="${size}" fill="url(#l)" stroke="#12062a" stroke-width="4" paint-order="stroke">${text}</text>
     <path d="M44 152 Q100 140 156 152" stroke="url(#moon)" stroke-width="4" fill="none" stroke-linecap="round"/>
     ${sparkle(150, 42, 11)}`,
    `<linearGradient id="l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.3" stop-color="${top}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`,
  );

/** The Spell Book: an open grimoire glowing with a rune, the WILD. */
const BOOK = svg(
  `<circle cx="100" cy="78" r="80" fill="url(#glow)"/>
   <path d="M20 112 Q60 92 100 110 Q140 92 180 112 L180 124 Q140 106 100 124 Q60 106 20 124 Z" fill="#3a1a10"/>
   <path d="M24 40 Q62 26 98 44 L98 116 Q62 98 24 112 Z" fill="url(#pg)" stroke="#5a2a10" stroke-width="3"/>
   <path d="M176 40 Q138 26 102 44 L102 116 Q138 98 176 112 Z" fill="url(#pg)" stroke="#5a2a10" stroke-width="3"/>
   <path d="M36 54 Q62 46 88 58 M36 68 Q62 60 88 72 M36 82 Q62 74 88 86" stroke="#8a5a30" stroke-width="3" fill="none"/>
   <circle cx="140" cy="72" r="24" fill="none" stroke="#7a2acc" stroke-width="3"/>
   <path d="M140 48 L147 88 L118 62 L162 62 L133 88 Z" fill="none" stroke="#7a2acc" stroke-width="3" stroke-linejoin="round"/>
   ${sparkle(100, 22, 14)}${sparkle(40, 28, 7)}${sparkle(170, 30, 8)}
   ${ribbon("WILD", "#5a1a9a")}`,
  '<linearGradient id="pg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8e0"/><stop offset="1" stop-color="#e0c890"/></linearGradient>',
);

/** A witch flying on her broom across the full moon: the SCATTER (the witches battle). */
const WITCH = svg(
  `<circle cx="100" cy="74" r="66" fill="url(#fm)" stroke="#fff3b0" stroke-width="3"/>
   <circle cx="78" cy="60" r="9" fill="#e8d890" opacity="0.7"/><circle cx="124" cy="92" r="12" fill="#e8d890" opacity="0.6"/>
   <g fill="#150828">
     <path d="M28 104 L168 84 L170 90 L30 110 Z"/>
     <path d="M160 80 L196 70 L192 84 L196 98 L162 92 Z"/>
     <path d="M82 100 Q78 70 96 60 Q112 58 118 74 L124 96 Z"/>
     <circle cx="100" cy="54" r="11"/>
     <path d="M76 50 L128 44 L124 50 L112 50 L98 14 L88 50 Z"/>
     <path d="M96 70 Q74 80 62 96 L70 100 Q84 86 100 80 Z"/>
   </g>
   <path d="M118 74 Q140 90 150 112" stroke="#150828" stroke-width="6" fill="none"/>
   ${ribbon("SCATTER", "#0f6a4a")}`,
  '<radialGradient id="fm" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#fffbe0"/><stop offset="0.7" stop-color="#f4e08a"/><stop offset="1" stop-color="#c8a84a"/></radialGradient>',
);

/** Merlin: star-spangled hat, white beard, kind eyes: the BONUS. */
const MERLIN = svg(
  `<circle cx="100" cy="80" r="80" fill="url(#mg)"/>
   <path d="M100 4 L142 70 L58 70 Z" fill="url(#mh)" stroke="#d8e4ff" stroke-width="3"/>
   <ellipse cx="100" cy="70" rx="56" ry="10" fill="url(#mh)" stroke="#d8e4ff" stroke-width="3"/>
   ${sparkle(98, 34, 8, "#ffe27a")}${sparkle(116, 54, 6, "#ffe27a")}${sparkle(84, 56, 5, "#ffe27a")}
   <ellipse cx="100" cy="92" rx="26" ry="22" fill="#f2cfb0"/>
   <path d="M86 88 Q90 84 94 88 M106 88 Q110 84 114 88" stroke="#3a2a4a" stroke-width="3" fill="none" stroke-linecap="round"/>
   <path d="M78 80 Q88 74 96 80 M104 80 Q112 74 122 80" stroke="#f4f4ff" stroke-width="5" fill="none" stroke-linecap="round"/>
   <path d="M72 98 Q74 146 100 146 Q126 146 128 98 Q116 108 100 104 Q84 108 72 98 Z" fill="url(#beard)" stroke="#b8c0d8" stroke-width="2"/>
   <path d="M90 104 Q100 110 110 104" stroke="#9aa0b8" stroke-width="3" fill="none"/>
   ${ribbon("BONUS", "#1a3a9a")}`,
  `<radialGradient id="mg" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#7ab0ff" stop-opacity="0.7"/><stop offset="1" stop-color="#2a4aa0" stop-opacity="0"/></radialGradient>
   <linearGradient id="mh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a6ae0"/><stop offset="1" stop-color="#14205a"/></linearGradient>
   <linearGradient id="beard" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#c8cce0"/></linearGradient>`,
);

/** A barn owl on a branch, eyes like two moons. */
const OWL = svg(
  `<path d="M14 146 Q100 130 186 150" stroke="#4a2a14" stroke-width="12" fill="none" stroke-linecap="round"/>
   <ellipse cx="100" cy="92" rx="52" ry="56" fill="url(#ob)" stroke="#2a1408" stroke-width="3"/>
   <path d="M54 52 L66 24 L82 46 Z M146 52 L134 24 L118 46 Z" fill="#8a5a30" stroke="#2a1408" stroke-width="3"/>
   <ellipse cx="100" cy="112" rx="30" ry="30" fill="#f0d8b0"/>
   <path d="M84 104 l6 6 M100 116 l6 6 M110 100 l6 6 M90 124 l6 6" stroke="#b08050" stroke-width="3"/>
   <circle cx="78" cy="74" r="21" fill="#fff6d0" stroke="#2a1408" stroke-width="3"/><circle cx="122" cy="74" r="21" fill="#fff6d0" stroke="#2a1408" stroke-width="3"/>
   <circle cx="78" cy="74" r="12" fill="#ffb020"/><circle cx="122" cy="74" r="12" fill="#ffb020"/>
   <circle cx="78" cy="74" r="6" fill="#120608"/><circle cx="122" cy="74" r="6" fill="#120608"/>
   <circle cx="81" cy="70" r="2.5" fill="#fff"/><circle cx="125" cy="70" r="2.5" fill="#fff"/>
   <path d="M94 88 L106 88 L100 102 Z" fill="#e89a30" stroke="#5a3008" stroke-width="2"/>
   <path d="M76 146 l-4 8 M84 146 l0 9 M116 146 l0 9 M124 146 l4 8" stroke="#e89a30" stroke-width="4" stroke-linecap="round"/>`,
  '<radialGradient id="ob" cx="50%" cy="35%" r="70%"><stop offset="0" stop-color="#c08a50"/><stop offset="1" stop-color="#5a3418"/></radialGradient>',
);

/** A black cat against a violet moon, green eyes. */
const CAT = svg(
  `<circle cx="100" cy="84" r="70" fill="url(#cm)"/>
   <path d="M140 148 Q190 140 176 96 Q170 80 160 90 Q172 106 160 128 Q150 140 132 138 Z" fill="#0c0614"/>
   <path d="M62 160 Q56 110 74 90 Q66 74 70 48 L86 66 Q100 60 114 66 L130 48 Q134 74 126 90 Q144 110 138 160 Z" fill="#0c0614" stroke="#6a4aa0" stroke-width="2"/>
   <ellipse cx="88" cy="86" rx="8" ry="9" fill="#7dff6a"/><ellipse cx="112" cy="86" rx="8" ry="9" fill="#7dff6a"/>
   <ellipse cx="88" cy="86" rx="2.5" ry="7.5" fill="#0c0614"/><ellipse cx="112" cy="86" rx="2.5" ry="7.5" fill="#0c0614"/>
   <path d="M96 98 L104 98 L100 103 Z" fill="#ff8ab0"/>
   <path d="M70 100 L50 96 M70 104 L50 106 M130 100 L150 96 M130 104 L150 106" stroke="#b8a8e0" stroke-width="2"/>`,
  '<radialGradient id="cm" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#c8a8ff"/><stop offset="1" stop-color="#4a2a8a"/></radialGradient>',
);

/** A broomstick with straw bristles and a ribbon. */
const BROOM = svg(
  `<circle cx="100" cy="86" r="74" fill="url(#glow)" opacity="0.6"/>
   <path d="M34 30 L128 112" stroke="url(#wd)" stroke-width="12" stroke-linecap="round"/>
   <path d="M120 100 Q132 98 142 108 L186 164 Q160 168 140 160 Q122 150 112 128 Q110 112 120 100 Z" fill="url(#st)" stroke="#7a4a10" stroke-width="3"/>
   <path d="M128 116 L168 162 M136 110 L178 160 M120 122 L152 162" stroke="#a86a18" stroke-width="3"/>
   <path d="M114 98 Q124 92 134 102 L126 112 Q118 104 110 108 Z" fill="#b0203a" stroke="#fff0f0" stroke-width="2"/>
   ${sparkle(46, 62, 9)}${sparkle(70, 30, 6)}`,
  `<linearGradient id="wd" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c08a50"/><stop offset="1" stop-color="#5a3010"/></linearGradient>
   <linearGradient id="st" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#c88a20"/></linearGradient>`,
);

/** A round flask of bubbling green potion. */
const POTION = svg(
  `<circle cx="100" cy="96" r="72" fill="url(#pgl)"/>
   <rect x="86" y="18" width="28" height="20" rx="4" fill="#8a5a30" stroke="#3a2008" stroke-width="3"/>
   <path d="M88 38 L88 62 Q48 76 48 112 Q48 158 100 158 Q152 158 152 112 Q152 76 112 62 L112 38 Z" fill="#d8f0ff" fill-opacity="0.35" stroke="#e8f4ff" stroke-width="4"/>
   <path d="M54 104 Q100 92 146 104 Q150 154 100 154 Q50 154 54 104 Z" fill="url(#liq)"/>
   <circle cx="82" cy="124" r="7" fill="#d8ffb0" opacity="0.8"/><circle cx="110" cy="112" r="5" fill="#d8ffb0" opacity="0.8"/><circle cx="120" cy="136" r="8" fill="#d8ffb0" opacity="0.7"/>
   <circle cx="100" cy="88" r="5" fill="#b0ff8a"/><circle cx="108" cy="70" r="4" fill="#b0ff8a" opacity="0.8"/><circle cx="94" cy="52" r="3" fill="#b0ff8a" opacity="0.6"/>
   <path d="M62 96 Q60 120 70 138" stroke="#fff" stroke-width="5" fill="none" opacity="0.6" stroke-linecap="round"/>`,
  `<radialGradient id="pgl" cx="50%" cy="60%" r="50%"><stop offset="0" stop-color="#6aff8a" stop-opacity="0.55"/><stop offset="1" stop-color="#0a6a3a" stop-opacity="0"/></radialGradient>
   <linearGradient id="liq" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8aff5a"/><stop offset="1" stop-color="#0a8a4a"/></linearGradient>`,
);

/** Every symbol's art, by the server's symbol id. */
export const SYMBOL_ART: Readonly<Record<string, string>> = {
  BOOK,
  WITCH,
  MERLIN,
  OWL,
  CAT,
  BROOM,
  POTION,
  A: letter("A", "#c89aff", "#4a1a8a"),
  K: letter("K", "#6affb8", "#0a5a3a"),
  Q: letter("Q", "#ff9ad8", "#8a1a5a"),
  J: letter("J", "#ffd27a", "#8a5a0a"),
  TEN: letter("10", "#8ad8ff", "#1a4a8a", 88),
};

/** The stage's frame: moonlit silver with emerald corners. */
export const FRAME = { gold: ["#f4f0ff", "#9a8ad8", "#2a1a5a"] as const, corner: "#2bd48a" };

/** The enchanted forest at night behind the reels: moon, stars, twisted trees, mist and fireflies (SVG). */
export const BACKGROUND_SVG = `<svg viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg">
  <defs>
    <linearGradient id="bws" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#05041a"/><stop offset="0.55" stop-color="#1c0f4a"/><stop offset="1" stop-color="#0a2a2a"/></linearGradient>
    <radialGradient id="bwm" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fffbe0"/><stop offset="0.8" stop-color="#f0e6a8"/><stop offset="1" stop-color="#f0e6a8" stop-opacity="0"/></radialGradient>
    <radialGradient id="bwh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#d8d0ff" stop-opacity="0.35"/><stop offset="1" stop-color="#d8d0ff" stop-opacity="0"/></radialGradient>
    <linearGradient id="bwf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ae8d0" stop-opacity="0"/><stop offset="1" stop-color="#9ae8d0" stop-opacity="0.28"/></linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#bws)"/>
  <g fill="#fff6d8">
    <circle cx="120" cy="80" r="2"/><circle cx="320" cy="40" r="1.6"/><circle cx="520" cy="110" r="2.2"/><circle cx="700" cy="60" r="1.4"/>
    <circle cx="930" cy="30" r="2"/><circle cx="1080" cy="120" r="1.6"/><circle cx="1420" cy="70" r="2.2"/><circle cx="1540" cy="160" r="1.5"/>
    <circle cx="260" cy="190" r="1.4"/><circle cx="820" cy="170" r="1.8"/><circle cx="1000" cy="220" r="1.3"/><circle cx="600" cy="230" r="1.5"/>
  </g>
  <circle cx="1250" cy="170" r="210" fill="url(#bwh)"/>
  <circle cx="1250" cy="170" r="96" fill="url(#bwm)"/>
  <g fill="#120a2a" opacity="0.9">
    <path d="M0 900 L0 520 Q40 430 30 300 Q70 400 90 360 Q80 240 130 170 Q140 300 170 330 Q200 260 240 250 Q200 360 230 460 Q260 560 300 900 Z"/>
    <path d="M1600 900 L1600 500 Q1560 420 1570 280 Q1530 380 1510 350 Q1520 240 1470 160 Q1460 300 1430 320 Q1400 260 1360 250 Q1400 360 1370 470 Q1340 580 1300 900 Z"/>
  </g>
  <g fill="#0a0618">
    <path d="M0 900 L0 640 Q80 600 120 700 Q150 610 210 650 Q260 560 330 640 L360 900 Z"/>
    <path d="M1600 900 L1600 620 Q1520 590 1480 690 Q1450 600 1390 640 Q1340 560 1270 640 L1240 900 Z"/>
    <path d="M0 900 L0 820 Q400 770 800 810 T1600 800 L1600 900 Z"/>
  </g>
  <rect y="640" width="1600" height="260" fill="url(#bwf)"/>
  <g fill="#d8ff8a">
    <circle cx="360" cy="560" r="4" opacity="0.9"/><circle cx="420" cy="610" r="3" opacity="0.7"/><circle cx="1200" cy="560" r="4" opacity="0.8"/>
    <circle cx="1270" cy="620" r="3" opacity="0.7"/><circle cx="260" cy="700" r="3.5" opacity="0.8"/><circle cx="1350" cy="720" r="3" opacity="0.8"/>
  </g>
</svg>`;
