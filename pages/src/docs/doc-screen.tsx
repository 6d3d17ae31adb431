import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation, useSearchParams } from "react-router"
import {
  Alert,
  Badge,
  Breadcrumbs,
  CodeBlock,
  SearchInput,
  DataTable,
  type CodeLanguage,
  type TableColumn,
} from "@manyhands/design-system"
import {
  paramAnchor,
  type ApiVersion,
  type CodeSample,
  type DocLink,
  type DocPage,
  type DocVersion,
  type ErrorDoc,
  type ParamDoc,
} from "@manyhands/contract/api-docs"
import { LinkCardGrid, renderRouterLink } from "../blocks"
import { ArticleBody } from "../content/article-body"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"

export const NS = "docs"

/** Spec §5: a search starts from 3 characters. */
const SEARCH_MIN_CHARS = 3

export interface DocScreenProps {
  /** GET /api/v1/api-docs/{slug} in the site's language, preloaded by the route; missing: no such page. */
  page?: DocPage
}

const FENCES: Record<CodeSample["language"], CodeLanguage> = {
  curl: "bash",
  php: "php",
  python: "python",
  csharp: "csharp",
  java: "java",
  go: "go",
  ruby: "ruby",
  javascript: "javascript",
}

/** The samples of a page as tabs, one per language, each titled with the file a reader saves it as. */
export function SampleTabs({ samples, title }: { samples: readonly CodeSample[]; title: string }) {
  return (
    <CodeBlock
      tabsLabel={title}
      snippets={samples.map((sample) => ({
        language: FENCES[sample.language],
        code: sample.code,
        // The languages' own names, the same in every language; the shell sample is curl's.
        ...(sample.language === "curl" && { label: "cURL" }),
        title: sample.file,
      }))}
    />
  )
}

/** The version shown: ?version=1 for in.php, else version 2 (or the only one the page has). */
function useVersion(page: DocPage | undefined): DocVersion | undefined {
  const [params] = useSearchParams()
  if (!page) return undefined
  const asked = Number(params.get("version")) as ApiVersion
  return page.versions.find((version) => version.version === asked) ?? page.versions[0]
}

/** Every word of the query in the page's title, description or API names (case and accents ignored). */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
function matches(link: DocLink, query: string): boolean {
  const haystack = fold([link.title, link.description, link.slug, ...link.keywords].join(" "))
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}

/**
 * The sidebar: a search over every docs page (title, description, API names; from 3 characters, spec §5), then
 * every page by group, the current one marked, keeping the version read.
 */
function DocsNav({ page, version }: { page: DocPage; version: ApiVersion }) {
  const { t } = useTranslation(NS)
  const { pathname } = useLocation()
  const [query, setQuery] = useState("")
  const searching = query.length >= SEARCH_MIN_CHARS
  const groups = page.index.groups
    .map((group) => ({
      ...group,
      pages: searching ? group.pages.filter((link) => matches(link, query)) : group.pages,
    }))
    .filter((group) => group.pages.length > 0)
  const found = groups.reduce((total, group) => total + group.pages.length, 0)
  return (
    <nav aria-label={t("nav.label")} className="flex flex-col gap-6 text-sm">
      <div role="search" className="flex flex-col gap-2">
        <SearchInput
          aria-label={t("search.label")}
          placeholder={t("search.placeholder")}
          minChars={SEARCH_MIN_CHARS}
          debounce={150}
          onSearch={setQuery}
        />
        <p role="status" className="text-xs text-muted-foreground">
          {searching ? (found > 0 ? t("search.found", { count: found }) : t("search.none", { query })) : ""}
        </p>
      </div>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`docs-nav-${group.id}`} className="flex flex-col gap-2">
          <h2
            id={`docs-nav-${group.id}`}
            className="text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            {t(`nav.groups.${group.id}`)}
          </h2>
          <ul className="flex flex-col gap-1">
            {group.pages.map((link) => {
              const current = link.path === page.path || link.path === pathname
              const target =
                version === 1 && link.versions.includes(1) && link.path.startsWith("/api-docs")
                  ? `${link.path}?version=1`
                  : link.path
              return (
                <li key={link.slug}>
                  <Link
                    to={target}
                    aria-current={current ? "page" : undefined}
                    className={
                      current
                        ? "block rounded-md bg-primary-soft px-2 py-1 font-medium text-foreground focus-ring"
                        : "block rounded-md px-2 py-1 text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-ring"
                    }
                  >
                    {link.title}
                  </Link>
                </li>
              )
            })}
          </ul>
          {group.id === "guides" && !searching ? (
            // The OpenAPI reference is generated, not a docs text: it closes the guides.
            <Link
              to="/api-docs/reference"
              aria-current={pathname === "/api-docs/reference" ? "page" : undefined}
              className="block rounded-md px-2 py-1 text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-ring"
            >
              {t("reference.nav")}
            </Link>
          ) : null}
        </section>
      ))}
    </nav>
  )
}

