/**
 * Mermaid Treasure's art, drawn in the repository as SVG: one picture per symbol
 * (200 x 180, the reel cell), rasterised once into canvases for the reel stage.
 * Nothing is downloaded.
 */

export const CELL_W = 200;
export const CELL_H = 180;

const svg = (body: string, defs = ""): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL_W}" height="${CELL_H}" viewBox="0 0 ${CELL_W} ${CELL_H}"><defs>${defs}</defs>${body}</svg>`;

/** A soft radial halo behind feature symbols. */
const halo = (id: string, color: string) =>
  `<radialGradient id="${id}" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${color}" stop-opacity="0.85"/><stop offset="0.7" stop-color="${color}" stop-opacity="0.25"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** A banner with a word under a feature symbol (WILD, SCATTER, BONUS). */
const banner = (word: string, fill: string) =>
  `<g><path d="M38 146 L162 146 L170 158 L162 170 L38 170 L30 158 Z" fill="${fill}" stroke="#fff3c4" stroke-width="3"/>` +
  `<text x="100" y="166" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="20" fill="#fff" stroke="#3b1d00" stroke-width="0.8" letter-spacing="2">${word}</text></g>`;

const NEPTUNE = svg(
  `<circle cx="100" cy="84" r="80" fill="url(#nh)"/>
   <g stroke="#c98a10" stroke-width="6" stroke-linecap="round" fill="none">
     <path d="M150 150 L150 20"/><path d="M134 42 Q134 20 150 14 Q166 20 166 42"/>
   </g>
   <path d="M150 6 L156 26 L144 26 Z M130 36 L136 50 L128 48 Z M170 36 L172 48 L164 50 Z" fill="#ffd45a"/>
   <ellipse cx="92" cy="88" rx="40" ry="46" fill="url(#skin)" stroke="#8a4b20" stroke-width="2"/>
   <path d="M52 92 Q56 150 92 156 Q128 150 132 92 Q120 112 92 108 Q64 112 52 92 Z" fill="url(#beard)" stroke="#8fa7b8" stroke-width="2"/>
   <path d="M70 118 Q92 108 114 118 Q92 126 70 118 Z" fill="#7a2e1a"/>
   <path d="M66 114 Q80 104 92 112 Q104 104 118 114" fill="none" stroke="#eef6ff" stroke-width="7" stroke-linecap="round"/>
   <ellipse cx="78" cy="84" rx="6" ry="7" fill="#fff"/><ellipse cx="106" cy="84" rx="6" ry="7" fill="#fff"/>
   <circle cx="79" cy="85" r="3.5" fill="#0b3a6b"/><circle cx="107" cy="85" r="3.5" fill="#0b3a6b"/>
   <path d="M68 72 Q78 66 88 72 M96 72 Q106 66 116 72" stroke="#dfe9f2" stroke-width="5" fill="none" stroke-linecap="round"/>
   <path d="M92 88 Q88 100 94 102" stroke="#8a4b20" stroke-width="2.5" fill="none"/>
   <path d="M50 58 L58 22 L72 44 L92 14 L112 44 L126 22 L134 58 Z" fill="url(#gold)" stroke="#7a4a00" stroke-width="2.5"/>
   <circle cx="92" cy="40" r="6" fill="#2fd0ff" stroke="#fff" stroke-width="1.5"/>
   <circle cx="66" cy="48" r="4" fill="#ff4d6d"/><circle cx="118" cy="48" r="4" fill="#ff4d6d"/>
   ${banner("WILD", "url(#wildb)")}`,
  `${halo("nh", "#3aa8ff")}
   <radialGradient id="skin" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#ffd9b0"/><stop offset="1" stop-color="#d08a55"/></radialGradient>
   <linearGradient id="beard" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#a9c4d8"/></linearGradient>
   <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3a0"/><stop offset="0.5" stop-color="#ffc41f"/><stop offset="1" stop-color="#b87400"/></linearGradient>
   <linearGradient id="wildb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f7de1"/><stop offset="1" stop-color="#0a2f7a"/></linearGradient>`,
);

const MERMAID = svg(
  `<circle cx="100" cy="82" r="82" fill="url(#mh)"/>
   <path d="M84 34 Q70 60 72 92 Q74 112 62 126 Q88 120 92 96 Q96 74 96 56 Z" fill="url(#hair)" stroke="#7a1410" stroke-width="2"/>
   <path d="M88 96 Q80 124 102 138 Q126 150 152 138 L158 132 Q128 138 114 126 Q104 116 112 98 Z" fill="url(#tail)" stroke="#06594a" stroke-width="2.5" stroke-linejoin="round"/>
   <path d="M150 138 Q168 112 184 118 Q172 132 178 154 Q160 150 150 138 Z" fill="url(#fin)" stroke="#06594a" stroke-width="2.5" stroke-linejoin="round"/>
   <g fill="none" stroke="#9ffbe0" stroke-width="1.6" opacity="0.85">
     <path d="M92 110 q5 4 10 0 q5 4 10 0"/><path d="M96 122 q5 4 10 0 q5 4 10 0"/><path d="M108 132 q5 4 10 0 q5 4 10 0"/>
   </g>
   <path d="M93 60 L107 60 Q110 66 118 70 Q116 86 110 98 L90 98 Q84 86 82 70 Q90 66 93 60 Z" fill="url(#mskin)" stroke="#b06a3c" stroke-width="1.5"/>
   <path d="M86 80 Q92 74 99 80 Q92 88 86 80 Z M101 80 Q108 74 114 80 Q108 88 101 80 Z" fill="url(#bra)" stroke="#5a1040" stroke-width="1.5"/>
   <path d="M83 72 Q74 84 78 100" stroke="url(#mskin)" stroke-width="8" stroke-linecap="round" fill="none"/>
   <path d="M116 72 Q130 64 136 46" stroke="#f2b98e" stroke-width="8" stroke-linecap="round" fill="none"/>
   <circle cx="137" cy="42" r="5.5" fill="#f6c6a0" stroke="#b06a3c" stroke-width="1.2"/>
   <circle cx="100" cy="42" r="19" fill="url(#mskin)" stroke="#b06a3c" stroke-width="1.5"/>
   <path d="M80 44 Q78 18 100 18 Q124 18 121 44 Q116 30 106 28 Q100 36 88 34 Q84 40 80 44 Z" fill="url(#hair)" stroke="#7a1410" stroke-width="2"/>
   <path d="M119 38 Q128 54 122 72 Q116 60 115 46 Z" fill="url(#hair)" stroke="#7a1410" stroke-width="1.5"/>
   <circle cx="84" cy="30" r="5" fill="#ffd45a" stroke="#b07a00" stroke-width="1"/>
   <ellipse cx="93" cy="44" rx="3" ry="3.8" fill="#0d4d8a"/><ellipse cx="107" cy="44" rx="3" ry="3.8" fill="#0d4d8a"/>
   <circle cx="94" cy="42.8" r="1.1" fill="#fff"/><circle cx="108" cy="42.8" r="1.1" fill="#fff"/>
   <path d="M95 52 Q100 56 105 52" stroke="#b0306e" stroke-width="2.5" fill="none" stroke-linecap="round"/>
   <ellipse cx="88" cy="50" rx="3.5" ry="2" fill="#ff8fa8" opacity="0.6"/><ellipse cx="112" cy="50" rx="3.5" ry="2" fill="#ff8fa8" opacity="0.6"/>
   <circle cx="34" cy="40" r="6" fill="none" stroke="#d8fbff" stroke-width="2"/><circle cx="46" cy="22" r="3.5" fill="none" stroke="#d8fbff" stroke-width="1.5"/>
   <circle cx="162" cy="60" r="5" fill="none" stroke="#d8fbff" stroke-width="2"/>
   ${banner("SCATTER", "url(#scb)")}`,
  `${halo("mh", "#ff5fb8")}
   <linearGradient id="tail" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3ff2c0"/><stop offset="1" stop-color="#0a7d6c"/></linearGradient>
   <linearGradient id="fin" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1fc9a0"/><stop offset="1" stop-color="#a8ffe8"/></linearGradient>
   <radialGradient id="mskin" cx="45%" cy="35%" r="70%"><stop offset="0" stop-color="#ffe2c8"/><stop offset="1" stop-color="#e6a274"/></radialGradient>
   <linearGradient id="bra" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d873ff"/><stop offset="1" stop-color="#7a1f9a"/></linearGradient>
   <linearGradient id="hair" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5a36"/><stop offset="1" stop-color="#b4170f"/></linearGradient>
   <linearGradient id="scb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e2409b"/><stop offset="1" stop-color="#7a0f55"/></linearGradient>`,
);

const TREASURE = svg(
  `<circle cx="100" cy="84" r="80" fill="url(#th)"/>
   <path d="M40 72 Q40 36 100 34 Q160 36 160 72 Z" fill="url(#wood)" stroke="#3d1d06" stroke-width="3"/>
   <path d="M40 72 L160 72 L156 138 L44 138 Z" fill="url(#wood)" stroke="#3d1d06" stroke-width="3"/>
   <path d="M46 80 Q100 60 154 80 L150 86 Q100 70 50 86 Z" fill="#ffe36b"/>
   <g fill="url(#coin)" stroke="#8a5a00" stroke-width="1.5">
     <ellipse cx="70" cy="74" rx="12" ry="6"/><ellipse cx="92" cy="68" rx="12" ry="6"/><ellipse cx="116" cy="70" rx="12" ry="6"/><ellipse cx="136" cy="76" rx="12" ry="6"/>
     <ellipse cx="104" cy="62" rx="12" ry="6"/>
   </g>
   <circle cx="84" cy="58" r="7" fill="#3fe0ff" stroke="#fff" stroke-width="1.5"/><circle cx="124" cy="60" r="6" fill="#ff3d6a" stroke="#fff" stroke-width="1.5"/>
   <g fill="url(#gold2)" stroke="#6b3f00" stroke-width="2">
     <rect x="40" y="88" width="120" height="10"/><rect x="58" y="72" width="12" height="66"/><rect x="130" y="72" width="12" height="66"/>
     <rect x="88" y="94" width="24" height="28" rx="4"/>
   </g>
   <circle cx="100" cy="106" r="4" fill="#3d1d06"/><rect x="98" y="106" width="4" height="9" fill="#3d1d06"/>
   <path d="M150 30 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 l10 -4 Z" fill="#fffbe0"/>
   <path d="M46 46 l3 7 l7 3 l-7 3 l-3 7 l-3 -7 l-7 -3 l7 -3 Z" fill="#fffbe0"/>
   ${banner("BONUS", "url(#bb)")}`,
  `${halo("th", "#ffd23a")}
   <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b86b2c"/><stop offset="1" stop-color="#6b3510"/></linearGradient>
   <linearGradient id="gold2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1a0"/><stop offset="1" stop-color="#c88a00"/></linearGradient>
   <radialGradient id="coin" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#fff7b0"/><stop offset="1" stop-color="#e0a000"/></radialGradient>
   <linearGradient id="bb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8a419"/><stop offset="1" stop-color="#8a4a00"/></linearGradient>`,
);

const SEAHORSE = svg(
  `<ellipse cx="100" cy="92" rx="70" ry="78" fill="url(#sh)"/>
   <path d="M112 30 Q140 30 142 52 L176 58 Q178 70 146 70 Q136 82 126 86 Q150 104 140 130 Q130 154 104 156 Q80 158 78 138 Q78 122 94 122 Q106 124 104 136 Q98 132 92 134 Q90 146 104 146 Q124 144 126 124 Q128 104 106 96 Q86 86 90 60 Q94 32 112 30 Z" fill="url(#sbody)" stroke="#7a2a00" stroke-width="3" stroke-linejoin="round"/>
   <path d="M92 64 Q74 60 66 72 Q80 70 90 80 Z M100 96 Q80 92 70 104 Q86 104 102 110 Z" fill="#ffd36a" stroke="#7a2a00" stroke-width="2"/>
   <g stroke="#8a3600" stroke-width="2.5" fill="none" opacity="0.7">
     <path d="M104 70 q10 4 18 0"/><path d="M108 84 q10 4 18 0"/><path d="M112 100 q10 4 16 0"/><path d="M114 116 q8 4 14 0"/>
   </g>
   <path d="M106 32 L100 16 L112 26 L116 10 L122 28 L130 16 L128 34 Z" fill="#ffb02e" stroke="#7a2a00" stroke-width="2"/>
   <circle cx="124" cy="48" r="7" fill="#fff"/><circle cx="126" cy="48" r="4" fill="#1a1a40"/><circle cx="127" cy="46.5" r="1.5" fill="#fff"/>`,
  `<radialGradient id="sh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#ffcf7a" stop-opacity="0.45"/><stop offset="1" stop-color="#ffcf7a" stop-opacity="0"/></radialGradient>
   <linearGradient id="sbody" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd166"/><stop offset="0.5" stop-color="#ff8c1a"/><stop offset="1" stop-color="#c74800"/></linearGradient>`,
);

