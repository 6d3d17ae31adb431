import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import {
  Alert,
  Badge,
  Button,
  Field,
  Modal,
  Skeleton,
  TextInput,
  useFormatter,
} from "@manyhands/design-system"
import {
  CONTENT_LANGUAGES,
  type ArticleKind,
  type EditorArticle,
  type EditorTranslation,
  type RevisionDiff,
  type RevisionList,
} from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import { ConfirmFrame } from "../admin-lists"
import { useApi } from "../api"
import { LinkButton, NoticeRegion, TextLink, type Notice } from "../blocks"
import { SettingsCard } from "../customer/settings/shared/settings-card"
import { useShellServices } from "../shell-context"
import {
  EditorLayout,
  StatusBadges,
  useEditorArticle,
  isFutureLocal,
  isoOfLocal,
  localOfIso,
  tomorrow,
} from "./editor-parts"
import { NS, editorKind, type EditorKind } from "./editor-kinds"

export interface EditorArticleScreenProps {
  kind: ArticleKind
  /** GET /api/v1/editor/…/by-key/{slug}, preloaded by the route. */
  article?: EditorArticle
}

/**
 * /editor/…/{slug}: an article's translations with their state, made public now or at a time, or taken back;
 * the revisions of its texts, compared line by line and restored; and the article deleted.
 */
export function EditorArticleScreen({ kind, article: preloaded }: EditorArticleScreenProps) {
  const { t } = useTranslation(NS)
  const pages = editorKind(kind)
  const { article, answer } = useEditorArticle(pages, preloaded)
  const [notice, setNotice] = useState<Notice | null>(null)
  const revisions = useApi<RevisionList>(article ? pages.api.revisions.url({ id: article.id }) : null)

  if (!article)
    return (
      <EditorLayout kind={kind} titleId="editor-article-title" title={t("edit.loading")} lead="">
        <Skeleton shape="rect" className="h-96" />
      </EditorLayout>
    )

  const changed = (next: EditorArticle, text: string) => {
    answer.mutate(next, false)
    revisions.retry()
    setNotice({ tone: "success", text })
  }
  const first = article.translations[0]
  return (
    <EditorLayout
      kind={kind}
      titleId="editor-article-title"
      title={first?.title ?? article.key}
      lead={t("article.lead", { key: article.key })}
      actions={<LinkButton to={pages.edit(article.key)}>{t("article.edit")}</LinkButton>}
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
      {CONTENT_LANGUAGES[kind].map((language) => (
        <TranslationCard
          key={language}
          pages={pages}
          article={article}
          language={language}
          translation={article.translations.find((item) => item.language === language)}
          onChanged={changed}
          onFailed={(text) => setNotice({ tone: "warning", text })}
        />
      ))}
      <RevisionsCard
        pages={pages}
        article={article}
        revisions={revisions.data?.items ?? revisions.last?.items}
        failure={revisions.failure}
        onRestored={(next) => changed(next, t("revisions.restored"))}
        onFailed={(text) => setNotice({ tone: "warning", text })}
      />
      <DeleteCard pages={pages} article={article} />
    </EditorLayout>
  )
}

