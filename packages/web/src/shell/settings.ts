/** Player preferences kept in this browser (sound, volume, quick spin). */
export class Settings {
  sound = true;
  volume = 0.6;
  quick = false;

  private static readonly KEY = "reelhouse.settings";

  /** Loads saved preferences; unknown or broken entries fall back to the defaults. */
  static load(): Settings {
    const settings = new Settings();
    try {
      const saved = JSON.parse(localStorage.getItem(Settings.KEY) ?? "{}") as Partial<Settings>;
      if (typeof saved.sound === "boolean") settings.sound = saved.sound;
      if (typeof saved.volume === "number" && saved.volume >= 0 && saved.volume <= 1) settings.volume = saved.volume;
      if (typeof saved.quick === "boolean") settings.quick = saved.quick;
    } catch {
      // A broken entry is ignored: defaults apply.
    }
    return settings;
  }

  save(): void {
    localStorage.setItem(Settings.KEY, JSON.stringify({ sound: this.sound, volume: this.volume, quick: this.quick }));
  }
}
