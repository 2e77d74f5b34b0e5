/**
 * Typed event playback for game views (after Stake web-sdk's bookEventHandlerMap): a game
 * lists one handler per event type of its own event union, so an event type without a
 * handler is a compile error, and each handler receives its event already narrowed.
 */

/** A game event: a discriminated union tagged by `type`. */
export interface TaggedEvent {
  readonly type: string;
}

/** One handler per event type of `E`; each receives exactly its own event and a context `C`. */
export type EventHandlers<E extends TaggedEvent, C> = {
  readonly [K in E["type"]]: (event: Extract<E, { type: K }>, context: C) => void | Promise<void>;
};

/** Every tag of a union, listed once: a missing or unknown tag is a compile error. */
export type TagSet<T extends TaggedEvent> = { readonly [K in T["type"]]: true };

/** A union's tags bound to the union, so {@link narrow} knows the type it yields. */
export interface Tags<E extends TaggedEvent> {
  readonly set: TagSet<E>;
  /** Type only: never set. */
  readonly union?: E;
}

/** Binds the complete tag list of union `E`: `tagsOf<GameEvent>({ spin: true, … })`. */
export function tagsOf<E extends TaggedEvent>(set: TagSet<E>): Tags<E> {
  return { set };
}

/**
 * Keeps the wire values whose `type` is one of `tags`: the one place where JSON from the
 * server becomes the game's event (or awaiting) type. The server runs the game's own code,
 * so the tag decides the shape; a tag this client does not know (a newer server) is dropped.
 */
export function narrow<E extends TaggedEvent>(tags: Tags<E>, raw: readonly unknown[]): E[] {
  return raw.filter((value): value is E => hasTag(tags, value));
}

/** The one value narrowed by its tag, or null when it is not one of `tags`. */
export function narrowOne<E extends TaggedEvent>(tags: Tags<E>, value: unknown): E | null {
  return hasTag(tags, value) ? value : null;
}

function hasTag<E extends TaggedEvent>(tags: Tags<E>, value: unknown): value is E {
  if (typeof value !== "object" || value === null || !("type" in value)) return false;
  const tag = value.type;
  return typeof tag === "string" && Object.hasOwn(tags.set, tag);
}

/** Plays `events` in order through their handlers, each finished before the next starts. */
export async function playEvents<E extends TaggedEvent, C>(
  handlers: EventHandlers<E, C>,
  events: readonly E[],
  context: C,
): Promise<void> {
  for (const event of events) await dispatch(handlers, event, context);
}

/** Calls the handler of the event's own type. */
export function dispatch<E extends TaggedEvent, C>(handlers: EventHandlers<E, C>, event: E, context: C): void | Promise<void> {
  // The mapped type guarantees handlers[event.type] takes this very event; TypeScript cannot
  // correlate the key with the union member, so the lookup is widened once, here.
  const handler = handlers[event.type as E["type"]] as (event: E, context: C) => void | Promise<void>;
  return handler(event, context);
}
