/**
 * The non-cash balance meter of the HUD ("BONUSES 12"), for any game whose session and
 * answers carry unit balances (Gnomos Mix's Bonuses). One `.meter` per unit, beside BALANCE,
 * built like the HUD's other meters; hidden while there is no unit to show. Its state is
 * {@link UnitsMeterModel}: the screen feeds it the session, every round answer and every
 * `account` event, and tells it when a round plays (an event read meanwhile waits for the
 * round's end).
 */
import type { AccountEvent, CreateSessionResponse, StepResponse } from "@reelhouse/protocol";
import { escapeHtml } from "./html.js";
import { type UnitLine, UnitsMeterModel, type UnitsMeterModelOptions } from "./units-meter-model.js";
import "./units-meter.css";

export class UnitsMeter {
  /** The meters' container: insert it in `.hud-meters` after the BALANCE meter. */
  readonly element: HTMLElement;
  readonly model: UnitsMeterModel;
  /** The lines last drawn, to redraw only what changed. */
  private drawn = "";

  constructor(options: UnitsMeterModelOptions = {}) {
    this.model = new UnitsMeterModel(options);
    this.element = document.createElement("div");
    this.element.className = "units-meters";
    this.element.dataset.test = "units-meters";
    this.render();
  }

  /** The session's answer (`POST /sessions`, `GET /session`). */
  session(session: Pick<CreateSessionResponse, "units">): void {
    this.model.fromSession(session);
    this.render();
  }

  /** A round answer (start or action). */
  answer(answer: Pick<StepResponse, "unitBalances">): void {
    this.model.fromAnswer(answer);
    this.render();
  }

  /** A push-channel `account` event. */
  account(event: Pick<AccountEvent, "unitBalances">): void {
    this.model.fromAccount(event);
    this.render();
  }

  /** A round starts playing (true) or is over and shown (false). */
  playing(playing: boolean): void {
    this.model.setPlaying(playing);
    this.render();
  }

  private render(): void {
    const lines = this.model.lines();
    const key = JSON.stringify(lines);
    if (key === this.drawn) return;
    this.drawn = key;
    this.element.hidden = lines.length === 0;
    this.element.innerHTML = lines.map(meterHtml).join("");
  }
}

/** One unit's meter, as the HUD's meters are drawn (label, value). */
export function meterHtml(line: UnitLine): string {
  const unit = escapeHtml(line.unit);
  return `<div class="meter units-meter" data-meter="unit-${unit}" role="status" aria-live="polite" aria-label="${escapeHtml(
    `${line.label} ${line.text}`,
  )}"><label aria-hidden="true">${escapeHtml(line.label)}</label><b data-test="units-${unit}" aria-hidden="true">${escapeHtml(line.text)}</b></div>`;
}
