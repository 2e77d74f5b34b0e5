/**
 * Accessibility checks for the browser tests: axe-core run inside the page, and a contrast
 * check for text over gradients, which axe leaves "incomplete" (it cannot tell which part of a
 * gradient lies under the text). Each check returns readable findings, one line each: the
 * rule, its impact and the elements to fix, so a failing test says what to change.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { composite, gradientStops, hex, parseColor, type Rgba, requiredRatio, worstContrast } from "./contrast.js";

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (landmarks, headings, regions). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

interface AxeNode {
  target: unknown[];
  /** The element's opening markup. */
  html: string;
  failureSummary?: string;
}
interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** What a check found on one screen. */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** One line per finding: `screen · rule (impact): help → selectors`. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.screen} · ${f.rule} (${f.impact}): ${f.help}\n    → ${f.targets.join("\n    → ")}`).join("\n");
}

/**
 * Runs axe-core on the page as it stands. Its source is evaluated through the DevTools
 * protocol (Playwright's `evaluate`), which the page's Content-Security-Policy does not
 * govern: the server allows scripts from 'self' only, so a `<script>` tag would be refused,
 * and the page is audited under the very policy players get (no `bypassCSP`).
 * Returns the violations and the color-contrast checks axe could not decide.
 */
export async function runAxe(page: Page): Promise<{ violations: AxeResult[]; incomplete: AxeResult[] }> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<any> } }).axe;
    const result = await engine.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations", "incomplete"],
    });
    const slim = (r: any) => ({
      id: r.id,
      impact: r.impact,
      help: r.help,
      nodes: r.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    });
    return {
      violations: result.violations.map(slim),
      incomplete: result.incomplete.filter((r: any) => r.id === "color-contrast").map(slim),
    };
  }, TAGS);
}

/** Where a piece of text sits: its colour and size, and the backgrounds under it, innermost first. */
interface TextSample {
  selector: string;
  text: string;
  color: string;
  fontSize: number;
  fontWeight: number;
  /** Clipped to the text (`background-clip: text`): the text's colours are these gradient stops. */
  clipText: string | null;
  /** Innermost first: a gradient (`image`) or a colour, up to the first opaque colour. */
  layers: { image?: string; color?: string }[];
}

/**
 * Reads every visible, enabled piece of text drawn over a CSS gradient, and the text of the
 * elements `also` names (what axe left undecided), wherever it lies. Text behind an open modal
 * dialog is inert and skipped (axe skips it too); a game's logo is a logotype, which WCAG
 * 1.4.3 exempts (its name is the screen's heading as well).
 */
function sampleText(page: Page, also: readonly string[]): Promise<TextSample[]> {
  return page.evaluate((forced) => {
    const describe = (el: Element): string => {
      const test = el.getAttribute("data-test") ?? el.getAttribute("data-role");
      if (test) return `[data-${el.hasAttribute("data-test") ? "test" : "role"}="${test}"]`;
      const cls = [...el.classList].slice(0, 2).join(".");
      const parent = el.parentElement && el.parentElement !== document.body ? `${describe(el.parentElement)} > ` : "";
      return `${parent}${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}`;
    };
    const out: TextSample[] = [];
    const named = new Set<Element>();
    for (const selector of forced) for (const el of document.querySelectorAll(selector)) named.add(el);
    const modal = document.querySelector("dialog:modal");
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? "")
        .join("")
        .trim();
      if (!own || el.closest("[aria-hidden=true], [inert], svg, .game-logo")) continue;
      if (modal && !modal.contains(el)) continue;
      // Disabled controls are exempt from WCAG 1.4.3.
      if (el.closest("button:disabled, [aria-disabled=true], fieldset:disabled")) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility !== "visible" || Number(style.opacity) === 0) continue;
      const layers: { image?: string; color?: string }[] = [];
      let gradient = false;
      const clip = style.getPropertyValue("-webkit-background-clip") || style.backgroundClip;
      const clipText = clip === "text" && style.backgroundImage.includes("gradient") ? style.backgroundImage : null;
      for (let n: HTMLElement | null = clipText ? el.parentElement : el; n; n = n.parentElement) {
        const s = getComputedStyle(n);
        if (s.backgroundImage.includes("gradient")) {
          gradient = true;
          layers.push({ image: s.backgroundImage });
        }
        if (s.backgroundColor !== "rgba(0, 0, 0, 0)" && s.backgroundColor !== "transparent") {
          layers.push({ color: s.backgroundColor });
          if (!/rgba\(.*,\s*0?\.\d+\)$/.test(s.backgroundColor)) break;
        }
      }
      if (!gradient && !clipText && !named.has(el)) continue;
      out.push({
        selector: describe(el),
        text: own.slice(0, 30),
        color: style.color,
        fontSize: Number.parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight),
        clipText,
        layers,
      });
    }
    return out;
  }, also);
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const OPAQUE_PAGE: Rgba = { r: 2, g: 26, b: 54, a: 1 }; // --deep, the page's own colour

/** Every colour the text may stand on: the layers painted from the first opaque one up. */
function backgrounds(layers: TextSample["layers"]): Rgba[] {
  let under: Rgba[] = [OPAQUE_PAGE];
  for (const layer of [...layers].reverse()) {
    const colors = layer.image ? gradientStops(layer.image) : [parseColor(layer.color ?? "") ?? BLACK];
    under = colors.flatMap((top) => under.map((bottom) => composite(top, bottom)));
  }
  return under;
}

/**
 * Text over a CSS gradient (and the text of the elements `also` names) must reach WCAG AA
 * contrast against every colour that may lie beneath it, each stop of each gradient (4.5:1,
 * 3:1 for large text): a decision axe leaves "incomplete". One finding per piece of text that
 * does not.
 */
export async function textContrast(page: Page, screen: string, also: readonly string[] = []): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const sample of await sampleText(page, also)) {
    const textColors = sample.clipText ? gradientStops(sample.clipText) : [parseColor(sample.color) ?? BLACK];
    const need = requiredRatio(sample.fontSize, sample.fontWeight);
    let worst = { ratio: Number.POSITIVE_INFINITY, text: textColors[0] ?? BLACK, against: BLACK };
    for (const under of backgrounds(sample.layers))
      for (const text of textColors) {
        const r = worstContrast(text, [], under);
        if (r.ratio < worst.ratio) worst = { ratio: r.ratio, text, against: r.against };
      }
    if (worst.ratio + 1e-9 >= need) continue;
    findings.push({
      screen,
      rule: "contrast-every-stop",
      impact: "serious",
      help: `text needs ${need}:1 against every colour beneath it (each gradient stop)`,
      targets: [
        `${sample.selector} "${sample.text}": ${hex(worst.text)} on ${hex(worst.against)} is ${worst.ratio.toFixed(2)}:1 (${sample.fontSize}px, ${sample.fontWeight})`,
      ],
    });
  }
  return findings;
}

/**
 * The screen's accessibility findings: every axe violation, and every piece of text over a
 * gradient, or whose contrast axe left undecided (a gradient, an overlapping element, a short
 * or symbol text), under WCAG AA contrast against each colour that may lie beneath it.
 */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  const { violations, incomplete } = await runAxe(page);
  const findings: Finding[] = violations.map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.map((n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`),
  }));
  const undecided = incomplete.flatMap((r) => r.nodes.map((n) => n.target[0]).filter((t): t is string => typeof t === "string"));
  findings.push(...(await textContrast(page, screen, undecided)));
  return findings;
}
