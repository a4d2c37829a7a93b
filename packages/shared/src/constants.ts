// Business constants of SPEC §9, defined once for the server and the web app.

export const ASSOCIATION_COSTS = [5, 10, 20, 50, 100, 200] as const;
export type AssociationCost = (typeof ASSOCIATION_COSTS)[number];
/** to_date = from_date + this many days (SPEC §5, DESIGN §2). */
export const ASSOCIATION_DURATION_DAYS = 1200;

/** Page sizes the server accepts; the selector offers PAGE_SIZE_OPTIONS. */
export const PAGE_SIZES = [5, 10, 20, 50, 100, 200] as const;
/** The sizes the page-size selector offers, and the default_page_size setting may take (SPEC §9). */
export const OFFERED_PAGE_SIZES = [5, 10, 20, 50] as const;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/**
 * The most days before a due date an installment reminder may go out (setting reminder_days_before:
 * 0 to this; a week — further ahead it is not a reminder). Here, so the settings screen reads it
 * without loading zod.
 */
export const REMINDER_DAYS_MAX = 7;
/** perPage -1 asks for every row (association dropdowns); capped server-side. */
export const ALL_ROWS = -1;
export const ALL_ROWS_CAP = 1000;
export const DASHBOARD_TABLE_PAGE_SIZE = 5;
export const DASHBOARD_LATEST_ROWS = 7;
export const MY_REQUESTS_LIMIT = 5;
export const DROPDOWN_PAGE_SIZE = 50;

export const NOTIFICATIONS_START_LIMIT = 5;
export const NOTIFICATIONS_STEP = 5;
/** The most notifications a client may ask for at once; the bell grows its limit by NOTIFICATIONS_STEP up to this. */
export const NOTIFICATIONS_MAX_LIMIT = 100;
export const BADGE_CAP = 99;

/** Where a recovery account stands (docs/decisions/0005): waiting for its email, for staff, or verified. */
export const RECOVERY_STATUSES = ['pending_activation', 'pending_review', 'verified'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

export const FILE_SIZE_LIMIT_BYTES = 512 * 1024;
export const PHONE_MAX_LENGTH = 12;
export const NATIONAL_ID_LENGTH = 14;
export const TAX_NUMBER_MAX_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound on any password we hash, so a huge body cannot burn CPU in argon2. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 150;
export const EMAIL_MAX_LENGTH = 190;
export const SEARCH_MAX_LENGTH = 100;

export const TOAST_SECONDS = 2;
export const TOAST_SHORT_SECONDS = 1.5;

export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ar';
/** localStorage key of the chosen language (SPEC §1). */
export const LANG_STORAGE_KEY = 'lang';
/**
 * The cookie that repeats the chosen language for the server: it sends the guest pages prerendered
 * in that language (apps/api/src/plugins/web-app.ts, docs/decisions/0033); Arabic without it.
 */
export const LANG_COOKIE = 'lang';
export const CURRENCY = 'EGP';
export const TIME_ZONE = 'Africa/Cairo';
