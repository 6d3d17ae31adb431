import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  Field,
  FileDrop,
  Select,
  DataTable,
  useFormatter,
  type BadgeTone,
  type TableColumn,
} from "@manyhands/design-system"
import { CheckList } from "../../blocks"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_KINDS,
  MAX_DOCUMENT_BYTES,
  profileApi,
  type DocumentKind,
  type DocumentStatus,
  type DocumentsData,
  type IdentityDocument,
} from "@manyhands/contract/accounts"
import { placeFailure } from "../profile-forms"
import { ProfileLayout } from "../profile-layout"

const STATUS_TONE: Record<DocumentStatus, BadgeTone> = {
  pending: "info",
  approved: "success",
  rejected: "danger",
}

interface UploadValues {
  kind: DocumentKind | ""
  file: File | null
}

/** /profile/docs: why documents are needed, an upload form and the uploaded documents with their review. */
export default function DocumentsScreen({ documents }: { documents?: DocumentsData }) {
  const { t } = useTranslation("profile")
  // Uploads and removals show at once; the list from the server follows after `refresh`.
  const [added, setAdded] = useState<IdentityDocument[]>([])
  const [removed, setRemoved] = useState<string[]>([])
  const list = documents
    ? [
        ...added.filter((doc) => !documents.documents.some((known) => known.id === doc.id)),
        ...documents.documents,
      ].filter((doc) => !removed.includes(doc.id))
    : undefined

  return (
    <ProfileLayout page="documents">
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard id="documents-why" title={t("documents.whyTitle")}>
          <p>{t("documents.why")}</p>
        </ProfileCard>
        <ProfileCard id="documents-accepted" title={t("documents.acceptedTitle")}>
          <CheckList
            items={(["types", "readable", "name"] as const).map((id) => ({
              id,
              text: t(`documents.accepted.${id}`),
            }))}
          />
        </ProfileCard>
      </div>
      <UploadForm onUploaded={(doc) => setAdded((current) => [doc, ...current])} />
      <DocumentList documents={list} onRemoved={(id) => setRemoved((current) => [...current, id])} />
    </ProfileLayout>
  )
}

function UploadForm({ onUploaded }: { onUploaded: (document: IdentityDocument) => void }) {
  const { t } = useTranslation("profile")
  const { api, refresh } = useShellServices()
  const [uploaded, setUploaded] = useState<string | null>(null)
  const form = useForm<UploadValues>({
    initial: { kind: "", file: null },
    validate: (values) => {
      const errors: FieldErrors<UploadValues> = {}
      if (!values.kind) errors.kind = t("documents.kindRequired")
      if (!values.file) errors.file = t("documents.fileRequired")
      return errors
    },
    submit: async ({ kind, file }) => {
      if (!kind || !file) return
      setUploaded(null)
      let document: IdentityDocument
      try {
        document = await api.send<IdentityDocument>(
          "POST",
          profileApi.uploadDocument.url(null, { kind, name: file.name }),
          file,
        )
      } catch (error) {
        throw placeFailure(error, { codes: { FILE_TYPE_NOT_ALLOWED: "file", FILE_TOO_LARGE: "file" } })
      }
      onUploaded(document)
      setUploaded(file.name)
      form.reset()
      await refresh(profileApi.documents.url())
    },
  })

  return (
    <ProfileCard id="documents-upload" title={t("documents.uploadTitle")}>
      <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("documents.kind")} required className="max-w-sm" {...form.field("kind")}>
          <Select
            options={DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`documents.kinds.${kind}`) }))}
            value={form.values.kind || undefined}
            onValueChange={(value) => {
              form.set("kind", value as DocumentKind)
              setUploaded(null)
            }}
            onBlur={() => form.touch("kind")}
            name="kind"
          />
        </Field>
        <Field label={t("documents.file")} required {...form.field("file")}>
          <FileDrop
            accept={DOCUMENT_CONTENT_TYPES}
            acceptLabel={t("documents.fileTypes")}
            maxSize={MAX_DOCUMENT_BYTES}
            title={t("documents.fileTitle")}
            hint={t("documents.fileHint")}
            value={form.values.file ? [form.values.file] : []}
            onChange={(files) => {
              form.set("file", files[0] ?? null)
              form.touch("file")
              setUploaded(null)
            }}
            disabled={form.submitting}
          />
        </Field>
        <FormError message={form.formError} />
        {uploaded ? <Alert tone="success">{t("documents.uploaded", { name: uploaded })}</Alert> : null}
        <div>
          <Button type="submit" disabled={form.submitting}>
            {t("documents.submit")}
          </Button>
        </div>
      </form>
    </ProfileCard>
  )
}

