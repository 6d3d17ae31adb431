import { useTranslation } from "react-i18next"
import {
  Badge,
  Breadcrumbs,
  Stat,
  StatGroup,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import type { CaptchaPage, CaptchaPageList, CaptchaPageSummary, TypeLive } from "@manyhands/contract/api-docs"
import { LinkButton, LinkCardGrid, TextLink, renderRouterLink } from "../blocks"
import { ArticleBody } from "../content/article-body"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"
import { SampleTabs } from "./doc-screen"

const NS = "captcha-pages"

/** Price, median time and load of a type, or a dash where the last day has none. */
function useLiveFormat(currency: string) {
  const format = useFormatter()
  return {
    price: (live: TypeLive | null | undefined) =>
      live?.perThousand != null
        ? format.microMoney(Math.round(Number(live.perThousand) * 1_000_000), currency)
        : "—",
    time: (live: TypeLive | null | undefined) =>
      live?.p50Ms != null ? format.duration(live.p50Ms / 1000) : "—",
    load: (live: TypeLive | null | undefined) => (live?.load != null ? format.percent(live.load, 0) : "—"),
  }
}

export interface CaptchaPageScreenProps {
  /** GET /api/v1/captcha-recognition/{slug}, preloaded by the route; missing: no such page. */
  page?: CaptchaPage
}

/**
 * /p/{slug}: what the captcha is, where it appears and how Manyhands solves it; its types' live price, median
 * solve time and load; a short program in curl and seven languages; links to the type's docs, the tutorial and
 * the neighbouring pages ("generic" lists them all).
 */
export function CaptchaPageScreen({ page }: CaptchaPageScreenProps) {
  const { t } = useTranslation(NS)
  const live = useLiveFormat(page?.currency ?? "USD")

  if (!page)
    return (
      <MissingItem
        title={t("notFound.title")}
        lead={t("notFound.lead")}
        back={{ to: "/p/generic", label: t("notFound.back") }}
      />
    )

  const generic = page.slug === "generic"
  return (
    <Section>
      <Breadcrumbs
        label={t("breadcrumbs")}
        renderLink={renderRouterLink}
        items={
          generic ? [{ label: t("all") }] : [{ label: t("all"), href: "/p/generic" }, { label: page.title }]
        }
      />
      <article lang={page.language} aria-labelledby="captcha-title" className="mt-6 flex flex-col gap-10">
        <header className="flex flex-col gap-4">
          <h1 id="captcha-title" className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
            {page.title}
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground">{page.description}</p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to="/auth/register">{t("start")}</LinkButton>
            {page.types[0] ? (
              <LinkButton to={page.types[0].docs} variant="secondary">
                {t("docs")}
              </LinkButton>
            ) : (
              <LinkButton to="/api-docs" variant="secondary">
                {t("docs")}
              </LinkButton>
            )}
          </div>
        </header>

        {page.types.length > 0 ? (
          <section aria-labelledby="captcha-live" className="flex flex-col gap-4">
            <h2 id="captcha-live" className="text-2xl font-semibold text-foreground">
              {t("live.title")}
            </h2>
            {page.types.map((type) => (
              <div key={type.type} className="flex flex-col gap-3" data-type={type.type}>
                <h3 className="font-mono text-base font-semibold text-foreground">
                  <TextLink to={type.docs}>{type.type}</TextLink>
                </h3>
                <StatGroup columns={3}>
                  <Stat label={t("live.price")} value={live.price(type)} />
                  <Stat label={t("live.time")} value={live.time(type)} />
                  <Stat label={t("live.load")} value={live.load(type)} />
                </StatGroup>
              </div>
            ))}
            <p className="text-sm text-muted-foreground">
              {t("live.note")} <TextLink to="/pricing">{t("live.pricing")}</TextLink>
            </p>
          </section>
        ) : null}

        <ArticleBody html={page.html} />

        {page.samples.length > 0 ? (
          <section aria-labelledby="captcha-sample" className="flex flex-col gap-4">
            <h2 id="captcha-sample" className="text-2xl font-semibold text-foreground">
              {t("sample.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("sample.lead")}</p>
            <SampleTabs samples={page.samples} title={t("sample.tabs")} />
            <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {page.types[0] ? <TextLink to={page.types[0].docs}>{t("links.docs")}</TextLink> : null}
              {page.tutorial ? <TextLink to={page.tutorial.path}>{t("links.tutorial")}</TextLink> : null}
              <TextLink to="/lang">{t("links.lang")}</TextLink>
            </p>
          </section>
        ) : null}

        {page.related.length > 0 ? (
          <section aria-labelledby="captcha-related" className="flex flex-col gap-4">
            <h2 id="captcha-related" className="text-2xl font-semibold text-foreground">
              {generic ? t("related.all") : t("related.title")}
            </h2>
            <LinkCardGrid
              items={page.related.map((other) => ({
                id: other.slug,
                to: other.path,
                title: other.title,
                text: other.description,
              }))}
            />
          </section>
        ) : null}
      </article>
    </Section>
  )
}

export interface CaptchaTestScreenProps {
  /** Every landing page with its languages and live figures. */
  captchaPages?: CaptchaPageList
  role: "admin" | "moderator"
}

/**
 * /p/admin-test and /p/moderator-test: every captcha landing page at a glance for the staff who look after them —
 * the languages each is written in (a missing one is marked), and its first type's live price, speed and load.
 */
export function CaptchaTestScreen({ captchaPages, role }: CaptchaTestScreenProps) {
  const { t } = useTranslation(NS)
  const live = useLiveFormat(captchaPages?.currency ?? "USD")
  const rows = (captchaPages?.pages ?? []).filter((page) => !page.slug.endsWith("-test"))
  const columns: TableColumn<CaptchaPageSummary>[] = [
    {
      key: "page",
      header: t("test.page"),
      rowHeader: true,
      cell: (page) => <TextLink to={page.path}>{page.title}</TextLink>,
    },
    {
      key: "languages",
      header: t("test.languages"),
      cell: (page) => (
        <span className="flex flex-wrap gap-1">
          {(["en", "ru", "zh"] as const).map((language) =>
            page.languages.includes(language) ? (
              <Badge key={language} tone="success">
                {language}
              </Badge>
            ) : (
              <Badge key={language} tone="danger">
                {t("test.missing", { language })}
              </Badge>
            ),
          )}
        </span>
      ),
    },
    {
      key: "type",
      header: t("test.type"),
      cell: (page) => <code className="font-mono text-sm">{page.live?.type ?? "—"}</code>,
    },
    { key: "price", header: t("live.price"), align: "numeric", cell: (page) => live.price(page.live) },
    { key: "time", header: t("live.time"), align: "numeric", cell: (page) => live.time(page.live) },
    { key: "load", header: t("live.load"), align: "numeric", cell: (page) => live.load(page.live) },
  ]
  return (
    <Section>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">{t(`test.title.${role}`)}</h1>
      <p className="mb-6 max-w-3xl text-muted-foreground">{t("test.lead")}</p>
      <DataTable
        caption={t("test.caption")}
        columns={columns}
        rows={rows}
        loading={!captchaPages}
        getRowId={(page) => page.slug}
      />
    </Section>
  )
}
