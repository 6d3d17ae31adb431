import { useTranslation } from "react-i18next"
import { SuccessIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import { captchaSettingsApi, type ReceivingErrorItem } from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { ErrorCode, TwoLines } from "../shared/cells"
import { PagedTable } from "../shared/paged-table"
import { SettingsCard } from "../shared/settings-card"
import { usePaged } from "../../../api"
import { ErrorAdvice } from "./error-advice"

/** /setting/errors: what the API answered with an error to the customer's key, with what to do about it. */
export default function ErrorsScreen({ receivingErrors }: { receivingErrors?: Page<ReceivingErrorItem> }) {
  const { t } = useTranslation("captcha-settings")
  const format = useFormatter()
  const list = usePaged(captchaSettingsApi.errors.url(), { initial: receivingErrors })

  const columns: TableColumn<ReceivingErrorItem>[] = [
    {
      // The row's header holds the explanation too: on a phone the header is the one full-width line of a row.
      key: "code",
      header: t("errors.code"),
      rowHeader: true,
      cell: (item) => (
        <span className="flex flex-col gap-1.5 font-normal">
          <span className="flex flex-wrap items-baseline gap-x-3">
            <ErrorCode code={item.code} className="font-medium" />
            <span className="font-mono text-xs text-muted-foreground">{item.endpoint}</span>
          </span>
          <ErrorAdvice code={item.code} description={item.description} />
        </span>
      ),
    },
    {
      key: "at",
      header: t("errors.at"),
      cell: (item) => (
        <TwoLines
          main={<span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(item.at)}</span>}
          detail={item.ip ? <span className="font-mono text-xs break-all">{item.ip}</span> : t("errors.noIp")}
        />
      ),
    },
  ]

  return (
    <CustomerLayout page="errors" title={t("pages.errors.title")} lead={t("pages.errors.lead")}>
      <SettingsCard
        region={false}
        id="errors-list"
        title={t("errors.title")}
        description={t("errors.description")}
      >
        <PagedTable
          list={list}
          caption={t("errors.title")}
          columns={columns}
          empty={{
            icon: <SuccessIcon />,
            title: t("errors.emptyTitle"),
            description: t("errors.emptyText"),
          }}
        />
      </SettingsCard>
    </CustomerLayout>
  )
}
