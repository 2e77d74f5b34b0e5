/**
 * Every sound is synthesised with WebAudio (oscillators, noise, envelopes): no audio
 * files are downloaded. The context is created on the first user gesture, as browsers
 * require, and a master gain carries the volume and the mute toggle.
 */

export type Cue =
  | "click"
  | "spinStart"
  | "reelStop"
  | "slam"
  | "win"
  | "bigWin"
  | "tick"
  | "scatter"
  | "feature"
  | "pick"
  | "coins"
  | "error";

const NOTES = { C5: 523.25, E5: 659.25, G5: 783.99, C6: 1046.5, E6: 1318.5, G4: 392, A4: 440, D5: 587.33 } as const;

export class Sound {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private volumeLevel: number;
  private enabledFlag: boolean;

  constructor(volume = 0.6, enabled = true) {
    this.volumeLevel = volume;
    this.enabledFlag = enabled;
  }

  get volume(): number {
    return this.volumeLevel;
  }

  get enabled(): boolean {
    return this.enabledFlag;
  }

  /** Volume 0..1. */
  setVolume(volume: number): void {
    this.volumeLevel = Math.min(1, Math.max(0, volume));
    this.applyGain();
  }

  setEnabled(enabled: boolean): void {
    this.enabledFlag = enabled;
    this.applyGain();
  }

  /** Creates or resumes the audio context; call from a user gesture. */
  unlock(): void {
    if (!this.context) {
      const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Ctor) return;
      this.context = new Ctor();
      this.master = this.context.createGain();
      this.master.connect(this.context.destination);
      this.applyGain();
    }
    if (this.context.state === "suspended") void this.context.resume();
  }

  private applyGain(): void {
    if (this.master && this.context) {
      this.master.gain.setTargetAtTime(this.enabledFlag ? this.volumeLevel * 0.5 : 0, this.context.currentTime, 0.02);
    }
  }

  private ready(): { ctx: AudioContext; out: GainNode } | null {
    if (!this.enabledFlag || !this.context || !this.master || this.context.state !== "running") return null;
    return { ctx: this.context, out: this.master };
  }

  /** A shaped oscillator note. */
  private tone(freq: number, start: number, duration: number, type: OscillatorType, level: number, glideTo?: number): void {
    const r = this.ready();
    if (!r) return;
    const { ctx, out } = r;
    const t = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    if (glideTo) osc.frequency.exponentialRampToValueAtTime(glideTo, t + duration);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(level, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + duration);
    osc.connect(gain).connect(out);
    osc.start(t);
    osc.stop(t + duration + 0.05);
  }

  /** A burst of filtered noise (reel thuds, splashes). */
  private burst(start: number, duration: number, frequency: number, level: number): void {
    const r = this.ready();
    if (!r) return;
    const { ctx, out } = r;
    if (!this.noise) {
      this.noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1; // cosmetic noise, not an outcome
    }
    const t = ctx.currentTime + start;
    const source = ctx.createBufferSource();
    source.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = frequency;
    filter.Q.value = 1.2;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(level, t);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + duration);
    source.connect(filter).connect(gain).connect(out);
    source.start(t);
    source.stop(t + duration + 0.05);
  }

  /** Plays a named cue. Silent when muted or before the first user gesture. */
  play(cue: Cue): void {
    switch (cue) {
      case "click":
        this.tone(1200, 0, 0.05, "triangle", 0.2);
        break;
      case "spinStart":
        this.tone(220, 0, 0.25, "sawtooth", 0.08, 440);
        this.burst(0, 0.25, 900, 0.2);
        break;
      case "reelStop":
        this.burst(0, 0.12, 180, 0.6);
        this.tone(90, 0, 0.12, "sine", 0.35, 60);
        break;
      case "slam":
        this.burst(0, 0.2, 140, 0.8);
        break;
      case "tick":
        this.tone(1800, 0, 0.03, "square", 0.05);
        break;
      case "win":
        [NOTES.C5, NOTES.E5, NOTES.G5].forEach((f, i) => {
          this.tone(f, i * 0.09, 0.25, "triangle", 0.25);
        });
        break;
      case "bigWin":
        [NOTES.C5, NOTES.E5, NOTES.G5, NOTES.C6, NOTES.E6].forEach((f, i) => {
          this.tone(f, i * 0.11, 0.4, "triangle", 0.3);
          this.tone(f / 2, i * 0.11, 0.4, "sine", 0.15);
        });
        break;
      case "scatter":
        this.tone(NOTES.G5, 0, 0.5, "sine", 0.25, NOTES.C6);
        this.tone(NOTES.E6, 0.1, 0.4, "sine", 0.15);
        break;
      case "feature":
        [NOTES.G4, NOTES.C5, NOTES.E5, NOTES.G5, NOTES.C6].forEach((f, i) => {
          this.tone(f, i * 0.13, 0.6, "sine", 0.3);
          this.tone(f * 2, i * 0.13 + 0.05, 0.3, "triangle", 0.08);
        });
        break;
      case "pick":
        this.burst(0, 0.3, 2500, 0.3);
        this.tone(NOTES.A4, 0, 0.3, "sine", 0.2, NOTES.D5 * 2);
        break;
      case "coins":
        for (let i = 0; i < 6; i++) this.tone(2000 + 400 * (i % 3), i * 0.05, 0.08, "square", 0.05);
        break;
      case "error":
        this.tone(200, 0, 0.3, "square", 0.12, 120);
        break;
    }
  }
}
