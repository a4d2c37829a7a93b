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
/** Thousands separators people type: the Arabic one (٬) and the Latin comma. */
const THOUSANDS = /[\u066c,]/;
/** Whole part grouped by thousands: 1٬250, 1,250 or 12٬500٬000, never 12٬50 (a slip for 12٫50 must not pass as 1250). */
const GROUPED = /^\d{1,3}(?:([\u066c,])\d{3})(?:\1\d{3})*$/;

/**
 * The one rule for a number people type (GLOSSARY "Digits"; every numeric field of the shared
 * schemas reads its text through it, on the form and on the server): trimmed, Arabic-Indic or
 * Persian digits become Latin, the Arabic decimal separator (٫) becomes '.', and a thousands
 * separator (٬ or ',', one kind) is dropped when it groups the whole part by threes. Anything else
 * is left as it is, for the number check to refuse: "١٬٢٥٠٫٥" → "1250.5", "350.50" → "350.50",
 * "12٬50" stays.
 */
export function toLatinNumber(value: string): string {
  const text = toLatinDigits(value.trim()).replace(ARABIC_DECIMAL, '.');
  const [whole = '', ...rest] = text.split('.');
  if (!THOUSANDS.test(whole)) return text;
  if (!GROUPED.test(whole)) return text;
  return [whole.replace(/[\u066c,]/g, ''), ...rest].join('.');
}

/** Invisible marks a code pasted from a right-to-left text carries (direction marks, zero-width characters). */
const INVISIBLE_MARKS = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * The same rule for a code or a reference people type (a transfer reference "TRX-٢٠٢٦-001", an
 * association code "A-٤٢"): its digits Latin, invisible direction marks a paste brings along
 * dropped, trimmed; letters and signs kept as typed, so it is stored and searched in one form.
 */
export function toLatinCode(value: string): string {
  return toLatinDigits(value.replace(INVISIBLE_MARKS, '')).trim();
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
