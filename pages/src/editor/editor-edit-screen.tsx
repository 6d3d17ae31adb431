import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextArea,
  TextInput,
  useFormatter,
} from "@manyhands/design-system"
import {
  CONTENT_LANGUAGES,
  MARKDOWN_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TITLE_MAX_LENGTH,
  type ArticleKind,
  type CleanHtml,
  type EditorArticle,
  type EditorTranslation,
  type RenderedPreview,
  type SaveArticleBody,
  contentEditorApi,
} from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import { LinkButton, TextLink } from "../blocks"
import { ArticleBody } from "../content/article-body"
import { SettingsCard } from "../customer/settings/shared/settings-card"
import { useShellServices, type ApiFailure } from "../shell-context"
import { AttachmentsPanel } from "./attachments-panel"
import { EditorLayout, StatusBadges, useEditorArticle } from "./editor-parts"
import { NS, editorKind, type EditorKind } from "./editor-kinds"
import { parseTags, tagsError } from "./tags"

export interface EditorEditScreenProps {
  kind: ArticleKind
  /** GET /api/v1/editor/…/by-key/{slug}: the article with every translation, preloaded by the route. */
  article?: EditorArticle
}

/** How long typing must pause before the preview is rendered and a draft saved. */
export const PREVIEW_DELAY_MS = 400
export const AUTOSAVE_DELAY_MS = 2000

/**
 * /editor/…/{slug}/edit: one tab per language the kind is written in. Each tab edits its translation (title,
 * slug, text, SEO fields; tags and cover are the article's) beside a live preview rendered by the server's own
 * renderer; drafts save themselves when typing pauses, public translations only when told to.
 */
export function EditorEditScreen({ kind, article: preloaded }: EditorEditScreenProps) {
  const { t } = useTranslation(NS)
  const pages = editorKind(kind)
  const [params, setParams] = useSearchParams()
  const languages = CONTENT_LANGUAGES[kind]
  const { article, answer } = useEditorArticle(pages, preloaded)
  const asked = params.get("language")
  const language = (languages.find((code) => code === asked) ??
    article?.translations[0]?.language ??
    languages[0]) as SiteLanguage

  if (!article)
    return (
      <EditorLayout kind={kind} titleId="editor-edit-title" title={t("edit.loading")} lead="">
        <Skeleton shape="rect" className="h-96" />
      </EditorLayout>
    )
  const first = article.translations[0]
  return (
    <EditorLayout
      kind={kind}
      titleId="editor-edit-title"
      title={t("edit.title", { title: first?.title ?? article.key })}
      lead={t("edit.lead")}
      actions={
        <LinkButton variant="secondary" to={pages.article(article.key)}>
          {t("edit.toArticle")}
        </LinkButton>
      }
    >
      <Tabs
        value={language}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current)
              next.set("language", value)
              return next
            },
            { replace: true },
          )
        }
      >
        <TabsList aria-label={t("edit.languages")}>
          {languages.map((code) => (
            <TabsTrigger key={code} value={code}>
              {t(`languages.${code}`)}
              {article.translations.some((item) => item.language === code) ? null : ` · ${t("edit.missing")}`}
            </TabsTrigger>
          ))}
        </TabsList>
        {languages.map((code) => (
          <TabsContent key={code} value={code} className="pt-6">
            <TranslationEditor
              key={`${article.id}:${code}`}
              pages={pages}
              article={article}
              language={code}
              onSaved={(saved) => answer.mutate(saved, false)}
            />
          </TabsContent>
        ))}
      </Tabs>
    </EditorLayout>
  )
}

interface Values {
  title: string
  slug: string
  markdown: string
  tags: string
  coverUrl: string
  seoTitle: string
  seoDescription: string
  canonical: string
}

const valuesOf = (article: EditorArticle, translation: EditorTranslation | undefined): Values => ({
  title: translation?.title ?? "",
  slug: translation?.slug ?? "",
  markdown: translation?.markdown ?? "",
  tags: article.tags.join(", "),
  coverUrl: article.coverUrl ?? "",
  seoTitle: translation?.seoTitle ?? "",
  seoDescription: translation?.seoDescription ?? "",
  canonical: translation?.canonical ?? "",
})

