/** The settings dialog: sound, volume and quick spin (where the jurisdiction allows it), kept in this browser. */
import { openDialog } from "./dialog.js";
import { escapeHtml } from "./html.js";
import type { Settings } from "./settings.js";
import type { Sound } from "./sound.js";

/** Opens the dialog; the settings change as the player touches them and are saved on close. */
export function showSettings(
  settings: Settings,
  sound: Sound,
  jurisdiction: { id: string; turbo: boolean },
  onClose: () => void,
) {
  const body = document.createElement("div");
  body.className = "settings";
  body.innerHTML = `
    <label class="check"><input type="checkbox" data-test="set-sound" ${settings.sound ? "checked" : ""}> Sound</label>
    <label>Volume <input type="range" min="0" max="100" data-test="set-volume" value="${Math.round(settings.volume * 100)}"></label>
    ${jurisdiction.turbo ? `<label class="check"><input type="checkbox" data-test="set-quick" ${settings.quick ? "checked" : ""}> Quick spin</label>` : ""}
    <p class="hint">Press <kbd>Space</kbd> to spin, stop and skip. Jurisdiction: ${escapeHtml(jurisdiction.id)}.</p>`;
  const input = (test: string) => body.querySelector<HTMLInputElement>(`[data-test="${test}"]`);
  input("set-sound")?.addEventListener("change", (e) => {
    settings.sound = (e.target as HTMLInputElement).checked;
    sound.setEnabled(settings.sound);
  });
  input("set-volume")?.addEventListener("input", (e) => {
    settings.volume = Number((e.target as HTMLInputElement).value) / 100;
    sound.setVolume(settings.volume);
    sound.play("click");
  });
  input("set-quick")?.addEventListener("change", (e) => {
    settings.quick = (e.target as HTMLInputElement).checked;
  });
  return openDialog({
    name: "settings",
    title: "Settings",
    body,
    onClose: () => {
      settings.save();
      onClose();
    },
  });
}
