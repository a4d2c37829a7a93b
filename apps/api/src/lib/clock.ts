import { cairoDay, now, setNowSource, today } from '@portal/shared/clock';

/**
 * The server's one clock (DESIGN §6): "now" and "today in Africa/Cairo". Every
 * decision that depends on the day takes it from here and passes it to SQL as a
 * parameter; timestamps written by the database itself (created_at, expiry) keep
 * the database's now(). Tests set it with setClock.
 */
export type Clock = {
  now(): Date;
  /** yyyy-mm-dd in Africa/Cairo. */
  today(): string;
};

export const clock: Clock = { now, today };

/** Fixes the clock at an instant (ISO string or Date); no argument returns it to the real time. */
export function setClock(instant?: string | Date): void {
  if (instant === undefined) {
    setNowSource(undefined);
    return;
  }
  const fixed = new Date(instant);
  if (Number.isNaN(fixed.getTime())) throw new Error(`setClock: not an instant: ${String(instant)}`);
  setNowSource(() => new Date(fixed));
}

export { cairoDay };