const TURTLE = svg(
  `<ellipse cx="100" cy="90" rx="80" ry="76" fill="url(#tuh)"/>
   <g fill="url(#flip)" stroke="#1d4d1a" stroke-width="2.5">
     <path d="M60 62 Q30 36 22 52 Q30 70 58 78 Z"/><path d="M140 62 Q170 36 178 52 Q170 70 142 78 Z"/>
     <path d="M64 118 Q40 138 46 150 Q62 146 74 126 Z"/><path d="M136 118 Q160 138 154 150 Q138 146 126 126 Z"/>
   </g>
   <ellipse cx="100" cy="34" rx="18" ry="20" fill="url(#flip)" stroke="#1d4d1a" stroke-width="2.5"/>
   <circle cx="92" cy="30" r="3.5" fill="#102010"/><circle cx="108" cy="30" r="3.5" fill="#102010"/>
   <ellipse cx="100" cy="92" rx="52" ry="60" fill="url(#shell)" stroke="#3a2408" stroke-width="3"/>
   <g fill="none" stroke="#3a2408" stroke-width="2.5" opacity="0.85">
     <path d="M100 56 L118 68 L118 92 L100 104 L82 92 L82 68 Z"/>
     <path d="M100 104 L100 150 M82 92 L54 104 M118 92 L146 104 M82 68 L58 58 M118 68 L142 58 M100 56 L100 32"/>
     <path d="M100 104 L80 128 M100 104 L120 128"/>
   </g>
   <ellipse cx="92" cy="70" rx="10" ry="6" fill="#fff" opacity="0.25"/>`,
  `<radialGradient id="tuh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#7dffb0" stop-opacity="0.4"/><stop offset="1" stop-color="#7dffb0" stop-opacity="0"/></radialGradient>
   <linearGradient id="flip" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9be36a"/><stop offset="1" stop-color="#3f8f2a"/></linearGradient>
   <radialGradient id="shell" cx="45%" cy="35%" r="70%"><stop offset="0" stop-color="#e3c06a"/><stop offset="0.6" stop-color="#a4702a"/><stop offset="1" stop-color="#5e3a10"/></radialGradient>`,
);

