/**
 * One press, one round. A nervous burst of clicks or taps, or a key held down, must not play
 * a second paid round: the first press spins, the next ones stop and skip, and the round's
 * rest must not turn a late press of the same burst into a new spin.
 *
 * Times are `Event.timeStamp` / `performance.now()` milliseconds (the same clock).
 */

/** A press that begins within this of the previous press (any press, anywhere on the screen) continues a burst. */
export const BURST_GAP_MS = 250;

/**
 * Decides which presses may start a new round (pure: fed with timestamps). A round starts
 * only on the first press of a burst that began after the last round came to rest: in the
 * issue's burst (spin, stop, skip, rest at 400 ms, a click at 444 ms) the last click follows
 * the one before by about 110 ms, so it is the same burst and plays nothing.
 */
export class PressGuard {
  private restAt = Number.NEGATIVE_INFINITY;
  /** When the last few presses began, oldest first. */
  private readonly presses: number[] = [];

  constructor(private readonly burstGapMs = BURST_GAP_MS) {}

  /** The screen came to rest, or a choice (RED / BLACK) was offered, at `t`. */
  rest(t: number): void {
    this.restAt = t;
  }

  /** Records a press that began at `began` and does nothing by itself (on a disabled control, say): it still makes a burst. */
  record(began: number): void {
    if (this.presses.includes(began)) return;
    this.presses.push(began);
    this.presses.sort((a, b) => a - b);
    if (this.presses.length > 8) this.presses.shift();
  }

  /**
   * Records a press that began at `began` (any press: spin, stop, skip) and says whether it
   * may start a round: it began after the last rest, and no other press began within the
   * burst gap before it.
   */
  press(began: number): boolean {
    const previous = this.presses.filter((t) => t < began).pop() ?? Number.NEGATIVE_INFINITY;
    this.record(began);
    return began >= this.restAt && began - previous >= this.burstGapMs;
  }
}

/**
 * Calls `onPress(began)` for each activation of `button`, with the time the press began: the
 * pointer's down for a mouse or touch click (a click fires on release), the click itself for
 * one made with the keyboard (Enter fires it on key down). Returns the unwiring function.
 */
export function onPress(button: HTMLElement, handler: (began: number, event: MouseEvent) => void): () => void {
  let downAt: number | null = null;
  const down = (event: PointerEvent) => {
    downAt = event.timeStamp;
  };
  const click = (event: MouseEvent) => {
    // detail 0: a click made with the keyboard (or by script), which has no pointer down.
    const began = event.detail > 0 && downAt !== null ? downAt : event.timeStamp;
    downAt = null;
    handler(began, event);
  };
  button.addEventListener("pointerdown", down);
  button.addEventListener("click", click);
  return () => {
    button.removeEventListener("pointerdown", down);
    button.removeEventListener("click", click);
  };
}

/** Keys that press a button. */
const PRESS_KEYS = new Set(["Enter", " ", "Spacebar"]);

/**
 * A held key acts once: the browser's auto-repeat keydowns of Enter and Space (which would
 * press the focused button again and again: SPIN, a dialog's "SPIN €7.50", RED) are dropped
 * page-wide before anything sees them. Form fields keep their keys. Returns the unwiring function.
 */
export function ignoreHeldKeys(target: Document = document): () => void {
  const listener = (event: KeyboardEvent) => {
    if (!event.repeat || !(PRESS_KEYS.has(event.key) || event.code === "Space")) return;
    const el = event.target instanceof HTMLElement ? event.target : null;
    if (el?.matches("input:not([type=button]):not([type=submit]):not([type=checkbox]):not([type=radio]), textarea, select"))
      return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  target.addEventListener("keydown", listener, { capture: true });
  return () => target.removeEventListener("keydown", listener, { capture: true });
}
