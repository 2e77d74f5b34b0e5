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

/**
 * Reads an amount a person typed ("12", "12.5", "1,250.00") into minor units, from the
 * digits (never through a float). Returns null when it is not a valid non-negative amount.
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.trim().replace(/[€$£\s,]/g, "");
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + cents;
}