const FISH = svg(
  `<ellipse cx="100" cy="90" rx="86" ry="70" fill="url(#fh)"/>
   <path d="M150 90 L188 52 Q184 90 188 128 Z" fill="url(#forange)" stroke="#1a1a1a" stroke-width="3" stroke-linejoin="round"/>
   <path d="M78 46 Q100 20 126 46 Z M80 134 Q100 158 120 134 Z" fill="url(#forange)" stroke="#1a1a1a" stroke-width="3"/>
   <ellipse cx="96" cy="90" rx="66" ry="48" fill="url(#forange)" stroke="#1a1a1a" stroke-width="3"/>
   <clipPath id="fc"><ellipse cx="96" cy="90" rx="66" ry="48"/></clipPath>
   <g clip-path="url(#fc)" stroke="#1a1a1a" stroke-width="3" fill="#ffffff">
     <path d="M58 36 Q72 90 58 144 L76 144 Q90 90 76 36 Z"/><path d="M106 36 Q118 90 106 144 L124 144 Q134 90 124 36 Z"/>
   </g>
   <circle cx="48" cy="80" r="11" fill="#fff" stroke="#1a1a1a" stroke-width="2.5"/><circle cx="46" cy="80" r="6" fill="#111"/><circle cx="44" cy="77" r="2" fill="#fff"/>
   <path d="M34 100 Q40 106 48 102" stroke="#1a1a1a" stroke-width="2.5" fill="none" stroke-linecap="round"/>
   <circle cx="22" cy="54" r="5" fill="none" stroke="#dff8ff" stroke-width="2"/><circle cx="14" cy="38" r="3" fill="none" stroke="#dff8ff" stroke-width="1.5"/>`,
  `<radialGradient id="fh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#ffe08a" stop-opacity="0.35"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></radialGradient>
   <linearGradient id="forange" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffb347"/><stop offset="0.55" stop-color="#ff7a00"/><stop offset="1" stop-color="#d24a00"/></linearGradient>`,
);