function TranslationCard({
  pages,
  article,
  language,
  translation,
  onChanged,
  onFailed,
}: {
  pages: EditorKind
  article: EditorArticle
  language: SiteLanguage
  translation: EditorTranslation | undefined
  onChanged: (article: EditorArticle, text: string) => void
  onFailed: (text: string) => void
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const [busy, setBusy] = useState<string | null>(null)
  const [when, setWhen] = useState(() => localOfIso(translation?.publishAt ?? tomorrow()))
  const [whenError, setWhenError] = useState<string | undefined>(undefined)
  const name = t(`languages.${language}`)

  const act = async (action: "publish" | "unpublish" | "schedule") => {
    const body = action === "schedule" ? { language, publishAt: isoOfLocal(when) } : { language }
    if (action === "schedule") {
      if (!isFutureLocal(when)) {
        setWhenError(t("publishing.errors.past"))
        return
      }
      setWhenError(undefined)
    }
    setBusy(action)
    try {
      const next = await api.send<EditorArticle>("POST", pages.api[action].url({ id: article.id }), body)
      const mine = next.translations.find((item) => item.language === language)
      onChanged(
        next,
        action === "schedule" && mine?.publishAt
          ? t("publishing.scheduledDone", { language: name, time: format.dateTime(mine.publishAt) })
          : t(`publishing.${action}Done`, { language: name }),
      )
    } catch (error) {
      onFailed(toFailure(error).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <SettingsCard
      id={`editor-translation-${language}`}
      title={name}
      action={
        translation ? <StatusBadges status={translation.status} outdated={translation.outdated} /> : undefined
      }
    >
      {!translation ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{t("article.noTranslation", { language: name })}</p>
          <LinkButton variant="secondary" to={pages.edit(article.key, language)}>
            {t("article.translate", { language: name })}
          </LinkButton>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">{t("article.titleLabel")}</dt>
            <dd className="font-medium">{translation.title}</dd>
            <dt className="text-muted-foreground">{t("article.address")}</dt>
            <dd className="font-mono break-all">
              {translation.status === "published" ? (
                <TextLink href={pages.publicPath(translation.slug)}>
                  {pages.publicPath(translation.slug)}
                </TextLink>
              ) : (
                pages.publicPath(translation.slug)
              )}
            </dd>
            {translation.publishAt && translation.status === "scheduled" ? (
              <>
                <dt className="text-muted-foreground">{t("article.publishAt")}</dt>
                <dd>{format.dateTime(translation.publishAt)}</dd>
              </>
            ) : null}
            {translation.publishedAt ? (
              <>
                <dt className="text-muted-foreground">{t("article.publishedAt")}</dt>
                <dd>{format.dateTime(translation.publishedAt)}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t("article.updatedAt")}</dt>
            <dd>{format.dateTime(translation.updatedAt)}</dd>
            <dt className="text-muted-foreground">{t("article.views")}</dt>
            <dd>{format.number(translation.views)}</dd>
          </dl>
          {translation.outdated ? (
            <Alert tone="warning" title={t("edit.outdated.title")}>
              {t("article.outdated")}
            </Alert>
          ) : null}
          <div className="flex flex-wrap items-end gap-3">
            {translation.status !== "published" ? (
              <Button
                onClick={() => void act("publish")}
                loading={busy === "publish"}
                disabled={busy !== null}
              >
                {t("publishing.publish")}
              </Button>
            ) : null}
            {translation.status !== "draft" ? (
              <Button
                variant="secondary"
                onClick={() => void act("unpublish")}
                loading={busy === "unpublish"}
                disabled={busy !== null}
              >
                {t("publishing.unpublish")}
              </Button>
            ) : null}
            <LinkButton variant="tertiary" to={pages.edit(article.key, language)}>
              {t("article.editLanguage", { language: name })}
            </LinkButton>
          </div>
          {translation.status !== "published" ? (
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault()
                void act("schedule")
              }}
            >
              <Field
                label={t("publishing.when")}
                hint={t("publishing.whenHint")}
                error={whenError}
                id={`publish-at-${language}`}
              >
                <TextInput
                  type="datetime-local"
                  step={1}
                  name="publishAt"
                  value={when}
                  onChange={(event) => setWhen(event.target.value)}
                />
              </Field>
              <Button
                type="submit"
                variant="secondary"
                loading={busy === "schedule"}
                disabled={busy !== null}
              >
                {translation.status === "scheduled" ? t("publishing.reschedule") : t("publishing.schedule")}
              </Button>
            </form>
          ) : null}
        </div>
      )}
    </SettingsCard>
  )
}

function RevisionsCard({
  pages,
  article,
  revisions,
  failure,
  onRestored,
  onFailed,
}: {
  pages: EditorKind
  article: EditorArticle
  revisions: RevisionList["items"] | undefined
  failure: string | null
  onRestored: (article: EditorArticle) => void
  onFailed: (text: string) => void
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const [diff, setDiff] = useState<RevisionDiff | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const compare = async (from: string, to: string) => {
    setBusy(`diff:${to}`)
    try {
      setDiff(await api.get<RevisionDiff>(pages.api.diff.url({ id: article.id }, { from, to })))
    } catch (error) {
      onFailed(toFailure(error).message)
    } finally {
      setBusy(null)
    }
  }
  const restore = async (revisionId: string) => {
    setBusy(`restore:${revisionId}`)
    try {
      onRestored(await api.send<EditorArticle>("POST", pages.api.restore.url({ id: article.id, revisionId })))
    } catch (error) {
      onFailed(toFailure(error).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <SettingsCard id="editor-revisions" title={t("revisions.title")} description={t("revisions.description")}>
      {failure && !revisions ? (
        <Alert tone="danger" title={t("loadError")}>
          {failure}
        </Alert>
      ) : !revisions ? (
        <Skeleton shape="rect" className="h-32" />
      ) : (
        <ol className="flex flex-col divide-y divide-border">
          {revisions.map((revision) => {
            // The one before it in the same language (the list is newest first).
            const older = revisions.find(
              (other) => other.language === revision.language && Number(other.id) < Number(revision.id),
            )
            const current = article.translations.find((item) => item.language === revision.language)?.revision
            return (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex flex-col gap-1 text-sm">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-xs font-semibold uppercase">{revision.language}</span>
                    <span className="font-medium">{revision.title}</span>
                    {revision.id === current ? (
                      <Badge tone="info" size="sm">
                        {t("revisions.current")}
                      </Badge>
                    ) : null}
                  </span>
                  <span className="text-muted-foreground">
                    {t("revisions.by", {
                      time: format.dateTime(revision.createdAt),
                      author: revision.author?.name ?? t("list.product"),
                      characters: format.number(revision.characters),
                    })}
                    {revision.restoredFrom
                      ? ` · ${t("revisions.restoredFrom", { id: revision.restoredFrom })}`
                      : ""}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  {older ? (
                    <Button
                      variant="secondary"
                      loading={busy === `diff:${revision.id}`}
                      disabled={busy !== null}
                      onClick={() => void compare(older.id, revision.id)}
                    >
                      {t("revisions.compare")}
                    </Button>
                  ) : null}
                  {revision.id !== current ? (
                    <Button
                      variant="tertiary"
                      loading={busy === `restore:${revision.id}`}
                      disabled={busy !== null}
                      onClick={() => void restore(revision.id)}
                    >
                      {t("revisions.restore")}
                    </Button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ol>
      )}
      <Modal
        open={diff !== null}
        onOpenChange={(open) => (open ? undefined : setDiff(null))}
        size="lg"
        title={t("revisions.diffTitle")}
        description={
          diff
            ? t("revisions.diffSummary", {
                added: format.number(diff.added),
                removed: format.number(diff.removed),
                from: format.dateTime(diff.from.createdAt),
                to: format.dateTime(diff.to.createdAt),
              })
            : undefined
        }
        closeLabel={t("revisions.close")}
      >
        {diff ? (
          <pre className="max-h-[60vh] overflow-auto rounded-md border border-border text-xs leading-5">
            {diff.lines.map((line, index) => (
              <div
                key={index}
                data-op={line.op}
                className={
                  line.op === "added"
                    ? "bg-success-soft text-success-text"
                    : line.op === "removed"
                      ? "bg-danger-soft text-danger-text"
                      : ""
                }
              >
                <span className="inline-block w-6 pl-2 select-none" aria-hidden="true">
                  {line.op === "added" ? "+" : line.op === "removed" ? "−" : " "}
                </span>
                {line.op === "same" ? null : (
                  <span className="sr-only">
                    {line.op === "added" ? t("revisions.added") : t("revisions.removed")}
                  </span>
                )}
                {line.text || " "}
              </div>
            ))}
          </pre>
        ) : null}
      </Modal>
    </SettingsCard>
  )
}

function DeleteCard({ pages, article }: { pages: EditorKind; article: EditorArticle }) {
  const { t } = useTranslation(NS)
  const { api, toFailure } = useShellServices()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState("")
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    setBusy(true)
    try {
      await api.send("DELETE", pages.api.remove.url({ id: article.id }))
      await navigate(pages.list)
    } catch (error) {
      setFailure(toFailure(error).message)
      setBusy(false)
    }
  }
  return (
    <SettingsCard id="editor-delete" title={t("delete.title")} description={t("delete.description")}>
      <ConfirmFrame
        open={open}
        onOpenChange={setOpen}
        trigger={<Button variant="primary-danger">{t("delete.button")}</Button>}
        size="md"
        title={t("delete.confirmTitle")}
        description={t("delete.confirmText", { key: article.key })}
        error={failure}
        errorTitle={t("delete.failed")}
        cancelLabel={t("delete.cancel")}
        confirmLabel={t("delete.confirm")}
        pending={busy}
        confirmDisabled={typed !== article.key}
        onConfirm={() => void remove()}
      >
        <Field label={t("delete.typeKey", { key: article.key })}>
          <TextInput value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
        </Field>
      </ConfirmFrame>
    </SettingsCard>
  )
}
