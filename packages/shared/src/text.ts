// Egyptian users type Arabic-Indic (٠-٩) or Persian (۰-۹) digits as often as Latin ones;
// inputs accept all of them and store Latin (GLOSSARY "Digits").
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    const base = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - base);
  });
}

/** The Arabic decimal separator (٫, U+066B) and thousands separator (٬, U+066C) an Arabic keyboard types. */
const ARABIC_DECIMAL = '\u066b';
const ARABIC_THOUSANDS = '\u066c';
/** Whole part grouped by thousands: 1٬250 or 12٬500٬000, never 12٬50 (a slip for 12٫50 must not pass as 1250). */
const GROUPED = /^\d{1,3}(?:\u066c\d{3})+$/;

/**
 * A decimal number as people type it, in the Latin form a number check reads: Arabic-Indic or Persian
 * digits become Latin, the Arabic decimal separator (٫) becomes '.', and the Arabic thousands
 * separator (٬) is dropped when it groups the whole part by threes. Anything else is left as it is
 * (trimmed), for the check to refuse: "١٬٢٥٠٫٥" → "1250.5", "350.50" → "350.50", "12٬50" stays.
 */
export function toLatinNumber(value: string): string {
  const text = toLatinDigits(value.trim()).replace(ARABIC_DECIMAL, '.');
  const [whole = '', ...rest] = text.split('.');
  if (!whole.includes(ARABIC_THOUSANDS)) return text;
  if (!GROUPED.test(whole)) return text;
  return [whole.replaceAll(ARABIC_THOUSANDS, ''), ...rest].join('.');
}

/** Removes every kind of white space, including the no-break and zero-width ones phones paste. */
export function stripSpaces(value: string): string {
  return value.replace(/[\s\u200b-\u200f\u2060\ufeff]+/g, '');
}

/**
 * A phone as people paste it ("010 1234 5678", "+20 10 1234-5678", "٠١٠١٢٣٤٥٦٧٨", "0020 …"):
 * Latin digits, no spaces, dashes, dots or brackets, and Egypt's country code turned back into
 * the leading 0. Length and shape are checked after this, never before.
 */
export function normalizePhone(value: string): string {
  const digits = toLatinDigits(stripSpaces(value)).replace(/[-.()\u2010-\u2015]/g, '');
  const international = /^(?:\+|00)?20(1[0-9]{9})$/.exec(digits);
  return international ? `0${international[1]}` : digits;
}

/** An Egyptian mobile number once normalized: 010, 011, 012 or 015, then 8 digits. */
export const EGYPTIAN_MOBILE = /^01[0125][0-9]{8}$/;
