import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  FileDrop,
  ProgressBar,
  Skeleton,
  TextInput,
  Field,
  useFormatter,
} from "@manyhands/design-system"
import {
  MAX_ATTACHMENT_BYTES,
  contentAttachmentsApi,
  type Attachment,
  type AttachmentList,
} from "@manyhands/contract/attachments"
import { useApi } from "../api"
import { SettingsCard } from "../customer/settings/shared/settings-card"
import { useShellServices } from "../shell-context"
import { NS } from "./editor-kinds"

/** What the server takes (it checks the bytes, not the name): pictures, re-encoded as WebP. */
const ACCEPT = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const

const OWN_MESSAGES = ["FILE_TYPE_NOT_ALLOWED", "FILE_TOO_LARGE", "IMAGE_UNREADABLE"] as const

type Upload =
  | { phase: "idle" }
  | { phase: "sending"; name: string; sent: number }
  | { phase: "done"; attachment: Attachment }
  | { phase: "failed"; name: string; message: string }

/**
 * Pictures for the text: upload one (with its progress; the server re-encodes it and strips its metadata), then
 * put it into the text where the cursor is. The latest uploads are listed to be used again.
 */
export function AttachmentsPanel({ onInsert }: { onInsert: (markdown: string) => void }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const [upload, setUpload] = useState<Upload>({ phase: "idle" })
  const [alt, setAlt] = useState("")
  const recent = useApi<AttachmentList>(contentAttachmentsApi.list.url(null, { pageSize: 6 }))

  const send = async (file: File) => {
    setUpload({ phase: "sending", name: file.name, sent: 0 })
    const form = new FormData()
    if (alt.trim()) form.set("alt", alt.trim())
    form.set("file", file)
    try {
      const attachment = await api.upload<Attachment>(
        "PUT",
        contentAttachmentsApi.upload.url(),
        form,
        (sent) => setUpload({ phase: "sending", name: file.name, sent }),
      )
      setUpload({ phase: "done", attachment })
      setAlt("")
      recent.retry()
    } catch (error) {
      const failure = toFailure(error)
      // The server's words for these name the documents' rules (PDF, 5 MB); the pictures' own are here.
      const message = OWN_MESSAGES.includes(failure.code as (typeof OWN_MESSAGES)[number])
        ? t(`attachments.errors.${failure.code}`)
        : failure.message
      setUpload({ phase: "failed", name: file.name, message })
    }
  }

  const items = recent.data?.items ?? recent.last?.items
  return (
    <SettingsCard
      id="editor-attachments"
      title={t("attachments.title")}
      description={t("attachments.description")}
    >
      <div className="flex flex-col gap-5">
        <Field label={t("attachments.alt")} hint={t("attachments.altHint")}>
          <TextInput
            name="alt"
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            maxLength={300}
          />
        </Field>
        <Field label={t("attachments.file")}>
          <FileDrop
            name="file"
            accept={ACCEPT}
            acceptLabel={t("attachments.accept")}
            maxSize={MAX_ATTACHMENT_BYTES}
            title={t("attachments.drop")}
            hint={t("attachments.limit", { size: format.number(MAX_ATTACHMENT_BYTES / 2 ** 20) })}
            value={[]}
            disabled={upload.phase === "sending"}
            onChange={(files) => {
              const file = files[0]
              if (file) void send(file)
            }}
            onReject={(rejections) => {
              const rejection = rejections[0]
              if (rejection)
                setUpload({ phase: "failed", name: rejection.file.name, message: rejection.message })
            }}
          />
        </Field>
        <div aria-live="polite" className="flex flex-col gap-3">
          {upload.phase === "sending" ? (
            <ProgressBar
              label={t("attachments.sending", { name: upload.name })}
              value={Math.round(upload.sent * 100)}
              showValue
            />
          ) : upload.phase === "failed" ? (
            <Alert tone="danger" title={t("attachments.failed", { name: upload.name })}>
              {upload.message}
            </Alert>
          ) : upload.phase === "done" ? (
            <Alert tone="success" title={t("attachments.done", { name: upload.attachment.fileName })}>
              <div className="mt-2">
                <Button onClick={() => onInsert(upload.attachment.markdown)}>
                  {t("attachments.insert")}
                </Button>
              </div>
            </Alert>
          ) : null}
        </div>
        <section aria-labelledby="editor-attachments-recent" className="flex flex-col gap-3">
          <h3 id="editor-attachments-recent" className="text-sm font-semibold">
            {t("attachments.recent")}
          </h3>
          {recent.failure && !items ? (
            <Alert tone="danger" title={t("attachments.listFailed")}>
              {recent.failure}
            </Alert>
          ) : !items ? (
            <Skeleton shape="rect" className="h-24" />
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("attachments.none")}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {items.map((attachment) => (
                <li key={attachment.id} className="flex flex-col gap-2 rounded-md border border-border p-2">
                  <img
                    src={attachment.variants[0]?.url ?? attachment.url}
                    alt={attachment.alt}
                    width={attachment.width}
                    height={attachment.height}
                    loading="lazy"
                    className="aspect-video w-full rounded object-cover"
                  />
                  <span
                    id={`attachment-${attachment.id}`}
                    className="truncate text-xs"
                    title={attachment.fileName}
                  >
                    {attachment.fileName}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {attachment.width}×{attachment.height} · {format.bytes(attachment.bytes)}
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => onInsert(attachment.markdown)}
                    aria-describedby={`attachment-${attachment.id}`}
                  >
                    {t("attachments.insert")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </SettingsCard>
  )
}
