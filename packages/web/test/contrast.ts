/**
 * WCAG 2.x contrast arithmetic for the accessibility tests, pure (no DOM): colours as the
 * browser computes them (`rgb(…)`, `rgba(…)`, `#rrggbb`), relative luminance, contrast ratio,
 * the large-text rule, and the worst contrast of a text colour against every stop of a
 * gradient. axe-core leaves text over a gradient "incomplete"; this decides it, conservatively:
 * the text must reach the ratio against each stop, wherever the stop lies.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

const clamp255 = (n: number) => Math.min(255, Math.max(0, n));

/** One colour as CSS writes it (`rgb(1, 2, 3)`, `rgba(1, 2, 3, 0.5)`, `rgb(1 2 3 / 50%)`, `#abc`, `#aabbcc`, `transparent`); null otherwise. */
export function parseColor(css: string): Rgba | null {
  const text = css.trim().toLowerCase();
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
    return {
      r: Number.parseInt(full.slice(0, 2), 16),
      g: Number.parseInt(full.slice(2, 4), 16),
      b: Number.parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (fn === undefined) return null;
  const parts = fn
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map((p) => (p.endsWith("%") ? Number(p.slice(0, -1)) / 100 : Number(p)));
  if (parts.length < 3 || parts.length > 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [r, g, b, a = 1] = parts as [number, number, number, number?];
  return { r: clamp255(r), g: clamp255(g), b: clamp255(b), a: Math.min(1, Math.max(0, a)) };
}

/** Every colour named in a computed `background-image` (its gradients' stops, in order). */
export function gradientStops(backgroundImage: string): Rgba[] {
  const out: Rgba[] = [];
  for (const match of backgroundImage.matchAll(/rgba?\([^)]*\)|#[0-9a-f]{3,6}\b|\btransparent\b/gi)) {
    const color = parseColor(match[0]);
    if (color) out.push(color);
  }
  return out;
}

/** `top` painted over `bottom` (source-over); the result is opaque when `bottom` is. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, u: number) => (t * top.a + u * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/** WCAG 2.x relative luminance of an opaque colour. */
export function luminance(color: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * WCAG's large text: at least 18 pt (24 CSS px), or 14 pt (18.67 px) when bold (700 or more).
 * Large text needs 3:1 at level AA, other text 4.5:1.
 */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontWeight >= 700 && fontSizePx >= (14 * 4) / 3);
}

/** The AA ratio text of this size and weight needs. */
export function requiredRatio(fontSizePx: number, fontWeight: number): number {
  return isLargeText(fontSizePx, fontWeight) ? 3 : 4.5;
}

/**
 * The lowest contrast of `text` against the stops of a background, each stop (and the text,
 * when translucent) painted over the opaque colour `under` first. Returns the ratio and the
 * stop it was measured against.
 */
export function worstContrast(text: Rgba, stops: readonly Rgba[], under: Rgba): { ratio: number; against: Rgba } {
  const base = under.a < 1 ? composite(under, { r: 0, g: 0, b: 0, a: 1 }) : under;
  let worst = { ratio: Number.POSITIVE_INFINITY, against: base };
  for (const stop of stops.length > 0 ? stops : [base]) {
    const bg = composite(stop, base);
    const ratio = contrastRatio(composite(text, bg), bg);
    if (ratio < worst.ratio) worst = { ratio, against: bg };
  }
  return worst;
}

/** `#rrggbb` of a colour (for messages). */
export function hex(color: Rgba): string {
  return `#${[color.r, color.g, color.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}
