import { useTranslation } from "react-i18next"
import { Badge, FileIcon, useFormatter, type BadgeTone, type TableColumn } from "@manyhands/design-system"
import { TextLink } from "../../../blocks"
import type { Page } from "@manyhands/contract"
import { captchaSettingsApi, type PingbackLogItem } from "@manyhands/contract/captcha"
import { CUSTOMER_PAGES, CustomerLayout } from "../../customer-layout"
import { TwoLines } from "../shared/cells"
import { PagedTable } from "../shared/paged-table"
import { SettingsCard } from "../shared/settings-card"
import { usePaged } from "../../../api"

const DELIVERY_TONES: Record<PingbackLogItem["delivery"], BadgeTone> = {
  delivered: "success",
  pending: "warning",
  failed: "danger",
}

const statusTone = (status: number): BadgeTone =>
  status >= 200 && status < 300 ? "success" : status < 400 ? "info" : status < 500 ? "warning" : "danger"

/** /setting/pingback_log: every attempt to deliver an answer to a pingback address, newest first. */
export default function PingbackLogScreen({ pingbackLog }: { pingbackLog?: Page<PingbackLogItem> }) {
  const { t } = useTranslation("captcha-settings")
  const format = useFormatter()
  const list = usePaged(captchaSettingsApi.pingbackLog.url(), { initial: pingbackLog })

  const columns: TableColumn<PingbackLogItem>[] = [
    {
      key: "taskId",
      header: t("pingbackLog.task"),
      rowHeader: true,
      cell: (item) => (
        <TwoLines
          main={<span className="font-mono text-[0.8125rem]">{item.taskId}</span>}
          detail={<span className="font-mono text-xs font-normal break-all">{item.url}</span>}
        />
      ),
    },
    {
      key: "at",
      header: t("pingbackLog.at"),
      cell: (item) => <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(item.at)}</span>,
    },
    {
      key: "status",
      header: t("pingbackLog.status"),
      cell: (item) => (
        <span className="flex flex-col items-start gap-1">
          {item.status === null ? (
            <Badge tone="neutral">{t("pingbackLog.noAnswer")}</Badge>
          ) : (
            <Badge tone={statusTone(item.status)}>
              {t("pingbackLog.httpStatus", { status: item.status })}
            </Badge>
          )}
          {item.error ? <span className="text-sm break-words text-danger-text">{item.error}</span> : null}
        </span>
      ),
    },
    {
      key: "durationMs",
      header: t("pingbackLog.duration"),
      align: "numeric",
      cell: (item) =>
        format.number(item.durationMs, { style: "unit", unit: "millisecond", unitDisplay: "short" }),
    },
    {
      key: "delivery",
      header: t("pingbackLog.delivery"),
      cell: (item) => (
        <Badge tone={DELIVERY_TONES[item.delivery]} dot>
          {t(`pingbackLog.deliveries.${item.delivery}`)}
        </Badge>
      ),
    },
  ]

  return (
    <CustomerLayout
      page="pingbackLog"
      title={t("pages.pingbackLog.title")}
      lead={t("pages.pingbackLog.lead")}
    >
      <SettingsCard
        region={false}
        id="pingback-log"
        title={t("pingbackLog.title")}
        description={t("pingbackLog.description")}
      >
        <PagedTable
          list={list}
          caption={t("pingbackLog.title")}
          columns={columns}
          getRowId={(item, index) => `${item.taskId}-${item.at}-${index}`}
          empty={{
            icon: <FileIcon />,
            title: t("pingbackLog.emptyTitle"),
            description: t("pingbackLog.emptyText"),
            action: (
              <TextLink to={CUSTOMER_PAGES.settings.pingback.href}>{t("pingbackLog.emptyAction")}</TextLink>
            ),
          }}
        />
      </SettingsCard>
    </CustomerLayout>
  )
}
