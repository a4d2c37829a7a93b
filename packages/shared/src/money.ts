/**
 * Money is kept in integer piastres (1 EGP = 100) and summed in SQL (DESIGN §6); the API shows
 * EGP. Only these two conversions happen in JavaScript, at the edge (the API's answers, and the web
 * app's sums of amounts it shows: whole piastres add up exactly, floats of pounds drift).
 */
export function piastresToPounds(piastres: number | string): number {
  return Number(piastres) / 100;
}

export function poundsToPiastres(pounds: number): number {
  return Math.round(pounds * 100);
}
