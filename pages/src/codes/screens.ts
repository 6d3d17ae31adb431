import type { ScreenLoader } from "../screen-loader"

/** Screens of vouchers and promo codes, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PaypalVoucher: () => import("./voucher/paypal-voucher-screen"),
  PromoCode: () => import("./promo/promo-code-screen"),
  AdminVouchers: () => import("./admin/admin-vouchers-screen"),
  AdminPromoCodes: () => import("./admin/admin-promo-codes-screen"),
} satisfies Record<string, ScreenLoader>
