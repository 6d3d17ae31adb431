/**
 * What the screens of vouchers and promo codes know besides the API (@manyhands/contract/codes has the answers
 * and addresses of server/CODES.md).
 */

/** The support address that sells vouchers (paid with PayPal). */
export const VOUCHER_SUPPORT_EMAIL = "support@manyhands.dev"