function DocumentList({
  documents,
  onRemoved,
}: {
  documents?: IdentityDocument[]
  onRemoved: (id: string) => void
}) {
  const { t } = useTranslation("profile")
  const format = useFormatter()
  const { api, refresh } = useShellServices()
  const [removing, setRemoving] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [removedName, setRemovedName] = useState<string | null>(null)

  const remove = async (document: IdentityDocument) => {
    setRemoving(document.id)
    setFailure(null)
    setRemovedName(null)
    try {
      await api.send("DELETE", profileApi.deleteDocument.url({ id: document.id }))
      onRemoved(document.id)
      setRemovedName(document.fileName)
      await refresh(profileApi.documents.url())
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error.message : String(error))
    } finally {
      setRemoving(null)
    }
  }

  const columns: TableColumn<IdentityDocument>[] = [
    {
      key: "document",
      header: t("documents.document"),
      rowHeader: true,
      width: "30%",
      cell: (doc) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span>{t(`documents.kinds.${doc.kind}`)}</span>
          <span className="text-sm font-normal [overflow-wrap:anywhere] text-muted-foreground">
            {doc.fileName}
          </span>
        </span>
      ),
    },
    {
      key: "createdAt",
      header: t("documents.uploadedAt"),
      className: "whitespace-nowrap",
      cell: (doc) => format.date(doc.createdAt, "medium"),
    },
    {
      key: "size",
      header: t("documents.size"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (doc) => format.bytes(doc.size),
    },
    {
      key: "status",
      header: t("documents.status"),
      cell: (doc) => (
        <span className="flex flex-col items-start gap-1 @max-[40rem]:items-end">
          <Badge tone={STATUS_TONE[doc.status]} dot>
            {t(`documents.statuses.${doc.status}`)}
          </Badge>
          {doc.reviewNote ? (
            <span className="text-sm text-muted-foreground">
              {t("documents.reviewNote", { note: doc.reviewNote })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: t("documents.actions"),
      align: "end",
      cell: (doc) => (
        <span className="inline-flex flex-wrap justify-end gap-2">
          <Button asChild variant="tertiary">
            <a
              href={profileApi.documentFile.url({ id: doc.id })}
              target="_blank"
              rel="noopener"
              aria-label={t("documents.viewLabel", { name: doc.fileName })}
            >
              {t("documents.view")}
            </a>
          </Button>
          {doc.status === "pending" ? (
            <Button
              variant="service"
              disabled={removing !== null}
              loading={removing === doc.id}
              aria-label={t("documents.removeLabel", { name: doc.fileName })}
              onClick={() => void remove(doc)}
            >
              {t("documents.remove")}
            </Button>
          ) : null}
        </span>
      ),
    },
  ]

  return (
    <ProfileCard id="documents-list" title={t("documents.listTitle")}>
      {failure ? <FormError message={failure} /> : null}
      {removedName ? <Alert tone="success">{t("documents.removed", { name: removedName })}</Alert> : null}
      <DataTable
        caption={t("documents.caption")}
        captionHidden
        columns={columns}
        rows={documents ?? []}
        loading={!documents}
        loadingRows={2}
        empty={{ title: t("documents.emptyTitle"), description: t("documents.emptyText"), titleAs: "h3" }}
      />
    </ProfileCard>
  )
}
