import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Field, Modal, Select, useFormatter, type TableColumn } from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import {
  RECIPIENT_FILTERS,
  messagesApi,
  type BroadcastSummary,
  type MessageRecipient,
  type RecipientFilter,
} from "@manyhands/contract/ops-messages"
import { useApi } from "../api"
import { PagedListSection } from "../blocks"

/** Who received a sent message and when each read it (closed its modal), readers first. */
export function ReadersDialog({
  message,
  onClose,
}: {
  message: BroadcastSummary | null
  onClose: () => void
}) {
  const { t } = useTranslation("ops-messages")
  const format = useFormatter()
  const [state, setState] = useState<RecipientFilter>("all")
  const [page, setPage] = useState(1)
  const [shown, setShown] = useState(message)
  if (message !== null && message !== shown) {
    setShown(message)
    setState("all")
    setPage(1)
  }
  const subject = message ?? shown
  const list = useApi<Page<MessageRecipient>>(
    message
      ? messagesApi.recipients.url(
          { id: message.id },
          { state: state === "all" ? undefined : state, page: page > 1 ? page : undefined },
        )
      : null,
  )

  const columns: TableColumn<MessageRecipient>[] = [
    {
      key: "email",
      header: t("readers.columns.email"),
      rowHeader: true,
      cell: (row) => <span className="break-all">{row.email}</span>,
    },
    { key: "language", header: t("readers.columns.language"), cell: (row) => row.interfaceLanguage },
    {
      key: "readAt",
      header: t("readers.columns.readAt"),
      cell: (row) =>
        row.readAt ? (
          format.dateTime(row.readAt)
        ) : (
          <span className="text-muted-foreground">{t("readers.unread")}</span>
        ),
    },
  ]

  return (
    <Modal
      size="lg"
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t("readers.title", { title: subject?.title ?? "" })}
      description={
        subject
          ? t("readers.summary", {
              read: format.number(subject.read),
              recipients: format.number(subject.recipients),
            })
          : undefined
      }
      closeLabel={t("readers.close")}
    >
      <div className="flex flex-col gap-4">
        <Field label={t("readers.filter")} className="w-full sm:w-52">
          <Select
            value={state}
            onValueChange={(value) => {
              setState(value as RecipientFilter)
              setPage(1)
            }}
            options={RECIPIENT_FILTERS.map((each) => ({ value: each, label: t(`readers.filters.${each}`) }))}
          />
        </Field>
        <PagedListSection
          list={list}
          page={page}
          onPageChange={setPage}
          labels={{ error: t("list.error"), retry: t("list.retry"), pagination: t("list.pagination") }}
          status={{ range: (shown) => t("list.range", shown), loading: t("list.loading"), live: true }}
          caption={t("readers.caption")}
          columns={columns}
          getRowId={(row) => row.userId}
          empty={{ titleAs: "h3", title: t(`readers.empty.${state}`) }}
        />
      </div>
    </Modal>
  )
}