const SHELL = svg(
  `<ellipse cx="100" cy="90" rx="80" ry="74" fill="url(#shh)"/>
   <path d="M100 150 L36 80 Q40 26 100 22 Q160 26 164 80 Z" fill="url(#pink)" stroke="#7a2440" stroke-width="3" stroke-linejoin="round"/>
   <g stroke="#b0405e" stroke-width="3" fill="none" stroke-linecap="round">
     <path d="M100 148 L52 60"/><path d="M100 148 L70 38"/><path d="M100 148 L100 24"/><path d="M100 148 L130 38"/><path d="M100 148 L148 60"/>
   </g>
   <path d="M36 80 Q44 92 52 82 Q60 94 70 82 Q80 94 88 82 Q100 96 112 82 Q120 94 130 82 Q140 94 148 82 Q156 92 164 80" fill="none" stroke="#7a2440" stroke-width="3"/>
   <path d="M80 150 L100 164 L120 150 L100 140 Z" fill="url(#pink)" stroke="#7a2440" stroke-width="3"/>
   <ellipse cx="80" cy="50" rx="14" ry="8" fill="#fff" opacity="0.45" transform="rotate(-30 80 50)"/>
   <circle cx="150" cy="128" r="9" fill="url(#pearl)" stroke="#c6b8d8" stroke-width="1"/>`,
  `<radialGradient id="shh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#ffb6d5" stop-opacity="0.4"/><stop offset="1" stop-color="#ffb6d5" stop-opacity="0"/></radialGradient>
   <linearGradient id="pink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe0ea"/><stop offset="0.5" stop-color="#ff9ec0"/><stop offset="1" stop-color="#e0608a"/></linearGradient>
   <radialGradient id="pearl" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#c9bde0"/></radialGradient>`,
);

