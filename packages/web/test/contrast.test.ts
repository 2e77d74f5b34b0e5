import { describe, expect, it } from "vitest";
import {
  composite,
  contrastRatio,
  gradientStops,
  hex,
  isLargeText,
  luminance,
  parseColor,
  requiredRatio,
  worstContrast,
} from "./contrast.js";

const c = (css: string) => {
  const color = parseColor(css);
  if (!color) throw new Error(`not a colour: ${css}`);
  return color;
};

describe("WCAG contrast helper", () => {
  it("reads the colours the browser computes", () => {
    expect(parseColor("rgb(143, 240, 255)")).toEqual({ r: 143, g: 240, b: 255, a: 1 });
    expect(parseColor("rgba(4, 26, 56, 0.86)")).toEqual({ r: 4, g: 26, b: 56, a: 0.86 });
    expect(parseColor("rgb(4 26 56 / 50%)")).toEqual({ r: 4, g: 26, b: 56, a: 0.5 });
    expect(parseColor("#8ff0ff")).toEqual({ r: 143, g: 240, b: 255, a: 1 });
    expect(parseColor("#fff")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor("transparent")?.a).toBe(0);
    expect(parseColor("oklab(0.5 0.1 0.1)")).toBeNull();
    expect(parseColor("rgb(1, 2)")).toBeNull();
  });

  it("lists a computed gradient's stops in order", () => {
    const stops = gradientStops(
      "radial-gradient(at 40% 30%, rgb(143, 240, 255), rgb(22, 163, 216) 45%, rgb(6, 74, 134) 100%)",
    ).map(hex);
    expect(stops).toEqual(["#8ff0ff", "#16a3d8", "#064a86"]);
    expect(gradientStops("none")).toEqual([]);
    expect(gradientStops("linear-gradient(rgba(0, 0, 0, 0.5), transparent)").map((s) => s.a)).toEqual([0.5, 0]);
  });

  it("computes WCAG's luminance and ratios (reference values)", () => {
    expect(luminance(c("#000"))).toBe(0);
    expect(luminance(c("#fff"))).toBeCloseTo(1, 10);
    expect(contrastRatio(c("#fff"), c("#000"))).toBeCloseTo(21, 10);
    expect(contrastRatio(c("#000"), c("#fff"))).toBeCloseTo(21, 10);
    // The familiar thresholds: #767676 is the lightest grey that passes 4.5:1 on white, #777 fails.
    expect(contrastRatio(c("#767676"), c("#fff"))).toBeGreaterThan(4.5);
    expect(contrastRatio(c("#777777"), c("#fff"))).toBeLessThan(4.5);
    expect(contrastRatio(c("#777777"), c("#fff"))).toBeCloseTo(4.48, 2);
  });

  it("knows large text: 24 px, or 18.67 px bold", () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(23.9, 400)).toBe(false);
    expect(isLargeText(18.67, 700)).toBe(true);
    expect(isLargeText(18.67, 600)).toBe(false);
    expect(isLargeText(16.8, 900)).toBe(false);
    expect(requiredRatio(16.8, 900)).toBe(4.5);
    expect(requiredRatio(19.2, 700)).toBe(3);
  });

  it("composites translucent colours over what lies beneath", () => {
    const half = composite(c("rgba(255, 255, 255, 0.5)"), c("#000"));
    expect(half.a).toBe(1);
    expect(half.r).toBeCloseTo(127.5, 6);
    expect(composite(c("transparent"), c("#123456"))).toEqual(c("#123456"));
  });

  it("the old SPIN fails: white on its light stop is far under 4.5:1; the worst stop is named", () => {
    const stops = gradientStops("radial-gradient(rgb(143, 240, 255), rgb(22, 163, 216) 45%, rgb(6, 74, 134) 100%)");
    const worst = worstContrast(c("#fff"), stops, c("#021a36"));
    expect(hex(worst.against)).toBe("#8ff0ff");
    expect(worst.ratio).toBeLessThan(1.5);
    // Dark text on the same gradient fails on the dark stop instead: no single text colour saves it.
    expect(worstContrast(c("#00203a"), stops, c("#021a36")).ratio).toBeLessThan(4.5);
  });

  it("a translucent stop is measured over the colour beneath it; no stops means the colour beneath", () => {
    const over = worstContrast(c("#fff"), [c("rgba(255, 255, 255, 0.1)")], c("#000"));
    expect(over.ratio).toBeGreaterThan(10);
    expect(worstContrast(c("#fff"), [], c("#000")).ratio).toBeCloseTo(21, 10);
    // Translucent text is blended with its background first.
    expect(worstContrast(c("rgba(255, 255, 255, 0.3)"), [], c("#000")).ratio).toBeLessThan(4.5);
  });
});
