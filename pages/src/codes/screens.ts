import { withData, type ScreenEntry } from "../screen-loader"

/** Screens of vouchers and promo codes, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  PaypalVoucher: () => import("./voucher/paypal-voucher-screen"),
  PromoCode: withData(["redeemedPromoCodes"], () => import("./promo/promo-code-screen")),
  AdminVouchers: withData(["adminVouchers"], () => import("./admin/admin-vouchers-screen")),
  AdminPromoCodes: withData(["adminPromoCodes"], () => import("./admin/admin-promo-codes-screen")),
} satisfies Record<string, ScreenEntry>