type SaveState =
  | { phase: "clean" }
  | { phase: "dirty" }
  | { phase: "saving" }
  | { phase: "saved"; at: string }
  | { phase: "failed"; failure: ApiFailure }

function TranslationEditor({
  pages,
  article,
  language,
  onSaved,
}: {
  pages: EditorKind
  article: EditorArticle
  language: SiteLanguage
  onSaved: (article: EditorArticle) => void
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const translation = article.translations.find((item) => item.language === language)
  const source = article.translations.find((item) => item.language === "en")
  const [values, setValues] = useState<Values>(() => valuesOf(article, translation))
  const [save, setSave] = useState<SaveState>({ phase: "clean" })
  const [markCurrent, setMarkCurrent] = useState(false)
  // The revision this tab's text started from: sent with each save, so a save by someone else in between is caught.
  const base = useRef<string | null>(translation?.revision ?? null)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const status = translation?.status ?? "draft"
  const autosaves = status === "draft"

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setSave({ phase: "dirty" })
  }

  const problems = {
    title: values.title.trim() === "" ? t("fields.errors.title") : undefined,
    slug:
      values.slug !== "" && !new RegExp(SLUG_PATTERN).test(values.slug) ? t("fields.errors.slug") : undefined,
    tags: tagsError(values.tags, t),
    coverUrl:
      values.coverUrl !== "" && !/^(https:\/\/|\/)/.test(values.coverUrl)
        ? t("fields.errors.url")
        : undefined,
    canonical:
      values.canonical !== "" && !/^(https:\/\/|\/)/.test(values.canonical)
        ? t("fields.errors.url")
        : undefined,
  }
  const valid = Object.values(problems).every((problem) => problem === undefined)
  // Nothing is marked before the editor has changed anything (a translation not written yet has no title).
  const shown: Partial<typeof problems> = save.phase === "clean" ? {} : problems

  const latest = useRef({ values, markCurrent, source })
  useLayoutEffect(() => {
    latest.current = { values, markCurrent, source }
  })

  const saveNow = useCallback(async () => {
    const { values: now, markCurrent: mark, source: english } = latest.current
    setSave({ phase: "saving" })
    const body: SaveArticleBody = {
      language,
      title: now.title.trim(),
      markdown: now.markdown,
      ...(now.slug ? { slug: now.slug } : {}),
      tags: parseTags(now.tags),
      coverUrl: now.coverUrl || null,
      seoTitle: now.seoTitle.trim() || null,
      seoDescription: now.seoDescription.trim() || null,
      canonical: now.canonical || null,
      baseRevision: base.current,
      ...(mark && english && language !== "en" ? { sourceRevision: english.revision } : {}),
    }
    try {
      const saved = await api.send<EditorArticle>("PUT", pages.api.save.url({ id: article.id }), body)
      const mine = saved.translations.find((item) => item.language === language)
      base.current = mine?.revision ?? null
      // Typing may have gone on while the save was on its way: only what was sent is saved.
      setSave(
        latest.current.values === now ? { phase: "saved", at: new Date().toISOString() } : { phase: "dirty" },
      )
      if (mine && !now.slug)
        setValues((current) => (current.slug ? current : { ...current, slug: mine.slug }))
      setMarkCurrent(false)
      onSaved(saved)
    } catch (error) {
      setSave({ phase: "failed", failure: toFailure(error) })
    }
  }, [api, article.id, language, onSaved, pages.api.save, toFailure])

  // Drafts save themselves once typing pauses; a failed save waits for the next change or the button.
  useEffect(() => {
    if (!autosaves || save.phase !== "dirty" || !valid) return
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [autosaves, save, valid, values, saveNow])

  // Leaving with unsaved changes asks first.
  const unsaved = save.phase === "dirty" || save.phase === "saving" || save.phase === "failed"
  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener("beforeunload", warn)
    return () => window.removeEventListener("beforeunload", warn)
  }, [unsaved])

  const preview = usePreview(values.markdown, language, translation)

  /** Puts `text` where the selection is (replacing it), the cursor after it. */
  const replaceSelection = (text: string) => {
    const area = textArea.current
    const current = area?.value ?? values.markdown
    const at = area ? area.selectionStart : current.length
    const end = area ? area.selectionEnd : at
    set("markdown", current.slice(0, at) + text + current.slice(end))
    requestAnimationFrame(() => {
      area?.focus()
      area?.setSelectionRange(at + text.length, at + text.length)
    })
  }

  /** A block (a picture) at the cursor, in a paragraph of its own. */
  const insert = (text: string) => {
    const area = textArea.current
    const before = (area?.value ?? values.markdown).slice(0, area ? area.selectionStart : undefined)
    const glue = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n"
    replaceSelection(`${glue}${text}\n\n`)
  }

  // Pasted HTML (from a web page or a document) is cleaned by the server first: structure, links and pictures
  // stay, scripts, styles and handlers go. Plain text pastes as it is.
  const paste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const html = event.clipboardData.getData("text/html")
    if (!html.trim()) return
    event.preventDefault()
    const plain = event.clipboardData.getData("text/plain")
    api.send<CleanHtml>("POST", contentEditorApi.cleanHtml.url(), { html }).then(
      (cleaned) => replaceSelection(cleaned.html),
      () => replaceSelection(plain),
    )
  }

  const conflict = save.phase === "failed" && save.failure.code === "ARTICLE_EDIT_CONFLICT"
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {translation ? (
            <StatusBadges status={translation.status} outdated={translation.outdated} />
          ) : (
            <span className="text-muted-foreground">{t("edit.newTranslation")}</span>
          )}
          <span role="status" className="text-muted-foreground" data-save-state={save.phase}>
            {save.phase === "saving"
              ? t("edit.saving")
              : save.phase === "saved"
                ? t("edit.savedAt", { time: format.dateTime(save.at) })
                : save.phase === "dirty"
                  ? autosaves
                    ? valid
                      ? t("edit.autosavePending")
                      : t("edit.fixToSave")
                    : t("edit.unsaved")
                  : ""}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {translation && translation.status !== "draft" ? (
            <TextLink href={pages.publicPath(translation.slug)}>{t("edit.viewPublic")}</TextLink>
          ) : null}
          <Button
            onClick={() => void saveNow()}
            loading={save.phase === "saving"}
            disabled={!valid || save.phase === "saving" || save.phase === "clean" || save.phase === "saved"}
          >
            {status === "draft" ? t("edit.saveDraft") : t("edit.savePublic")}
          </Button>
        </div>
      </div>

      {status !== "draft" ? (
        <Alert tone="info" title={t(`edit.public.${status}`)}>
          {t("edit.public.text")}
        </Alert>
      ) : null}
      {save.phase === "failed" ? (
        <Alert tone="danger" title={conflict ? t("edit.conflict.title") : t("edit.failed")}>
          {conflict ? t("edit.conflict.text") : save.failure.message}
        </Alert>
      ) : null}
      {translation?.outdated && source ? (
        <Alert tone="warning" title={t("edit.outdated.title")}>
          <p>{t("edit.outdated.text")}</p>
          <Checkbox
            className="mt-3"
            checked={markCurrent}
            onCheckedChange={(checked) => {
              setMarkCurrent(checked === true)
              setSave({ phase: "dirty" })
            }}
            label={t("edit.outdated.mark")}
          />
        </Alert>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-2">
        <SettingsCard id={`editor-text-${language}`} title={t("edit.text")}>
          <div className="flex flex-col gap-5">
            <Field label={t("fields.title")} error={shown.title} id={`title-${language}`}>
              <TextInput
                name="title"
                value={values.title}
                onChange={(event) => set("title", event.target.value)}
                maxLength={TITLE_MAX_LENGTH}
                autoComplete="off"
              />
            </Field>
            <Field label={t("fields.markdown")} hint={t("edit.markdownHint")} id={`markdown-${language}`}>
              <TextArea
                ref={textArea}
                name="markdown"
                value={values.markdown}
                onChange={(event) => set("markdown", event.target.value)}
                onPaste={paste}
                maxLength={MARKDOWN_MAX_LENGTH}
                minRows={18}
                maxRows={40}
                autosize
                spellCheck
                className="font-mono text-sm"
              />
            </Field>
          </div>
        </SettingsCard>
        <SettingsCard
          id={`editor-preview-${language}`}
          title={t("edit.preview")}
          description={t("edit.previewHint")}
          action={
            <span className="text-xs text-muted-foreground" aria-live="off">
              {preview.rendering
                ? t("edit.rendering")
                : preview.rendered
                  ? t("edit.readingMinutes", { count: preview.rendered.readingMinutes })
                  : ""}
            </span>
          }
        >
          {preview.failure ? (
            <Alert tone="danger" title={t("edit.previewFailed")}>
              {preview.failure}
            </Alert>
          ) : preview.rendered && preview.rendered.html !== "" ? (
            <ArticleBody html={preview.rendered.html} className="max-w-none" />
          ) : (
            <p className="text-sm text-muted-foreground">{t("edit.previewEmpty")}</p>
          )}
        </SettingsCard>
      </div>

      <AttachmentsPanel onInsert={insert} />

      <SettingsCard
        id={`editor-details-${language}`}
        title={t("edit.details")}
        description={t("edit.detailsHint")}
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field
            label={t("fields.slug")}
            hint={t("fields.slugHint")}
            error={shown.slug}
            id={`slug-${language}`}
          >
            <TextInput
              name="slug"
              value={values.slug}
              onChange={(event) => set("slug", event.target.value)}
              maxLength={SLUG_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          </Field>
          <Field
            label={t("fields.tags")}
            hint={t("fields.tagsHint")}
            error={shown.tags}
            id={`tags-${language}`}
          >
            <TextInput
              name="tags"
              value={values.tags}
              onChange={(event) => set("tags", event.target.value)}
            />
          </Field>
          <Field
            label={t("fields.cover")}
            hint={t("fields.coverHint")}
            error={shown.coverUrl}
            id={`cover-${language}`}
          >
            <TextInput
              name="coverUrl"
              value={values.coverUrl}
              onChange={(event) => set("coverUrl", event.target.value)}
              maxLength={500}
            />
          </Field>
          <Field
            label={t("fields.canonical")}
            hint={t("fields.canonicalHint")}
            error={shown.canonical}
            id={`canonical-${language}`}
          >
            <TextInput
              name="canonical"
              value={values.canonical}
              onChange={(event) => set("canonical", event.target.value)}
              maxLength={500}
            />
          </Field>
          <Field label={t("fields.seoTitle")} hint={t("fields.seoTitleHint")} id={`seo-title-${language}`}>
            <TextInput
              name="seoTitle"
              value={values.seoTitle}
              onChange={(event) => set("seoTitle", event.target.value)}
              maxLength={200}
            />
          </Field>
          <Field
            label={t("fields.seoDescription")}
            hint={t("fields.seoDescriptionHint")}
            id={`seo-description-${language}`}
          >
            <TextArea
              name="seoDescription"
              value={values.seoDescription}
              onChange={(event) => set("seoDescription", event.target.value)}
              maxLength={400}
              minRows={2}
              autosize
            />
          </Field>
        </div>
      </SettingsCard>
    </div>
  )
}

/** The live preview: the server renders the text as a save would, once typing pauses; the saved HTML at first. */
function usePreview(markdown: string, language: SiteLanguage, translation: EditorTranslation | undefined) {
  const { api, toFailure } = useShellServices()
  const [rendered, setRendered] = useState<RenderedPreview | null>(
    translation
      ? { html: translation.html, toc: translation.toc, readingMinutes: translation.readingMinutes }
      : null,
  )
  const [rendering, setRendering] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const shown = useRef(translation?.markdown ?? "")
  useEffect(() => {
    if (markdown === shown.current) return
    let current = true
    const timer = setTimeout(() => {
      setRendering(true)
      api
        .send<RenderedPreview>("POST", contentEditorApi.preview.url(), { markdown, language })
        .then(
          (answer) => {
            if (!current) return
            shown.current = markdown
            setRendered(answer)
            setFailure(null)
          },
          (error: unknown) => current && setFailure(toFailure(error).message),
        )
        .finally(() => current && setRendering(false))
    }, PREVIEW_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [api, language, markdown, toFailure])
  return { rendered, rendering, failure }
}
