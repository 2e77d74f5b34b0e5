/**
 * Lobby pictures of the games whose client is still to come: small SVGs drawn here, so
 * the lobby can show every game of the platform without downloading anything.
 */

const frame = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150" viewBox="0 0 200 150"><defs>${defs}</defs>${body}</svg>`;

/** 40 Mystic Gem: a glowing cut gem. */
export const MYSTIC_GEM = frame(
  '<radialGradient id="r" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#ffb0f0"/><stop offset="1" stop-color="#7a0a7a"/></radialGradient>',
  '<circle cx="100" cy="75" r="62" fill="#ff7ad9" opacity="0.25"/><path d="M60 55 L80 30 H120 L140 55 L100 125 Z" fill="url(#r)" stroke="#fff" stroke-width="3"/><path d="M60 55 H140 M80 30 L92 55 L100 125 L108 55 L120 30" fill="none" stroke="#ffe6fa" stroke-width="2" opacity="0.8"/><text x="100" y="146" text-anchor="middle" font-family="Georgia, serif" font-weight="bold" font-size="18" fill="#ffd45a">40</text>',
);

/** Gnomos Mix: a gnome's red cap and beard. */
export const GNOMOS_MIX = frame(
  '<linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6a6a"/><stop offset="1" stop-color="#a0101a"/></linearGradient>',
  '<path d="M100 12 L140 80 H60 Z" fill="url(#c)" stroke="#ffd0d0" stroke-width="3"/><circle cx="100" cy="92" r="20" fill="#f3c7a0"/><circle cx="100" cy="96" r="6" fill="#e08a70"/><path d="M72 96 Q100 150 128 96 Q116 112 100 110 Q84 112 72 96 Z" fill="#f4f4f4" stroke="#bbb" stroke-width="2"/><circle cx="40" cy="120" r="12" fill="#ffd45a"/><circle cx="160" cy="120" r="12" fill="#ffd45a"/>',
);
