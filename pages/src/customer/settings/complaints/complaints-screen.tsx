import { Trans, useTranslation } from "react-i18next"
import { Badge, StarIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import { InlineCode, useMicroMoney } from "../../../blocks"
import type { Page } from "@manyhands/contract"
import { captchaSettingsApi, type ComplaintItem } from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { TaskCell, TwoLines } from "../shared/cells"
import { PagedTable } from "../shared/paged-table"
import { SettingsCard } from "../shared/settings-card"
import { usePaged } from "../../../api"

/** /setting/complaints: the customer's reports on answers, and what came of each. */
export default function ComplaintsScreen({ complaints }: { complaints?: Page<ComplaintItem> }) {
  const { t } = useTranslation("captcha-settings")
  const format = useFormatter()
  const money = useMicroMoney()
  const list = usePaged(captchaSettingsApi.complaints.url(), { initial: complaints })

  const columns: TableColumn<ComplaintItem>[] = [
    {
      key: "taskId",
      header: t("shared.task"),
      rowHeader: true,
      cell: (item) => <TaskCell id={item.taskId} type={item.type} />,
    },
    {
      key: "reportedAt",
      header: t("complaints.reportedAt"),
      cell: (item) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(item.reportedAt)}</span>
      ),
    },
    {
      key: "answer",
      header: t("complaints.answer"),
      cell: (item) =>
        item.answer === null ? (
          <span className="text-muted-foreground">{t("complaints.noAnswer")}</span>
        ) : (
          <span className="font-mono text-[0.8125rem] break-all">{item.answer}</span>
        ),
    },
    {
      key: "verdict",
      header: t("complaints.verdict"),
      cell: (item) => (
        <Badge tone={item.verdict === "bad" ? "warning" : "success"}>
          {t(`complaints.verdicts.${item.verdict}`)}
        </Badge>
      ),
    },
    {
      key: "outcome",
      header: t("complaints.outcome"),
      cell: (item) =>
        item.outcome === "refunded" ? (
          <TwoLines
            main={
              <Badge tone="success" dot>
                {t("complaints.refunded")}
              </Badge>
            }
            detail={t("complaints.refund", { amount: money(item.refund, item.currency) })}
          />
        ) : (
          <TwoLines
            main={
              <Badge tone="neutral" dot>
                {t("complaints.recorded")}
              </Badge>
            }
            detail={item.verdict === "bad" ? t("complaints.notRefunded") : t("complaints.thanks")}
          />
        ),
    },
  ]

  return (
    <CustomerLayout page="complaints" title={t("pages.complaints.title")} lead={t("pages.complaints.lead")}>
      <SettingsCard
        region={false}
        id="complaints-list"
        title={t("complaints.title")}
        description={<Trans t={t} i18nKey="complaints.description" components={{ code: <InlineCode /> }} />}
      >
        <PagedTable
          list={list}
          caption={t("complaints.title")}
          columns={columns}
          getRowId={(item) => item.taskId}
          empty={{
            icon: <StarIcon />,
            title: t("complaints.emptyTitle"),
            description: <Trans t={t} i18nKey="complaints.emptyText" components={{ code: <InlineCode /> }} />,
          }}
        />
      </SettingsCard>
    </CustomerLayout>
  )
}
