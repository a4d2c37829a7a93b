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

/** Removes every kind of white space, including the no-break and zero-width ones phones paste. */
export function stripSpaces(value: string): string {
  return value.replace(/[\s\u200b-\u200f\u2060\ufeff]+/g, '');
}

export function normalizePhone(value: string): string {
  return toLatinDigits(stripSpaces(value));
}
