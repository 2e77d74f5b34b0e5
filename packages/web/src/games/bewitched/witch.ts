/**
 * The player's witch (sheet 2: "After the game loads, pick the witch you want to accompany
 * you … To pick the other witch, go to the paytable"): asked once, when the player has none
 * saved; kept per player by the server (the game's preferences, `{witch: "morgana"}`);
 * changed from the paytable's "Your witch" section. Cosmetic: she only wins the battles.
 */
import { closeDialog, openDialog } from "../../shell/dialog.js";
import { svgUrl } from "../../shell/kit/art.js";
import type { GamePreferences } from "../../shell/types.js";
import { WITCHES, type Witch, witchOf } from "./figures.js";

/** The default until the player picks (a saved preference that no longer names a witch counts as none). */
const FIRST = WITCHES[0] as Witch;

export class WitchChoice {
  private current: Witch;
  private readonly listeners = new Set<(witch: Witch) => void>();

  private constructor(
    private readonly preferences: GamePreferences,
    saved: Witch | null,
    /** True when the player has no witch saved: the game asks once it is on screen. */
    readonly mustAsk: boolean,
    private readonly announce: (text: string) => void,
  ) {
    this.current = saved ?? FIRST;
  }

  /**
   * Reads the player's saved witch. A read that fails (offline, an old server) asks nothing
   * and plays with the first witch: the choice is cosmetic and may be made in the paytable.
   */
  static async load(preferences: GamePreferences, announce: (text: string) => void): Promise<WitchChoice> {
    try {
      const saved = witchOf((await preferences.read()).witch);
      return new WitchChoice(preferences, saved, saved === null, announce);
    } catch {
      return new WitchChoice(preferences, null, false, announce);
    }
  }

  get witch(): Witch {
    return this.current;
  }

  /** Calls `listener` with the witch now and whenever the player picks another. */
  follow(listener: (witch: Witch) => void): void {
    this.listeners.add(listener);
    listener(this.current);
  }

  /** The player picks `witch`: shown at once, saved for the next visit. */
  async choose(witch: Witch): Promise<void> {
    this.current = witch;
    for (const listener of this.listeners) listener(witch);
    try {
      // Merged: the shell keeps other keys (the active buy mode) in the same object.
      await this.preferences.write({ ...(await this.preferences.read()), witch: witch.id });
    } catch {
      this.announce(`${witch.name} stays with you for this visit: the choice could not be saved.`);
    }
  }

  /**
   * The first-load question: a dialog the player answers by picking a witch (no close
   * button, Escape does nothing). Another dialog that replaces it leaves the first witch
   * for this visit, and the question comes again next time.
   */
  ask(): Promise<void> {
    const body = document.createElement("div");
    body.className = "bw-witch-ask";
    body.innerHTML = `<p>Pick the witch who accompanies you. When Witches appear, she battles the other witch — and wins.</p>`;
    body.append(this.buttons(() => closeDialog()));
    return openDialog({ name: "witch-choice", title: "Choose your witch", body, buttons: [], dismissible: false });
  }

  /** The paytable's "Your witch" section: the two witches, the chosen one pressed. */
  section(): HTMLElement {
    const root = document.createElement("section");
    root.className = "bw-witch-section";
    root.dataset.test = "witch-section";
    root.innerHTML = `<h3>Your witch</h3><p>She battles the other witch on every Witch win. Pick the other to change.</p>`;
    root.append(this.buttons());
    return root;
  }

  /** One button per witch; `then` runs after a pick. */
  private buttons(then?: () => void): HTMLElement {
    const group = document.createElement("div");
    group.className = "bw-witches";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Witches");
    // The question shows no witch pressed (the player has not picked one); the paytable shows hers.
    const mark = () => {
      for (const b of group.querySelectorAll<HTMLButtonElement>("button"))
        b.setAttribute("aria-pressed", String(b.dataset.witch === this.current.id));
    };
    for (const witch of WITCHES) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "bw-witch";
      button.dataset.witch = witch.id;
      button.dataset.test = `witch-${witch.id}`;
      button.innerHTML = `<img alt="" src="${svgUrl(witch.art)}"><span class="bw-witch-name">${witch.name}</span><span class="bw-witch-title">${witch.title}</span>`;
      button.addEventListener("click", () => {
        void this.choose(witch);
        if (then) then();
        else mark();
      });
      group.append(button);
    }
    if (!then) mark();
    return group;
  }
}
