import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { Field, RadioGroup, TextArea, TextInput } from "@manyhands/design-system"
import {
  CONTENT_LANGUAGES,
  MARKDOWN_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TITLE_MAX_LENGTH,
  type ArticleKind,
  type EditorArticle,
  type NewArticleBody,
} from "@manyhands/contract/content"
import type { SiteLanguage } from "@manyhands/contract/languages"
import { AdminFormCard } from "../admin-lists"
import { useForm, type FieldErrors } from "../forms"
import { useShellServices } from "../shell-context"
import { EditorLayout } from "./editor-parts"
import { NS, editorKind } from "./editor-kinds"
import { parseTags, tagsError } from "./tags"

interface NewValues {
  language: SiteLanguage
  title: string
  slug: string
  tags: string
  markdown: string
}

/** /editor/…/new: the first translation's language, title and (optionally) text; then on to its editing page. */
export function EditorNewScreen({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation(NS)
  const { api, language } = useShellServices()
  const navigate = useNavigate()
  const pages = editorKind(kind)
  const languages = CONTENT_LANGUAGES[kind]
  const form = useForm<NewValues>({
    initial: {
      language: (languages.find((code) => code === language) ?? languages[0]) as SiteLanguage,
      title: "",
      slug: "",
      tags: "",
      markdown: "",
    },
    validate: (values) => {
      const errors: FieldErrors<NewValues> = {}
      if (values.title.trim() === "") errors.title = t("fields.errors.title")
      if (values.slug !== "" && !new RegExp(SLUG_PATTERN).test(values.slug))
        errors.slug = t("fields.errors.slug")
      const tags = tagsError(values.tags, t)
      if (tags) errors.tags = tags
      return errors
    },
    submit: async (values) => {
      const body: NewArticleBody = {
        language: values.language,
        title: values.title.trim(),
        markdown: values.markdown,
        ...(values.slug ? { slug: values.slug } : {}),
        tags: parseTags(values.tags),
      }
      const created = await api.send<EditorArticle>("POST", pages.api.create.url(), body)
      await navigate(pages.edit(created.key, values.language))
    },
  })
  return (
    <EditorLayout kind={kind} titleId="editor-new-title" title={t(`new.title.${kind}`)} lead={t("new.lead")}>
      <AdminFormCard
        id="editor-new-form"
        title={t("new.formTitle")}
        description={t("new.formDescription")}
        form={form}
        refusedTitle={t("new.refused")}
        submitLabel={t("new.submit")}
      >
        <Field label={t("fields.language")} {...form.field("language")}>
          <RadioGroup
            name="language"
            orientation="horizontal"
            value={form.values.language}
            onValueChange={(value) => form.set("language", value as SiteLanguage)}
            options={languages.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          />
        </Field>
        <Field label={t("fields.title")} {...form.field("title")}>
          <TextInput {...form.input("title")} maxLength={TITLE_MAX_LENGTH} autoComplete="off" />
        </Field>
        <Field label={t("fields.slug")} hint={t("fields.slugHint")} {...form.field("slug")}>
          <TextInput
            {...form.input("slug")}
            maxLength={SLUG_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </Field>
        <Field label={t("fields.tags")} hint={t("fields.tagsHint")} {...form.field("tags")}>
          <TextInput {...form.input("tags")} autoComplete="off" />
        </Field>
        <Field label={t("fields.markdown")} hint={t("new.markdownHint")} {...form.field("markdown")}>
          <TextArea
            name="markdown"
            value={form.values.markdown}
            onChange={(event) => form.set("markdown", event.target.value)}
            maxLength={MARKDOWN_MAX_LENGTH}
            minRows={6}
            autosize
            className="font-mono text-sm"
          />
        </Field>
      </AdminFormCard>
    </EditorLayout>
  )
}
