/**
 * 40 Mystic Gem's reel symbols and stage, drawn in the repository as SVG: cut gems under a
 * night sky, a golden crown, the WILD mystic gem, the Full Moon and the Shooting Star. One
 * picture per symbol (200 x 160, the reel cell), rasterised once by the reel stage; the tall
 * WILD (`WILD_TALL`) covers a whole reel when it expands. Nothing is downloaded.
 */

export const CELL_W = 200;
export const CELL_H = 160;

const SERIF = "Georgia, 'DejaVu Serif', serif";

const svg = (body: string, defs = "", w = CELL_W, h = CELL_H): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

/** A four-pointed twinkle at (x, y). */
export const twinkle = (x: number, y: number, r: number, fill = "#fffbe8") =>
  `<path d="M${x} ${y - r} Q${x + r * 0.16} ${y - r * 0.16} ${x + r} ${y} Q${x + r * 0.16} ${y + r * 0.16} ${x} ${y + r} Q${x - r * 0.16} ${y + r * 0.16} ${x - r} ${y} Q${x - r * 0.16} ${y - r * 0.16} ${x} ${y - r} Z" fill="${fill}"/>`;

/** A soft halo behind a symbol, in its own colour. */
const halo = (id: string, color: string, opacity = 0.55) =>
  `<radialGradient id="${id}" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** Light, body and deep tones of a gem's gradient. */
const body = (id: string, light: string, mid: string, deep: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`;

/** A ribbon with a word under a feature symbol (WILD, SCATTER). */
const ribbon = (word: string, fill: string, y = 132) =>
  `<g><path d="M30 ${y} L170 ${y} L178 ${y + 11} L170 ${y + 22} L30 ${y + 22} L22 ${y + 11} Z" fill="${fill}" stroke="#fff6d0" stroke-width="2.5"/>` +
  `<text x="100" y="${y + 18}" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="17" fill="#fff" letter-spacing="2">${word}</text></g>`;

/** Facet lines drawn over a gem (white, translucent). */
const facets = (d: string) =>
  `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2" stroke-linejoin="round"/>`;

/** Diamond: a brilliant cut, ice white and blue. */
const DIAMOND = svg(
  `<circle cx="100" cy="80" r="74" fill="url(#h)"/>
   <path d="M40 62 L68 28 H132 L160 62 L100 146 Z" fill="url(#b)" stroke="#f2fbff" stroke-width="3" stroke-linejoin="round"/>
   <path d="M40 62 H160 L100 146 Z" fill="#8fd8ff" fill-opacity="0.35"/>
   ${facets("M68 28 L84 62 L100 28 L116 62 L132 28 M84 62 L100 146 L116 62 M40 62 L100 146 L160 62")}
   ${twinkle(58, 34, 9)}${twinkle(150, 96, 6)}`,
  `${halo("h", "#9fe6ff")}${body("b", "#ffffff", "#bfeaff", "#3a8ad8")}`,
);

/** Ruby: an oval cut, deep red. */
const RUBY = svg(
  `<circle cx="100" cy="80" r="72" fill="url(#h)"/>
   <ellipse cx="100" cy="82" rx="52" ry="62" fill="url(#b)" stroke="#ffd6dc" stroke-width="3"/>
   <ellipse cx="100" cy="82" rx="28" ry="36" fill="#ff5a78" fill-opacity="0.45" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
   ${facets("M100 20 L100 46 M100 118 L100 144 M48 82 L72 82 M128 82 L152 82 M63 38 L80 55 M137 38 L120 55 M63 126 L80 109 M137 126 L120 109")}
   <path d="M74 40 Q86 30 100 30" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none" opacity="0.8"/>
   ${twinkle(146, 40, 8)}`,
  `${halo("h", "#ff4a6a")}${body("b", "#ff9aa8", "#d0102e", "#5a0010")}`,
);

/** Emerald: the emerald cut (an octagon with steps), green. */
const EMERALD = svg(
  `<circle cx="100" cy="80" r="72" fill="url(#h)"/>
   <path d="M64 18 H136 L160 42 V118 L136 142 H64 L40 118 V42 Z" fill="url(#b)" stroke="#dcffe8" stroke-width="3" stroke-linejoin="round"/>
   <path d="M76 36 H124 L142 54 V106 L124 124 H76 L58 106 V54 Z" fill="#38d878" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
   <rect x="84" y="54" width="32" height="52" fill="#7dffb0" fill-opacity="0.3" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/>
   ${facets("M64 18 L76 36 M136 18 L124 36 M160 42 L142 54 M160 118 L142 106 M136 142 L124 124 M64 142 L76 124 M40 118 L58 106 M40 42 L58 54")}
   ${twinkle(56, 30, 8)}`,
  `${halo("h", "#3aff8a")}${body("b", "#b0ffcc", "#12a050", "#03401e")}`,
);

