import { describe, expect, it } from "vitest";
import { BURST_GAP_MS, PressGuard } from "./press-guard.js";

describe("PressGuard: one press, one round", () => {
  it("the issue's burst: spin at 0, stop, skip, rest at 400, a click 44 ms later does not start a second round", () => {
    const guard = new PressGuard();
    expect(guard.press(0)).toBe(true); // spins
    expect(guard.press(110)).toBe(false); // slam stop (not a start)
    expect(guard.press(220)).toBe(false); // skip
    expect(guard.press(330)).toBe(false);
    guard.rest(400);
    expect(guard.press(444)).toBe(false); // was the second paid round
  });

  it("a long burst never starts a second round, however long it goes on after the rest", () => {
    const guard = new PressGuard();
    expect(guard.press(0)).toBe(true);
    guard.rest(300);
    for (let t = 110; t <= 3000; t += 110) expect(guard.press(t), `press at ${t}`).toBe(false);
  });

  it("a press after the rest that starts a new burst plays the next round", () => {
    const guard = new PressGuard();
    expect(guard.press(0)).toBe(true);
    expect(guard.press(150)).toBe(false);
    guard.rest(400);
    expect(guard.press(150 + BURST_GAP_MS)).toBe(true);
  });

  it("a press that began before the rest (released after it) does not start a round", () => {
    const guard = new PressGuard();
    guard.rest(1000);
    expect(guard.press(990)).toBe(false);
    expect(guard.press(990 + BURST_GAP_MS)).toBe(true);
  });

  it("presses recorded on a disabled control (or anywhere on the screen) still make a burst", () => {
    const guard = new PressGuard();
    expect(guard.press(0)).toBe(true);
    guard.record(110);
    guard.record(220);
    guard.rest(300);
    expect(guard.press(330)).toBe(false);
  });

  it("the first press ever starts a round", () => {
    expect(new PressGuard().press(5)).toBe(true);
  });
});
