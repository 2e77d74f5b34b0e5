/**
 * The operator's id of a player (`externalId`): one account per id. Ids are compared as
 * NFC ("café" composed or decomposed is one id) and refused when they could look like
 * another id: control, format (bidi overrides and isolates, zero-width characters, BOM),
 * unassigned, private-use or other invisible characters, line and paragraph separators,
 * spaces other than U+0020, and whitespace around the id.
 */
import { badRequest } from "./errors.js";

/** At most this many characters, counted after NFC normalisation. */
export const EXTERNAL_ID_MAX = 200;

/**
 * Other (Cc control, Cf format, Cs surrogate, Co private use, Cn unassigned), line and
 * paragraph separators, every default-ignorable code point (drawn as nothing: ZWSP, word
 * joiner, variation selectors, Hangul fillers…) and every whitespace but the ASCII space.
 */
const REFUSED = /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\s/u;

/**
 * The external id of a create-player request, NFC-normalised: null when absent (or null),
 * else 400 BAD_EXTERNAL_ID naming the problem.
 */
export function externalIdOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw badRequest("BAD_EXTERNAL_ID", "externalId must be a string (or left out)");
  const id = value.normalize("NFC");
  if (id.length < 1 || id.length > EXTERNAL_ID_MAX)
    throw badRequest("BAD_EXTERNAL_ID", `externalId must be 1-${EXTERNAL_ID_MAX} characters`);
  const bad = REFUSED.exec(id);
  if (bad) {
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    throw badRequest(
      "BAD_EXTERNAL_ID",
      `externalId must not hold control, invisible, bidi or line-breaking characters, nor spaces other than U+0020 (U+${code} at index ${bad.index})`,
      { codePoint: `U+${code}`, index: bad.index },
    );
  }
  if (id.trim() !== id) throw badRequest("BAD_EXTERNAL_ID", "externalId must not start or end with a space");
  return id;
}