/** Sapphire: a cushion cut, royal blue. */
const SAPPHIRE = svg(
  `<circle cx="100" cy="80" r="72" fill="url(#h)"/>
   <rect x="42" y="22" width="116" height="116" rx="30" fill="url(#b)" stroke="#dbe6ff" stroke-width="3"/>
   <path d="M100 34 L146 80 L100 126 L54 80 Z" fill="#5a8aff" fill-opacity="0.4" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
   ${facets("M54 34 L100 34 L146 34 M54 126 H146 M72 22 L100 34 L128 22 M72 138 L100 126 L128 138 M42 52 L54 80 L42 108 M158 52 L146 80 L158 108")}
   <path d="M58 44 Q66 32 82 30" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none" opacity="0.8"/>`,
  `${halo("h", "#4a7aff")}${body("b", "#a8c4ff", "#1a3ad0", "#06124a")}`,
);

/** Amethyst: a pear cut, violet. */
const AMETHYST = svg(
  `<circle cx="100" cy="82" r="72" fill="url(#h)"/>
   <path d="M100 14 Q150 70 150 100 Q150 146 100 146 Q50 146 50 100 Q50 70 100 14 Z" fill="url(#b)" stroke="#f0dcff" stroke-width="3"/>
   <path d="M100 44 Q128 84 128 104 Q128 128 100 128 Q72 128 72 104 Q72 84 100 44 Z" fill="#c070ff" fill-opacity="0.4" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
   ${facets("M100 14 L100 44 M50 100 L72 104 M150 100 L128 104 M100 146 L100 128 M64 132 L80 122 M136 132 L120 122")}
   ${twinkle(146, 38, 8)}${twinkle(62, 60, 5)}`,
  `${halo("h", "#b05aff")}${body("b", "#e6c0ff", "#8a2ad8", "#2e0a5a")}`,
);

/** Topaz: a hexagonal cut, golden orange. */
const TOPAZ = svg(
  `<circle cx="100" cy="80" r="70" fill="url(#h)"/>
   <path d="M100 16 L156 48 V112 L100 144 L44 112 V48 Z" fill="url(#b)" stroke="#fff0d0" stroke-width="3" stroke-linejoin="round"/>
   <path d="M100 46 L130 63 V97 L100 114 L70 97 V63 Z" fill="#ffc04a" fill-opacity="0.45" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
   ${facets("M100 16 V46 M156 48 L130 63 M156 112 L130 97 M100 144 V114 M44 112 L70 97 M44 48 L70 63")}
   ${twinkle(58, 34, 8)}`,
  `${halo("h", "#ffae3a")}${body("b", "#ffe6a8", "#e88a10", "#6a3000")}`,
);

/** Opal: a cabochon with a play of colours. */
const OPAL = svg(
  `<circle cx="100" cy="80" r="70" fill="url(#h)"/>
   <ellipse cx="100" cy="80" rx="60" ry="52" fill="url(#b)" stroke="#f4f8ff" stroke-width="3"/>
   <ellipse cx="82" cy="66" rx="20" ry="12" fill="#7dffd8" opacity="0.55"/>
   <ellipse cx="122" cy="90" rx="18" ry="11" fill="#ff9ae0" opacity="0.5"/>
   <ellipse cx="100" cy="104" rx="22" ry="9" fill="#a0b8ff" opacity="0.55"/>
   <ellipse cx="124" cy="62" rx="10" ry="7" fill="#fff39a" opacity="0.6"/>
   <path d="M60 60 Q74 38 100 34" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none" opacity="0.85"/>`,
  `${halo("h", "#bfe8ff", 0.45)}<radialGradient id="b" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#d0e4f4"/><stop offset="1" stop-color="#7a90b8"/></radialGradient>`,
);

/** The Crown: gold, set with a ruby, a sapphire and an emerald; the highest pay. */
const CROWN = svg(
  `<circle cx="100" cy="80" r="74" fill="url(#h)"/>
   <path d="M30 118 L22 44 L62 78 L100 22 L138 78 L178 44 L170 118 Z" fill="url(#g)" stroke="#fff3c0" stroke-width="3" stroke-linejoin="round"/>
   <rect x="28" y="114" width="144" height="24" rx="6" fill="url(#g)" stroke="#fff3c0" stroke-width="3"/>
   <circle cx="22" cy="42" r="8" fill="#fff3c0"/><circle cx="100" cy="20" r="9" fill="#fff3c0"/><circle cx="178" cy="42" r="8" fill="#fff3c0"/>
   <ellipse cx="100" cy="92" rx="12" ry="15" fill="#e0103a" stroke="#ffd0d8" stroke-width="2"/>
   <circle cx="60" cy="100" r="9" fill="#2a5aff" stroke="#d0dcff" stroke-width="2"/>
   <circle cx="140" cy="100" r="9" fill="#12b050" stroke="#d0ffe0" stroke-width="2"/>
   <circle cx="64" cy="126" r="4" fill="#fff"/><circle cx="100" cy="126" r="4" fill="#fff"/><circle cx="136" cy="126" r="4" fill="#fff"/>
   ${twinkle(150, 30, 8)}`,
  `${halo("h", "#ffd45a")}<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4b0"/><stop offset="0.5" stop-color="#f0b020"/><stop offset="1" stop-color="#8a5200"/></linearGradient>`,
);

