/**
 * The shell's shared jackpot UI (docs/jackpots.md §7, docs/client.md): one {@link JackpotFeed}
 * per page, {@link WinNotices} (toasts, celebration) on every screen, and a
 * {@link JackpotTicker} on the screen of any game whose description lists `jackpots`.
 */
export { type FeedListener, type FeedStatus, JackpotFeed } from "./feed.js";
export { WinNotices } from "./notices.js";
export { SseParser } from "./sse.js";
export { JackpotTicker } from "./ticker.js";
