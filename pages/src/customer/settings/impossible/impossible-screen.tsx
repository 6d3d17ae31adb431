import { Trans, useTranslation } from "react-i18next"
import { SuccessIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import { InlineCode } from "../../../blocks"
import type { Page } from "@manyhands/contract"
import { captchaSettingsApi, type ImpossibleItem } from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { ErrorCode, TaskCell, TwoLines } from "../shared/cells"
import { PagedTable } from "../shared/paged-table"
import { SettingsCard } from "../shared/settings-card"
import { TaskThumbnail } from "../shared/task-thumbnail"
import { usePaged } from "../../../api"

/** /setting/impossible_captchas: tasks that ended unsolvable, why, and what the workers did with them. */
export default function ImpossibleScreen({
  impossibleCaptchas,
}: {
  impossibleCaptchas?: Page<ImpossibleItem>
}) {
  const { t } = useTranslation("captcha-settings")
  const format = useFormatter()
  const list = usePaged(captchaSettingsApi.impossible.url(), { initial: impossibleCaptchas })
  /** Who saw the task and what they did, leaving out what nobody did. */
  const workers = (item: ImpossibleItem) =>
    item.offered === 0
      ? t("impossible.nobodyFree")
      : [
          t("impossible.offered", { count: item.offered }),
          item.skipped > 0 ? t("impossible.skipped", { count: item.skipped }) : null,
          item.notACaptcha > 0 ? t("impossible.marked", { count: item.notACaptcha }) : null,
        ]
          .filter(Boolean)
          .join(" · ")

  const columns: TableColumn<ImpossibleItem>[] = [
    {
      key: "picture",
      header: t("shared.picture"),
      cell: (item) => <TaskThumbnail id={item.id} hasImage={item.hasImage} />,
    },
    {
      key: "id",
      header: t("shared.task"),
      rowHeader: true,
      cell: (item) => <TaskCell id={item.id} type={item.type} />,
    },
    {
      key: "endedAt",
      header: t("impossible.ended"),
      cell: (item) => (
        <TwoLines
          main={<span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(item.endedAt)}</span>}
          detail={t("impossible.after", {
            duration: format.duration(
              Math.max(0, (Date.parse(item.endedAt) - Date.parse(item.createdAt)) / 1000),
            ),
          })}
        />
      ),
    },
    {
      key: "reason",
      header: t("impossible.reason"),
      cell: (item) => (
        <span className="flex flex-col gap-1 @max-[40rem]:text-start">
          <span>{t(`impossible.reasons.${item.reason}`)}</span>
          <span className="text-sm text-muted-foreground">{workers(item)}</span>
          <ErrorCode code={item.errorCode} className="text-xs text-muted-foreground" />
        </span>
      ),
    },
  ]

  return (
    <CustomerLayout page="impossible" title={t("pages.impossible.title")} lead={t("pages.impossible.lead")}>
      <SettingsCard
        region={false}
        id="impossible-list"
        title={t("impossible.title")}
        description={<Trans t={t} i18nKey="impossible.description" components={{ code: <InlineCode /> }} />}
      >
        <PagedTable
          list={list}
          caption={t("impossible.title")}
          columns={columns}
          empty={{
            icon: <SuccessIcon />,
            title: t("impossible.emptyTitle"),
            description: t("impossible.emptyText"),
          }}
        />
      </SettingsCard>
    </CustomerLayout>
  )
}