/** Version 2 ⇄ version 1 on the same page, when the page exists in both. */
function VersionSwitch({ page, version }: { page: DocPage; version: ApiVersion }) {
  const { t } = useTranslation(NS)
  if (page.versions.length < 2) return null
  return (
    <nav aria-label={t("version.label")} className="inline-flex rounded-lg border border-border p-1 text-sm">
      {([2, 1] as const).map((each) => (
        <Link
          key={each}
          to={each === 2 ? page.path : `${page.path}?version=1`}
          aria-current={each === version ? "page" : undefined}
          data-version={each}
          className={
            each === version
              ? "rounded-md bg-primary px-3 py-1 font-medium text-primary-foreground focus-ring"
              : "rounded-md px-3 py-1 text-muted-foreground hover:text-foreground focus-ring"
          }
        >
          {t(`version.v${each}`)}
        </Link>
      ))}
    </nav>
  )
}

function ParamsTable({ params, version }: { params: readonly ParamDoc[]; version: ApiVersion }) {
  const { t } = useTranslation(NS)
  const columns: TableColumn<ParamDoc>[] = [
    {
      key: "name",
      header: t("params.name"),
      rowHeader: true,
      cell: (param) => (
        <span id={paramAnchor(param.name)} className="flex flex-col gap-1">
          <code className="font-mono text-sm font-semibold text-foreground [overflow-wrap:anywhere]">
            {param.name}
          </code>
          {version === 2 && param.classicNames[0] && param.classicNames[0] !== param.name.toLowerCase() ? (
            <span className="text-xs text-muted-foreground">in.php: {param.classicNames.join(", ")}</span>
          ) : null}
          {param.aliases.length > 0 ? (
            <span className="text-xs text-muted-foreground">
              {t("params.aliases", { names: param.aliases.join(", ") })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "type",
      header: t("params.type"),
      cell: (param) => <code className="font-mono text-sm">{param.type}</code>,
    },
    {
      key: "required",
      header: t("params.required"),
      cell: (param) =>
        param.required ? (
          <Badge tone="warning">{t("params.yes")}</Badge>
        ) : (
          <span className="text-muted-foreground">{t("params.no")}</span>
        ),
    },
    {
      key: "rules",
      header: t("params.rules"),
      cell: (param) => (
        <span className="flex flex-col gap-1">
          {param.description ? <span>{param.description}</span> : null}
          {param.limits.length > 0 ? (
            <span className="text-muted-foreground">{param.limits.join("; ")}</span>
          ) : null}
          {param.default !== undefined ? (
            <span className="text-muted-foreground">
              {t("params.default")} <code className="font-mono">{JSON.stringify(param.default)}</code>
            </span>
          ) : null}
        </span>
      ),
    },
  ]
  return (
    <DataTable
      caption={t("params.caption")}
      captionHidden
      columns={columns}
      rows={params}
      getRowId={(param) => param.name}
    />
  )
}

function ErrorsTable({ errors, version }: { errors: readonly ErrorDoc[]; version: ApiVersion }) {
  const { t } = useTranslation(NS)
  const columns: TableColumn<ErrorDoc>[] = [
    {
      key: "code",
      header: t("errors.code"),
      rowHeader: true,
      cell: (error) => (
        <span className="flex flex-col gap-1">
          <code className="font-mono text-sm font-semibold text-foreground [overflow-wrap:anywhere]">
            {error.code}
          </code>
          {version === 2 && error.errorId !== null ? (
            <span className="text-xs text-muted-foreground">errorId {error.errorId}</span>
          ) : null}
        </span>
      ),
    },
    { key: "meaning", header: t("errors.meaning"), cell: (error) => error.meaning },
    { key: "fix", header: t("errors.fix"), cell: (error) => error.fix },
  ]
  return (
    <DataTable
      caption={t("errors.caption")}
      captionHidden
      columns={columns}
      rows={errors}
      getRowId={(error) => error.code}
    />
  )
}

/**
 * /api-docs, /api-docs/{slug}, /2captcha-api, /api-rucaptcha, /lang and /lang/{lang}: the docs' sidebar, the page's
 * explanation, and for a method or task type its request, parameters (generated from the engine's checks), code
 * samples in curl and seven languages, answer and errors. ?version=1 shows in.php's version of the same page.
 */
export function DocScreen({ page }: DocScreenProps) {
  const { t } = useTranslation(NS)
  const shown = useVersion(page)

  if (!page || !shown)
    return (
      <MissingItem
        title={t("notFound.title")}
        lead={t("notFound.lead")}
        text={t("notFound.text")}
        back={{ to: "/api-docs", label: t("notFound.back") }}
      />
    )

  const version = shown.version
  const isIndex = page.slug === "index"
  return (
    <Section>
      <Breadcrumbs
        label={t("breadcrumbs")}
        renderLink={renderRouterLink}
        items={
          isIndex
            ? [{ label: t("title") }]
            : [{ label: t("title"), href: "/api-docs" }, { label: page.title }]
        }
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] xl:grid-cols-[14rem_minmax(0,1fr)_13rem]">
        <aside className="order-last lg:order-first lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
          <DocsNav page={page} version={version} />
        </aside>
        <article
          lang={page.language}
          aria-labelledby="doc-title"
          className="flex min-w-0 flex-col gap-8"
          data-version={version}
        >
          <header className="flex flex-col gap-4 border-b border-border pb-6">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <h1 id="doc-title" className="text-3xl font-bold tracking-tight text-foreground">
                {page.title}
              </h1>
              <VersionSwitch page={page} version={version} />
            </div>
            <p className="text-muted-foreground">{page.description}</p>
            {shown.request ? (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="info">{t(`version.v${version}`)}</Badge>
                <code className="font-mono text-foreground [overflow-wrap:anywhere]">{shown.request}</code>
              </p>
            ) : null}
            {page.taskType ? (
              <p className="flex flex-wrap gap-2 text-sm text-muted-foreground">
                <span>{t(`kind.${page.taskType.kind}`)}</span>
                <span aria-hidden="true">·</span>
                <span>{t(`proxy.${page.taskType.proxy}`)}</span>
                {page.taskType.captchaPages.length > 0 ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>{t("typePages")}</span>
                    {page.taskType.captchaPages.map((slug) => (
                      <Link
                        key={slug}
                        to={`/p/${slug}`}
                        className="text-primary underline-offset-4 hover:underline focus-ring"
                      >
                        /p/{slug}
                      </Link>
                    ))}
                  </>
                ) : null}
              </p>
            ) : null}
          </header>

          {page.language !== page.requestedLanguage ? (
            <Alert tone="info" lang={page.requestedLanguage}>
              {t("inEnglish")}
            </Alert>
          ) : null}

          <ArticleBody html={shown.html} />

          {isIndex ? (
            <section aria-labelledby="docs-sections" className="flex flex-col gap-4">
              <h2 id="docs-sections" className="text-2xl font-semibold text-foreground">
                {t("sections")}
              </h2>
              <LinkCardGrid
                columns={2}
                items={page.index.groups.map((group) => ({
                  id: group.id,
                  to: group.pages.find((link) => link.slug !== "index")?.path ?? "/api-docs",
                  title: t(`nav.groups.${group.id}`),
                  text: group.pages
                    .filter((link) => link.slug !== "index")
                    .slice(0, 6)
                    .map((link) => link.title)
                    .join(" · "),
                }))}
              />
            </section>
          ) : null}

          {shown.params.length > 0 ? (
            <section aria-labelledby="doc-params" className="flex flex-col gap-4">
              <h2 id="doc-params" className="text-2xl font-semibold text-foreground">
                {t("params.title")}
              </h2>
              <p className="text-sm text-muted-foreground">{t(`params.lead.v${version}`)}</p>
              <ParamsTable params={shown.params} version={version} />
            </section>
          ) : null}

          {shown.samples.length > 0 ? (
            <section aria-labelledby="doc-samples" className="flex flex-col gap-4">
              <h2 id="doc-samples" className="text-2xl font-semibold text-foreground">
                {t("samples.title")}
              </h2>
              <p className="text-sm text-muted-foreground">{t("samples.lead")}</p>
              <SampleTabs samples={shown.samples} title={t("samples.tabs")} />
            </section>
          ) : null}

          {shown.answer ? (
            <section aria-labelledby="doc-answer" className="flex flex-col gap-4">
              <h2 id="doc-answer" className="text-2xl font-semibold text-foreground">
                {t("answer.title")}
              </h2>
              <CodeBlock
                code={shown.answer}
                language={version === 2 ? "json" : "text"}
                title={t(`answer.v${version}`)}
              />
            </section>
          ) : null}

          {shown.errors.length > 0 ? (
            <section aria-labelledby="doc-errors" className="flex flex-col gap-4">
              <h2 id="doc-errors" className="text-2xl font-semibold text-foreground">
                {t("errors.title")}
              </h2>
              <ErrorsTable errors={shown.errors} version={version} />
            </section>
          ) : null}
        </article>
        {shown.toc.length > 0 ? (
          <aside className="hidden xl:block xl:sticky xl:top-20 xl:self-start" aria-labelledby="doc-toc">
            <h2 id="doc-toc" className="mb-3 text-base font-semibold text-foreground">
              {t("contents")}
            </h2>
            <ol className="flex flex-col gap-2 text-sm">
              {shown.toc.map((entry) => (
                <li key={entry.id} className={entry.depth === 3 ? "pl-4" : undefined}>
                  <a href={`#${entry.id}`} className="text-muted-foreground hover:text-foreground focus-ring">
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </aside>
        ) : null}
      </div>
    </Section>
  )
}