/** The mystic gem at the heart of the WILD: a glowing star-cut gem, violet into cyan. */
const mysticGem = (cx: number, cy: number, s: number) =>
  `<g transform="translate(${cx} ${cy}) scale(${s})">
     <circle r="64" fill="url(#wg)"/>
     <path d="M0 -58 L22 -22 L58 -12 L30 18 L36 56 L0 40 L-36 56 L-30 18 L-58 -12 L-22 -22 Z" fill="url(#wb)" stroke="#f4e8ff" stroke-width="3" stroke-linejoin="round"/>
     <path d="M0 -58 L0 40 M-58 -12 L30 18 M58 -12 L-30 18 M-22 -22 L36 56 M22 -22 L-36 56" stroke="#ffffff" stroke-opacity="0.45" stroke-width="2"/>
     <circle r="14" fill="#ffffff" fill-opacity="0.75"/>
   </g>`;
const WILD_DEFS = `${halo("wg", "#c07aff", 0.8)}<linearGradient id="wb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7df9ff"/><stop offset="0.5" stop-color="#b04aff"/><stop offset="1" stop-color="#3a0a8a"/></linearGradient>`;

/** The WILD: the mystic gem on a violet ribbon. */
const WILD = svg(`${mysticGem(100, 64, 0.92)}${twinkle(40, 28, 9)}${twinkle(164, 36, 7)}${ribbon("WILD", "#6a1ab8")}`, WILD_DEFS);

/** The WILD grown over a whole reel (200 x 640: four cells): a column of light with the gem. */
export const WILD_TALL = svg(
  `<rect width="200" height="640" rx="16" fill="url(#col)"/>
   <rect x="70" width="60" height="640" fill="url(#beam)"/>
   ${mysticGem(100, 300, 1.35)}
   ${twinkle(40, 80, 10)}${twinkle(160, 150, 8)}${twinkle(46, 470, 8)}${twinkle(156, 560, 11)}${twinkle(100, 110, 6)}
   <text x="100" y="470" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="46" fill="#fff" stroke="#2a0660" stroke-width="3" paint-order="stroke" letter-spacing="4">WILD</text>`,
  `${WILD_DEFS}<linearGradient id="col" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a0a4a"/><stop offset="0.5" stop-color="#4a1a9a"/><stop offset="1" stop-color="#1a0a4a"/></linearGradient>
   <linearGradient id="beam" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b8f4ff" stop-opacity="0"/><stop offset="0.5" stop-color="#b8f4ff" stop-opacity="0.35"/><stop offset="1" stop-color="#b8f4ff" stop-opacity="0"/></linearGradient>`,
  200,
  640,
);

/** The Full Moon: a scatter on every reel. */
const MOON = svg(
  `<circle cx="100" cy="68" r="66" fill="url(#h)"/>
   <circle cx="100" cy="66" r="50" fill="url(#m)" stroke="#fffbe0" stroke-width="3"/>
   <circle cx="82" cy="52" r="9" fill="#d8c88a" opacity="0.7"/><circle cx="118" cy="78" r="12" fill="#d8c88a" opacity="0.6"/>
   <circle cx="112" cy="44" r="5" fill="#d8c88a" opacity="0.7"/><circle cx="84" cy="86" r="6" fill="#d8c88a" opacity="0.6"/>
   ${twinkle(30, 30, 7)}${twinkle(170, 96, 6)}
   ${ribbon("SCATTER", "#1a4a8a")}`,
  `${halo("h", "#fff6c0", 0.7)}<radialGradient id="m" cx="42%" cy="38%" r="65%"><stop offset="0" stop-color="#fffef0"/><stop offset="0.7" stop-color="#f4e6a0"/><stop offset="1" stop-color="#c8a84a"/></radialGradient>`,
);

