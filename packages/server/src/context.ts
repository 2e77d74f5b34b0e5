/**
 * The round context the server gives a game: what the round does not own (currency,
 * non-cash balances, the operator's configuration, the jurisdiction's feature flags,
 * autoplay, granted). Every step stores the context it was played in, so a replay is
 * draws + context + actions and needs nothing else.
 */
import { hash } from "node:crypto";
import type { RoundContext } from "@reelhouse/engine";
import type { JurisdictionProfile } from "./config.js";

export interface ContextParts {
  /** The operator's configuration, already parsed by the game (the round's own, stored at its start). */
  config: unknown;
  /** The player's non-cash balances before the step. */
  balances: Readonly<Record<string, number>>;
  autoplay: boolean;
  granted: boolean;
}

/** Builds a step's context from the player's currency and jurisdiction profile and the round. */
export function roundContext(
  currency: string,
  profile: Pick<JurisdictionProfile, "gamble" | "buyBonus" | "autoplay">,
  parts: ContextParts,
): RoundContext<unknown> {
  return Object.freeze({
    currency,
    balances: parts.balances,
    config: parts.config,
    features: Object.freeze({ gamble: profile.gamble, buyBonus: profile.buyBonus, autoplay: profile.autoplay }),
    autoplay: parts.autoplay,
    granted: parts.granted,
  });
}

/** A context as stored: content-addressed (its id is a hash of its JSON), once per distinct context. */
export interface StoredContext {
  id: string;
  json: string;
}

/**
 * Contexts without non-cash balances (nearly every step) repeat: the same currency, flags and
 * configuration. They are shared, frozen and serialised once; each step stores its context
 * by id in `contexts` (a few rows for millions of steps), written until known committed.
 */
export class ContextCache {
  /** Shared contexts by profile, configuration entry, currency and the autoplay/granted bits (no strings built per step). */
  private readonly shared = new WeakMap<object, WeakMap<object, Map<string, RoundContext<unknown>[]>>>();
  private readonly stored = new WeakMap<object, StoredContext>();
  /** Context ids whose row a committed transaction wrote or found. */
  private readonly committed = new Set<string>();

  /**
   * The context of a step. `config` is the configuration entry (an object that stays the same
   * while the configuration does); `profile` the jurisdiction profile object (replaced when changed).
   */
  get(
    currency: string,
    profile: Pick<JurisdictionProfile, "gamble" | "buyBonus" | "autoplay">,
    config: { config: unknown },
    parts: Omit<ContextParts, "config">,
  ): RoundContext<unknown> {
    for (const _unit in parts.balances) return roundContext(currency, profile, { ...parts, config: config.config });
    let byConfig = this.shared.get(profile);
    if (!byConfig) {
      byConfig = new WeakMap();
      this.shared.set(profile, byConfig);
    }
    let byCurrency = byConfig.get(config);
    if (!byCurrency) {
      byCurrency = new Map();
      byConfig.set(config, byCurrency);
    }
    let slots = byCurrency.get(currency);
    if (!slots) {
      slots = [];
      byCurrency.set(currency, slots);
    }
    const slot = (parts.autoplay ? 2 : 0) + (parts.granted ? 1 : 0);
    let context = slots[slot];
    if (!context) {
      context = roundContext(currency, profile, { ...parts, config: config.config });
      slots[slot] = context;
    }
    return context;
  }

  /** The context as stored (serialised and hashed once per context object). */
  toStored(context: RoundContext<unknown>): StoredContext {
    let stored = this.stored.get(context);
    if (stored === undefined) {
      const json = JSON.stringify(context);
      stored = { id: hash("sha256", json, "base64url").slice(0, 22), json };
      this.stored.set(context, stored);
    }
    return stored;
  }

  /** True when a committed transaction holds this context's row (its insert can be skipped). */
  isCommitted(id: string): boolean {
    return this.committed.has(id);
  }

  /** Called after a commit: the contexts its steps referenced exist from now on. */
  markCommitted(ids: Iterable<string>): void {
    if (this.committed.size > 100_000) this.committed.clear();
    for (const id of ids) this.committed.add(id);
  }
}
