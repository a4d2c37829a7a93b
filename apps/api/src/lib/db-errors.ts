/**
 * Reads a PostgreSQL error out of whatever the driver threw: drizzle wraps the
 * pg error in DrizzleQueryError with the original as `cause`.
 */
export type PgErrorInfo = { code: string; constraint?: string };

export function pgErrorInfo(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The constraint a unique violation (23505) hit, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  const info = pgErrorInfo(error);
  return info?.code === '23505' ? (info.constraint ?? '') : undefined;
}