/** The Shooting Star: a scatter on reels 1, 3 and 5. */
const STAR = svg(
  `<path d="M18 122 Q70 92 116 60 L126 74 Q78 104 26 130 Z" fill="url(#t)"/>
   <path d="M40 136 Q84 110 120 80" stroke="#ffe6a0" stroke-width="3" stroke-opacity="0.6" fill="none"/>
   <circle cx="130" cy="56" r="46" fill="url(#h)"/>
   <path d="M130 14 L142 44 L174 46 L149 66 L158 98 L130 80 L102 98 L111 66 L86 46 L118 44 Z" fill="url(#s)" stroke="#fffbe0" stroke-width="3" stroke-linejoin="round"/>
   ${twinkle(60, 30, 7)}${twinkle(176, 110, 6)}
   ${ribbon("SCATTER", "#8a4a0a")}`,
  `${halo("h", "#ffe27a", 0.75)}<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe0"/><stop offset="0.5" stop-color="#ffd43a"/><stop offset="1" stop-color="#e08a00"/></linearGradient>
   <linearGradient id="t" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#ffd43a" stop-opacity="0"/><stop offset="1" stop-color="#fff6c0" stop-opacity="0.9"/></linearGradient>`,
);

/** Every symbol's art, by the server's symbol id. */
export const SYMBOL_ART: Readonly<Record<string, string>> = {
  WILD,
  MOON,
  STAR,
  CROWN,
  DIAMOND,
  RUBY,
  EMERALD,
  SAPPHIRE,
  AMETHYST,
  TOPAZ,
  OPAL,
};

/** The stage's frame: starlit silver with violet corners. */
export const FRAME = { gold: ["#f4f4ff", "#9aa8e0", "#2a2a6a"] as const, corner: "#b04aff" };

/** Stars scattered over the sky (fixed positions: the picture is the same every time). */
function stars(): string {
  const out: string[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 90; i++) {
    const x = Math.round(next() * 1600);
    const y = Math.round(next() * 640);
    const r = (0.6 + next() * 1.8).toFixed(1);
    out.push(`<circle cx="${x}" cy="${y}" r="${r}" opacity="${(0.45 + next() * 0.55).toFixed(2)}"/>`);
  }
  return out.join("");
}

/** The night sky behind the reels: stars, the Milky Way, a full moon, a shooting star, hills of crystal. */
export const BACKGROUND_SVG = `<svg viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg">
  <defs>
    <linearGradient id="mgs" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#02021a"/><stop offset="0.55" stop-color="#140a44"/><stop offset="1" stop-color="#2a0a4a"/></linearGradient>
    <linearGradient id="mgw" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#7a5aff" stop-opacity="0"/><stop offset="0.5" stop-color="#b8a0ff" stop-opacity="0.22"/><stop offset="1" stop-color="#7a5aff" stop-opacity="0"/></linearGradient>
    <radialGradient id="mgm" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fffbe8"/><stop offset="0.85" stop-color="#f4eab8"/><stop offset="1" stop-color="#f4eab8" stop-opacity="0"/></radialGradient>
    <radialGradient id="mgh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#e8e0ff" stop-opacity="0.3"/><stop offset="1" stop-color="#e8e0ff" stop-opacity="0"/></radialGradient>
    <linearGradient id="mgc" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a3ad8"/><stop offset="1" stop-color="#12062e"/></linearGradient>
    <linearGradient id="mgt" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#fff6c0" stop-opacity="0"/><stop offset="1" stop-color="#fff6c0" stop-opacity="0.9"/></linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#mgs)"/>
  <path d="M0 620 Q500 300 1600 120 L1600 260 Q700 420 0 760 Z" fill="url(#mgw)"/>
  <g fill="#fffbe8">${stars()}</g>
  <circle cx="1320" cy="150" r="200" fill="url(#mgh)"/>
  <circle cx="1320" cy="150" r="84" fill="url(#mgm)"/>
  <path d="M180 250 L420 120" stroke="url(#mgt)" stroke-width="4" stroke-linecap="round"/>
  <circle cx="420" cy="120" r="5" fill="#fffbe8"/>
  <g fill="url(#mgc)" opacity="0.95">
    <path d="M0 900 L0 700 L60 600 L110 690 L170 560 L230 700 L300 640 L360 760 L420 900 Z"/>
    <path d="M1600 900 L1600 680 L1540 580 L1490 680 L1420 540 L1360 690 L1290 630 L1230 760 L1180 900 Z"/>
  </g>
  <g fill="none" stroke="#c8b0ff" stroke-opacity="0.45" stroke-width="2">
    <path d="M170 560 L170 700 M60 600 L80 700 M1420 540 L1420 690 M1540 580 L1520 680"/>
  </g>
  <path d="M0 900 L0 840 Q400 800 800 830 T1600 820 L1600 900 Z" fill="#0a0420"/>
</svg>`;