/** A royal (A K Q J 10 9): a big glossy glyph in its own colour over a coral sprig. */
function royal(glyph: string, light: string, dark: string, size = 128, dy = 0): string {
  const y = 92 + size * 0.36 + dy;
  return svg(
    `<g opacity="0.35" stroke="${dark}" stroke-width="5" stroke-linecap="round" fill="none">
       <path d="M30 160 Q40 120 30 90 M30 120 Q48 112 52 96 M170 160 Q160 124 172 96 M170 130 Q152 120 150 104"/>
     </g>
     <text x="100" y="${y}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="${size}"
       fill="#0a1a33" opacity="0.55" transform="translate(4 5)">${glyph}</text>
     <text x="100" y="${y}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="${size}"
       fill="url(#g)" stroke="#fff8e0" stroke-width="4" paint-order="stroke">${glyph}</text>
     <text x="100" y="${y}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="${size}"
       fill="none" stroke="${dark}" stroke-width="1.5">${glyph}</text>`,
    `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.35" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
  );
}

/** SVG source for every symbol id the game describes. */
export const SYMBOL_ART: Readonly<Record<string, string>> = {
  NEPTUNE,
  MERMAID,
  TREASURE,
  SEAHORSE,
  TURTLE,
  FISH,
  SHELL,
  A: royal("A", "#ff5a5a", "#8a0a1a"),
  K: royal("K", "#58a8ff", "#0a2f8a"),
  Q: royal("Q", "#d28bff", "#5a168a"),
  J: royal("J", "#6ef08a", "#0d6a2a", 128, -16),
  TEN: royal("10", "#ffb04a", "#8a4200", 112),
  NINE: royal("9", "#4ff0e0", "#0a6a6a"),
};

/** The treasure-pick objects: closed clams that open to show a prize. */
export const CLAM_CLOSED = svg(
  `<ellipse cx="100" cy="150" rx="70" ry="14" fill="#03142b" opacity="0.45"/>
   <path d="M30 110 Q100 150 170 110 Q160 150 100 156 Q40 150 30 110 Z" fill="url(#clamb)" stroke="#4a1d5a" stroke-width="3"/>
   <path d="M30 110 Q40 40 100 36 Q160 40 170 110 Q100 140 30 110 Z" fill="url(#clamt)" stroke="#4a1d5a" stroke-width="3"/>
   <g stroke="#8a4aa0" stroke-width="3" fill="none" opacity="0.8">
     <path d="M100 128 L60 56"/><path d="M100 128 L80 42"/><path d="M100 128 L100 38"/><path d="M100 128 L120 42"/><path d="M100 128 L140 56"/>
   </g>
   <ellipse cx="76" cy="62" rx="16" ry="8" fill="#fff" opacity="0.35" transform="rotate(-25 76 62)"/>`,
  `<linearGradient id="clamt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6d8ff"/><stop offset="1" stop-color="#b46ad0"/></linearGradient>
   <linearGradient id="clamb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c27ade"/><stop offset="1" stop-color="#6a2a8a"/></linearGradient>`,
);

export const CLAM_OPEN = svg(
  `<ellipse cx="100" cy="150" rx="70" ry="14" fill="#03142b" opacity="0.45"/>
   <path d="M30 54 Q40 8 100 6 Q160 8 170 54 Q100 72 30 54 Z" fill="url(#clamt)" stroke="#4a1d5a" stroke-width="3"/>
   <path d="M26 112 Q100 160 174 112 Q164 150 100 158 Q36 150 26 112 Z" fill="url(#clamb)" stroke="#4a1d5a" stroke-width="3"/>
   <ellipse cx="100" cy="112" rx="70" ry="22" fill="url(#inner)"/>
   <circle cx="100" cy="104" r="22" fill="url(#pearl2)" stroke="#d8cfee" stroke-width="1.5"/>
   <ellipse cx="92" cy="96" rx="7" ry="5" fill="#fff" opacity="0.8"/>`,
  `<linearGradient id="clamt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6d8ff"/><stop offset="1" stop-color="#b46ad0"/></linearGradient>
   <linearGradient id="clamb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c27ade"/><stop offset="1" stop-color="#6a2a8a"/></linearGradient>
   <radialGradient id="inner" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#ffe9f6"/><stop offset="1" stop-color="#d08ac0"/></radialGradient>
   <radialGradient id="pearl2" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#b9acd8"/></radialGradient>`,
);
