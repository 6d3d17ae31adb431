import { useTranslation } from "react-i18next"
import { Stat, StatGroup, useFormatter } from "@manyhands/design-system"
import type { OpsOverview } from "@manyhands/contract/ops-users"
import { LinkCardGrid } from "../blocks"
import { OpsLayout } from "./ops-layout"

/** Where each tool of the console lives, in the order the home lists them. */
export const CONSOLE_LINKS = [
  { id: "users", to: "/admin/users" },
  { id: "audit", to: "/admin/audit" },
  { id: "payouts", to: "/admin/payouts" },
  { id: "prices", to: "/admin/prices" },
  { id: "messages", to: "/admin/messages" },
  { id: "domains", to: "/editor/manual-domains" },
  { id: "vouchers", to: "/admin/vouchers" },
  { id: "promos", to: "/admin/promo-codes" },
  { id: "discounts", to: "/admin/discount-campaigns" },
] as const

export interface ConsoleHomeScreenProps {
  /** GET /api/v2/admin/overview, preloaded by the route; undefined while it loads. */
  adminOverview?: OpsOverview
}

/** /admin: the operations console's home for administrators: live figures and every tool of the console. */
export default function ConsoleHomeScreen({ adminOverview }: ConsoleHomeScreenProps) {
  const { t } = useTranslation("ops-console")
  const format = useFormatter()
  const figure = (key: keyof OpsOverview) => (adminOverview ? format.number(adminOverview[key]) : "")
  return (
    <OpsLayout titleId="ops-home-title" title={t("home.title")} lead={t("home.lead")} backToConsole={false}>
      <section aria-labelledby="ops-home-figures" className="flex flex-col gap-4">
        <h2 id="ops-home-figures" className="text-xl font-semibold">
          {t("home.figures")}
        </h2>
        <StatGroup columns={4}>
          <Stat label={t("home.stats.usersToday")} value={figure("usersToday")} loading={!adminOverview} />
          <Stat label={t("home.stats.usersTotal")} value={figure("usersTotal")} loading={!adminOverview} />
          <Stat label={t("home.stats.openPayouts")} value={figure("openPayouts")} loading={!adminOverview} />
          <Stat label={t("home.stats.bannedNow")} value={figure("bannedNow")} loading={!adminOverview} />
        </StatGroup>
      </section>
      <section aria-labelledby="ops-home-tools" className="flex flex-col gap-4">
        <h2 id="ops-home-tools" className="text-xl font-semibold">
          {t("home.tools")}
        </h2>
        <LinkCardGrid
          columns={3}
          items={CONSOLE_LINKS.map(({ id, to }) => ({
            id,
            to,
            title: t(`home.links.${id}.title`),
            text: t(`home.links.${id}.text`),
          }))}
        />
      </section>
    </OpsLayout>
  )
}
