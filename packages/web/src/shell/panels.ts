/**
 * The game screen's information panels and toggles, from their own buttons or the phone's
 * menu: paytable, game lines, rules, history, settings, full screen and sound.
 */
import { openDialog } from "./dialog.js";
import type { BetChoice } from "./kit/bet-model.js";
import { openMenu } from "./menu.js";
import type { Settings } from "./settings.js";
import { showSettings } from "./settings-dialog.js";
import type { Sound } from "./sound.js";
import type { GameView } from "./types.js";

export interface PanelHost {
  view(): GameView;
  bet(): BetChoice;
  settings: Settings;
  sound: Sound;
  jurisdiction: { id: string; turbo: boolean };
  /** Opens the history (with Replay). */
  history(): Promise<void>;
  /** A setting changed: the screen draws its controls again. */
  changed(): void;
  message(text: string): void;
}

export type PanelId = "paytable" | "lines-info" | "rules" | "history" | "settings" | "fullscreen" | "sound";

/** Opens panel `id` (or flips the toggle). */
export function openPanel(id: PanelId, h: PanelHost): void {
  switch (id) {
    case "paytable":
      void openDialog({ name: "paytable", title: "Paytable", body: h.view().paytable(h.bet()), wide: true });
      break;
    case "lines-info":
      void openDialog({ name: "lines", title: "Game lines", body: h.view().gameLines(), wide: true });
      break;
    case "rules":
      void openDialog({ name: "rules", title: "Rules", body: h.view().rules(), wide: true });
      break;
    case "history":
      void h.history();
      break;
    case "settings":
      void showSettings(h.settings, h.sound, h.jurisdiction, h.changed);
      break;
    case "fullscreen":
      void toggleFullscreen(h);
      break;
    case "sound":
      h.settings.sound = !h.settings.sound;
      h.sound.setEnabled(h.settings.sound);
      h.settings.save();
      h.changed();
      break;
  }
}

/** The phone's menu of the same panels. */
export function openPanelMenu(h: PanelHost): Promise<void> {
  const item = (id: PanelId, label: string) => ({ id, label, run: () => openPanel(id, h) });
  return openMenu([
    item("paytable", "Paytable"),
    item("lines-info", "Game lines"),
    item("rules", "Rules"),
    item("history", "History"),
    item("sound", h.settings.sound ? "Sound off" : "Sound on"),
    item("settings", "Settings"),
    item("fullscreen", "Full screen"),
  ]);
}

async function toggleFullscreen(h: PanelHost): Promise<void> {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    h.message("Full screen is not available here.");
  }
}
