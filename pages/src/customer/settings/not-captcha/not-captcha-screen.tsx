import { useTranslation } from "react-i18next"
import { Badge, SuccessIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import { captchaSettingsApi, type NotCaptchaItem } from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { TASK_STATE_TONE } from "../../shared/task-cells"
import { TaskCell, TwoLines } from "../shared/cells"
import { PagedTable } from "../shared/paged-table"
import { SettingsCard } from "../shared/settings-card"
import { TaskThumbnail } from "../shared/task-thumbnail"
import { usePaged } from "../../../api"

/** /setting/not_captcha: tasks at least one worker marked "not a captcha", to check what the software sends. */
export default function NotCaptchaScreen({ notCaptcha }: { notCaptcha?: Page<NotCaptchaItem> }) {
  const { t } = useTranslation("captcha-settings")
  const format = useFormatter()
  const list = usePaged(captchaSettingsApi.notCaptcha.url(), { initial: notCaptcha })

  const columns: TableColumn<NotCaptchaItem>[] = [
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
      key: "createdAt",
      header: t("notCaptcha.sent"),
      cell: (item) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(item.createdAt)}</span>
      ),
    },
    {
      key: "marks",
      header: t("notCaptcha.why"),
      cell: (item) => (
        <TwoLines
          main={t("notCaptcha.marks", { count: item.marks })}
          detail={t(`notCaptcha.outcomes.${item.state}`)}
        />
      ),
    },
    {
      key: "state",
      header: t("notCaptcha.state"),
      cell: (item) => (
        <Badge tone={TASK_STATE_TONE[item.state]} dot>
          {t(`notCaptcha.states.${item.state}`)}
        </Badge>
      ),
    },
  ]

  return (
    <CustomerLayout page="notCaptcha" title={t("pages.notCaptcha.title")} lead={t("pages.notCaptcha.lead")}>
      <SettingsCard
        region={false}
        id="not-captcha-list"
        title={t("notCaptcha.title")}
        description={t("notCaptcha.description")}
      >
        <PagedTable
          list={list}
          caption={t("notCaptcha.title")}
          columns={columns}
          empty={{
            icon: <SuccessIcon />,
            title: t("notCaptcha.emptyTitle"),
            description: t("notCaptcha.emptyText"),
          }}
        />
      </SettingsCard>
    </CustomerLayout>
  )
}
