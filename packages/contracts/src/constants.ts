/** Business constants of spec section 9 and SECURITY.md. */
export const OTP_LENGTH = 4;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const NOTIFICATIONS_PER_PAGE = 10;
export const AUTH_COOKIE = 'auth';
export const LOCALE_COOKIE = 'lang';
/** Set by the browser once it holds the site's stylesheets of this build (ADR 0026): documents link them instead of inlining. */
export const STYLES_COOKIE = 'styles';
export const COOKIE_MAX_AGE_DAYS = 365;
export const TOAST_MS = 3000;
export const ALERT_MS = 8000;
export const ALERT_FADE_MS = 500;
export const SPLASH_MS = 1000;
export const REDIRECT_DELAY_MS = 1000;
export const LOGOUT_DELAY_MS = 500;
export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const UNPAID_ORDER_CANCEL_HOURS = 2;
export const DEFAULT_COUNTRY_CODE = '966';
export const DEFAULT_COUNTRY_ISO = 'SA';
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 25_000_000;
export const DEFAULT_VAT_RATE = 15;

/** The largest value of a PostgreSQL `integer` column (ids, halalas, counts). */
export const DB_INT_MAX = 2_147_483_647;
/** The most of one product a cart line may hold. */
export const CART_MAX_QUANTITY = 10_000;
