/** A failure the client should see: an HTTP status and a catalogue key the error handler translates. */
export type FieldError = { field?: string; key: string; params?: Record<string, string | number> };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** Catalogue key (packages/shared/src/locales), also sent as `code`. */
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(key);
    this.name = 'AppError';
  }

  static unauthenticated() {
    return new AppError(401, 'errors.unauthenticated');
  }
  static forbidden() {
    return new AppError(403, 'errors.forbidden');
  }
  static notFound() {
    return new AppError(404, 'errors.not_found');
  }
  /** 422: the general "complete the fields" message, each refused field marked with its own. */
  static validation(fieldErrors: FieldError[]) {
    return new AppError(422, 'errors.validation', {}, fieldErrors);
  }
  static conflict(key = 'errors.conflict', fieldErrors: FieldError[] = []) {
    return new AppError(409, key, {}, fieldErrors);
  }
  /** 429; the message says minutes once the wait is a minute or more (the seconds go in Retry-After). */
  static tooManyRequests(retryAfterSeconds: number) {
    if (retryAfterSeconds < 60) return new AppError(429, 'errors.too_many_requests', { seconds: retryAfterSeconds });
    return new AppError(429, 'errors.too_many_requests_minutes', {
      seconds: retryAfterSeconds,
      minutes: Math.ceil(retryAfterSeconds / 60),
    });
  }
}
