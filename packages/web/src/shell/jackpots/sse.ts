/**
 * Server-Sent Events parsing (the `text/event-stream` format), for a stream read with
 * `fetch`: EventSource cannot send the Authorization header, and a session token must not
 * go in a URL. Pure: the feed and the unit tests use it.
 */

/** One dispatched event. */
export interface SseMessage {
  event: string;
  data: string;
  /** The `id` field, when the event carried one. */
  id?: string;
}

/** Incremental parser: feed it chunks of text, take the complete events. */
export class SseParser {
  private buffer = "";

  /** Adds text and returns the events it completed (comments and `retry` fields are skipped). */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk.replace(/\r\n?/g, "\n");
    const out: SseMessage[] = [];
    let cut = this.buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      cut = this.buffer.indexOf("\n\n");
      let event = "message";
      let id: string | undefined;
      const data: string[] = [];
      let any = false;
      for (const line of block.split("\n")) {
        if (line === "" || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
        else if (field === "id") id = value;
        else continue;
        any = true;
      }
      if (any && data.length > 0) out.push({ event, data: data.join("\n"), ...(id !== undefined ? { id } : {}) });
    }
    return out;
  }
}
