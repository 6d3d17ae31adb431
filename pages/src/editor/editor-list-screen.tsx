import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button, Field, SearchInput, Select, useFormatter, type TableColumn } from "@manyhands/design-system"
import {
  ARTICLE_STATUSES,
  CONTENT_LANGUAGES,
  SEARCH_MIN_LENGTH,
  type ArticleKind,
  type ArticleStatus,
  type EditorArticleList,
  type EditorArticleSummary,
} from "@manyhands/contract/content"
import { useApi } from "../api"
import { LinkButton, PagedListSection, oneOf, useAddressFilters } from "../blocks"
import { SettingsCard } from "../customer/settings/shared/settings-card"
import { EditorLayout, StatusBadges, useEditorListLabels } from "./editor-parts"
import { NS, editorKind } from "./editor-kinds"

export interface EditorListScreenProps {
  kind: ArticleKind
  /** GET /api/v1/editor/… (the first page, newest change first), preloaded by the route. */
  list?: EditorArticleList
}

interface Filters {
  q: string
  status: ArticleStatus | ""
  language: string
  outdated: "" | "true"
}

const ANY = "any"

/**
 * /editor/blog, /editor/software/blog, /editor/h: every article of the kind with each translation's status,
 * filtered by status, language, outdated translations and a search (from 3 characters); filters in the address.
 */
export function EditorListScreen({ kind, list }: EditorListScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const pages = editorKind(kind)
  const labels = useEditorListLabels()
  const languages = CONTENT_LANGUAGES[kind]
  const [searchField, setSearchField] = useState(0)
  const address = useAddressFilters<Filters>({
    names: ["q", "status", "language", "outdated"],
    read: (params) => ({
      q: (params.get("q") ?? "").slice(0, 100),
      status: oneOf(ARTICLE_STATUSES, params.get("status")),
      language: oneOf(languages, params.get("language")),
      outdated: params.get("outdated") === "true" ? "true" : "",
    }),
    write: (filters) => ({ ...filters }),
  })
  const { q, status, language, outdated } = address.filters
  const tooShort = q !== "" && [...q.trim()].length < SEARCH_MIN_LENGTH
  const query = {
    ...(q && !tooShort ? { q } : {}),
    ...(status ? { status } : {}),
    ...(language ? { language } : {}),
    ...(outdated ? { outdated: true } : {}),
    ...(address.page > 1 ? { page: address.page } : {}),
  }
  const filtered = Object.keys(query).length > 0
  const answer = useApi<EditorArticleList>(pages.api.list.url(null, query), {
    initial: filtered ? undefined : list,
  })

  const columns: TableColumn<EditorArticleSummary>[] = [
    {
      key: "title",
      header: t("list.columns.title"),
      rowHeader: true,
      cell: (article) => {
        const first = article.translations[0]
        return (
          <span className="flex flex-col items-start gap-1">
            <Link
              to={pages.article(article.key)}
              className="font-semibold text-foreground underline-offset-4 hover:underline focus-visible:underline"
            >
              {first?.title ?? article.key}
            </Link>
            <span className="font-mono text-xs break-all text-muted-foreground">{article.key}</span>
          </span>
        )
      },
    },
    {
      key: "translations",
      header: t("list.columns.translations"),
      className: "min-w-56",
      cell: (article) => (
        <ul className="flex flex-col gap-1.5">
          {languages.map((code) => {
            const translation = article.translations.find((item) => item.language === code)
            return (
              <li key={code} className="flex flex-wrap items-center gap-2 text-sm">
                <span
                  className="w-7 font-mono text-xs font-semibold uppercase"
                  aria-label={t(`languages.${code}`)}
                >
                  {code}
                </span>
                {translation ? (
                  <>
                    <StatusBadges status={translation.status} outdated={translation.outdated} />
                    {translation.status === "scheduled" && translation.publishAt ? (
                      <span className="text-xs text-muted-foreground">
                        {format.dateTime(translation.publishAt)}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <Link
                    to={pages.edit(article.key, code)}
                    className="text-xs text-primary underline underline-offset-4"
                  >
                    {t("list.translate", { language: t(`languages.${code}`) })}
                  </Link>
                )}
              </li>
            )
          })}
        </ul>
      ),
    },
    {
      key: "author",
      header: t("list.columns.author"),
      cell: (article) => <span className="text-sm">{article.author?.name ?? t("list.product")}</span>,
    },
    {
      key: "updated",
      header: t("list.columns.updated"),
      className: "whitespace-nowrap",
      cell: (article) => <span className="text-sm">{format.dateTime(article.updatedAt)}</span>,
    },
  ]

  return (
    <EditorLayout
      kind={kind}
      titleId="editor-list-title"
      title={t(`list.title.${kind}`)}
      lead={t("list.lead")}
      actions={<LinkButton to={pages.create}>{t("list.new")}</LinkButton>}
    >
      <SettingsCard id="editor-filters" title={t("list.filters")} region={false}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <Field label={t("list.search")}>
              <SearchInput
                key={searchField}
                placeholder={t("list.searchPlaceholder")}
                defaultValue={q}
                minChars={SEARCH_MIN_LENGTH}
                loading={answer.loading && q !== "" && !tooShort}
                onSearch={(text) => address.change({ q: text })}
                onValueChange={(text) => {
                  // Emptied, or too short to search: the list says so at once (the server refuses those too).
                  const typed = [...text.trim()].length
                  if (typed < SEARCH_MIN_LENGTH && (typed > 0 || q !== "")) address.change({ q: text.trim() })
                }}
              />
            </Field>
          </div>
          <Field label={t("list.status")}>
            <Select
              name="status"
              value={status || ANY}
              onValueChange={(value) =>
                address.change({ status: value === ANY ? "" : (value as ArticleStatus) })
              }
              options={[
                { value: ANY, label: t("list.anyStatus") },
                ...ARTICLE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
              ]}
            />
          </Field>
          <Field label={t("list.language")}>
            <Select
              name="language"
              value={language || ANY}
              onValueChange={(value) => address.change({ language: value === ANY ? "" : value })}
              options={[
                { value: ANY, label: t("list.anyLanguage") },
                ...languages.map((value) => ({ value, label: t(`languages.${value}`) })),
              ]}
            />
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant={outdated ? "primary" : "secondary"}

            aria-pressed={outdated === "true"}
            onClick={() => address.change({ outdated: outdated ? "" : "true" })}
          >
            {t("list.outdatedOnly")}
          </Button>
          {filtered && address.page === 1 ? (
            <Button
              variant="tertiary"

              onClick={() => {
                address.reset()
                setSearchField((n) => n + 1)
              }}
            >
              {t("list.clear")}
            </Button>
          ) : null}
        </div>
        <p role="status" className="mt-3 min-h-5 text-sm text-muted-foreground">
          {tooShort ? t("list.searchTooShort", { count: SEARCH_MIN_LENGTH }) : ""}
        </p>
      </SettingsCard>

      <SettingsCard id="editor-articles" title={t(`list.title.${kind}`)} region={false}>
        <PagedListSection
          list={answer}
          page={address.page}
          onPageChange={address.setPage}
          labels={labels}
          caption={t(`list.title.${kind}`)}
          columns={columns}
          getRowId={(article) => article.id}
          empty={{
            titleAs: "h3",
            title: filtered ? t("list.emptyFiltered") : t("list.empty"),
            description: filtered ? undefined : t("list.emptyHint"),
          }}
        />
      </SettingsCard>
    </EditorLayout>
  )
}
