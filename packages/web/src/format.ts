/**
 * Display formatting of integer amounts. Money arrives from the server as integers in
 * minor units and stays an integer here: the text is built from the digits, never from
 * a float division.
 */

const SYMBOLS: Readonly<Record<string, string>> = { EUR: "€", USD: "$", GBP: "£" };

/** Groups the digits of a non-negative integer in threes: 1234567 -> "1,234,567". */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`expected a non-negative safe integer, got ${value}`);
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Formats minor units as currency: `formatMoney(123456, "EUR")` is "€1,234.56".
 * Negative amounts get a leading minus. Throws on non-integers so a float never slips through.
 */
export function formatMoney(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer in minor units, got ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  const symbol = SYMBOLS[currency];
  const digits = `${groupDigits(whole)}.${cents}`;
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${digits} ${currency}`;
}

/** Whole coins an amount buys at a coin value (rounded down): the "in coins" column of the HUD. */
export function toCoins(minor: number, coinValue: number): number {
  if (!Number.isSafeInteger(minor) || !Number.isSafeInteger(coinValue) || coinValue <= 0) {
    throw new RangeError(`toCoins needs integers and a positive coin value, got ${minor} / ${coinValue}`);
  }
  return Math.trunc(minor / coinValue);
}

/** Formats a coin count: "1,250 coins" / "1 coin". */
export function formatCoins(coins: number): string {
  const sign = coins < 0 ? "-" : "";
  return `${sign}${groupDigits(Math.abs(coins))} ${Math.abs(coins) === 1 ? "coin" : "coins"}`;
}

/** A short local date-time for history rows: "2026-03-01 14:05:09". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** What {@link readMoneyInput} made of a typed amount: minor units, or why it is refused. */
export type MoneyReading = { ok: true; minor: number } | { ok: false; reason: string };

/** A run of digits split by one grouping mark: the first group 1-3 digits, then groups of exactly 3. */
function ungroup(text: string, mark: string): string | null {
  const groups = text.split(mark);
  const [head, ...rest] = groups;
  if (head === undefined || !/^\d{1,3}$/.test(head) || (head.startsWith("0") && rest.length > 0)) return null;
  return rest.every((g) => /^\d{3}$/.test(g)) ? groups.join("") : null;
}

/**
 * Reads an amount a person typed into minor units, from the digits (never through a float).
 * Both decimal marks are accepted, "4.50" and "4,50", with grouping written either way
 * ("1,234.50", "1.234,50", "1 234,50"). An amount that reads two ways is refused with a
 * reason rather than guessed: "1,250" is 1,250.00 with English grouping and 1.25 with a
 * decimal comma (a loss limit read 1,000 times too high is the bug this prevents).
 */
export function readMoneyInput(text: string): MoneyReading {
  const shown = text.trim();
  const refuse = (reason: string): MoneyReading => ({ ok: false, reason });
  const notAmount = refuse(`"${shown}" is not an amount: write it like 4.50 or 4,50.`);
  // Currency signs and codes around the number, and spaces or apostrophes used for grouping.
  let body = shown.replace(/^(?:[€$£]|EUR|USD|GBP)\s*|\s*(?:[€$£]|EUR|USD|GBP)$/gi, "");
  if (body === "") return refuse("Enter an amount, like 4.50.");
  if (/[\s\u00a0\u202f'’]/.test(body)) {
    const grouped = /^(\d{1,3}(?:[\s\u00a0\u202f'’]\d{3})+)([.,]\d*)?$/.exec(body);
    if (!grouped) return notAmount;
    body = (grouped[1] ?? "").replace(/\D/g, "") + (grouped[2] ?? "");
  }
  if (!/^\d[\d.,]*$/.test(body)) return notAmount;
  const marks = body.replace(/\d/g, "");
  let whole: string | null;
  let decimals = "";
  const last = Math.max(body.lastIndexOf("."), body.lastIndexOf(","));
  if (marks === "") whole = body;
  else if (marks.includes(".") && marks.includes(",")) {
    // Both marks: the last one is the decimal mark, the other groups the thousands.
    const decimalMark = body.charAt(last);
    if (marks.indexOf(decimalMark) !== marks.length - 1) return notAmount;
    whole = ungroup(body.slice(0, last), decimalMark === "." ? "," : ".");
    decimals = body.slice(last + 1);
  } else if (marks.length > 1) {
    // One mark, several times: thousands grouping of a whole amount.
    whole = ungroup(body, marks.charAt(0));
  } else {
    whole = body.slice(0, last);
    decimals = body.slice(last + 1);
    if (decimals.length === 3 && ungroup(body, marks) !== null) {
      // "1,251" can only be grouping (no amount has three decimals); "1,250" may be 1.25 too.
      if (!decimals.endsWith("0")) return { ok: true, minor: Number(whole + decimals) * 100 };
      const asGrouped = formatMoneyCode(Number(whole + decimals) * 100, "").trim();
      const asDecimal = `${whole}.${decimals.slice(0, 2)}`;
      return refuse(`"${shown}" could mean ${asGrouped} or ${asDecimal}: write ${whole}${decimals} or ${asDecimal}.`);
    }
  }
  if (whole === null || whole === "" || whole.length > 12 || !/^\d*$/.test(decimals)) return notAmount;
  if (decimals.length > 2) return refuse(`"${shown}" has more than two decimals.`);
  return { ok: true, minor: Number(whole) * 100 + Number(decimals.padEnd(2, "0")) };
}

/**
 * Reads a typed amount into minor units; null when {@link readMoneyInput} refuses it.
 */
export function parseMoneyInput(text: string): number | null {
  const reading = readMoneyInput(text);
  return reading.ok ? reading.minor : null;
}

/** Formats minor units with the currency code after the digits: "4.50 EUR", "1,234.50 EUR". */
export function formatMoneyCode(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer in minor units, got ${minor}`);
  const abs = Math.abs(minor);
  const digits = `${groupDigits(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
  return `${minor < 0 ? "-" : ""}${digits} ${currency}`;
}
