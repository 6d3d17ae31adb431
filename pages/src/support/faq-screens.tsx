import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Alert, Breadcrumbs, EmptyState, SearchInput } from "@manyhands/design-system"
import {
  faqApi,
  SEARCH_MIN_LENGTH,
  type ArticleIndex,
  type ArticleList,
  type ArticleView,
} from "@manyhands/contract/content"
import { FAQ_AUDIENCES, faqAudienceOf, faqAudiencePath, type FaqAudience } from "@manyhands/contract/faq"
import { PageHero, renderRouterLink } from "../blocks"
import { ArticleScreen } from "../content/article-screen"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { AnswerList, AudienceCards, HelpfulVote, StillStuck } from "./faq-parts"
import { NS } from "./ticket-parts"

/** /support/h: the help centre — search every FAQ answer, the four audiences, the most read, and where to ask. */
export function HelpIndexScreen({ index }: { index?: ArticleIndex }) {
  const { t } = useTranslation(NS)
  const { api, language, toFailure } = useShellServices()
  const [search, setSearch] = useState<{ q: string; result: ArticleList | null; failure: string | null }>({
    q: "",
    result: null,
    failure: null,
  })
  const [loading, setLoading] = useState(false)
  const counts = Object.fromEntries((index?.tags ?? []).map((tag) => [tag.tag, tag.count])) as Partial<
    Record<FaqAudience, number>
  >
  const run = async (q: string) => {
    if (q === "") return setSearch({ q, result: null, failure: null })
    if ([...q].length < SEARCH_MIN_LENGTH) return setSearch({ q, result: null, failure: null })
    setLoading(true)
    try {
      const result = await api.get<ArticleList>(
        faqApi.list.url({}, { q, language: language === "ru" ? "ru" : "en", pageSize: 10 }),
      )
      setSearch({ q, result, failure: null })
    } catch (error) {
      setSearch({ q, result: null, failure: toFailure(error).message })
    } finally {
      setLoading(false)
    }
  }
  return (
    <>
      <PageHero
        id="help-title"
        eyebrow={t("faq.index.eyebrow")}
        title={t("faq.index.title")}
        lead={t("faq.index.lead")}
        action={{ to: "/support/bot", label: t("faq.index.askBot") }}
        secondaryAction={{ to: "/support/tickets/new", label: t("faq.index.ticket") }}
      >
        <div className="w-full max-w-xl">
          <SearchInput
            size="lg"
            aria-label={t("faq.index.searchLabel")}
            placeholder={t("faq.index.searchPlaceholder")}
            minChars={SEARCH_MIN_LENGTH}
            loading={loading}
            onSearch={(q) => void run(q)}
          />
        </div>
      </PageHero>
      <div aria-live="polite">
        {search.failure ? (
          <Section>
            <Alert tone="danger">{search.failure}</Alert>
          </Section>
        ) : search.result ? (
          <Section labelledBy="help-results">
            <h2 id="help-results" className="mb-4 text-xl font-semibold text-foreground">
              {t("faq.index.results", { count: search.result.total, q: search.q })}
            </h2>
            {search.result.items.length > 0 ? (
              <AnswerList labelledBy="help-results" items={search.result.items} />
            ) : (
              <EmptyState
                variant="dashed"
                title={t("faq.index.noResults.title")}
                description={t("faq.index.noResults.text")}
              />
            )}
          </Section>
        ) : null}
      </div>
      <Section labelledBy="help-audiences">
        <h2 id="help-audiences" className="mb-6 text-2xl font-semibold text-foreground">
          {t("faq.index.audiences")}
        </h2>
        <AudienceCards counts={counts} />
      </Section>
      {index && index.popular.length > 0 ? (
        <Section labelledBy="help-popular">
          <h2 id="help-popular" className="mb-6 text-2xl font-semibold text-foreground">
            {t("faq.index.popular")}
          </h2>
          <AnswerList labelledBy="help-popular" items={index.popular} />
        </Section>
      ) : null}
      <Section labelledBy="help-stuck">
        <h2 id="help-stuck" className="mb-6 text-2xl font-semibold text-foreground">
          {t("faq.stuck.title")}
        </h2>
        <StillStuck />
      </Section>
    </>
  )
}

/** /support/faq/{audience}: every answer for customers, developers, workers or on the worker terms. */
export function FaqAudienceScreen({ audience, list }: { audience: FaqAudience; list?: ArticleList }) {
  const { t } = useTranslation(NS)
  return (
    <>
      <Section>
        <Breadcrumbs
          label={t("faq.breadcrumbs")}
          renderLink={renderRouterLink}
          items={[
            { label: t("faq.index.title"), href: "/support/h" },
            { label: t(`faq.audiences.${audience}.title`) },
          ]}
        />
        <h1 id="faq-audience-title" className="mt-6 text-3xl font-bold tracking-tight text-foreground">
          {t(`faq.audiences.${audience}.heading`)}
        </h1>
        <p className="mt-3 max-w-2xl text-muted-foreground">{t(`faq.audiences.${audience}.lead`)}</p>
        <nav aria-label={t("faq.otherAudiences")} className="mt-6 flex flex-wrap gap-2">
          {FAQ_AUDIENCES.map((other) => (
            <Link
              key={other}
              to={faqAudiencePath(other)}
              aria-current={other === audience ? "page" : undefined}
              className="rounded-full border border-border px-3 py-1 text-sm text-foreground hover:border-border-strong focus-ring aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {t(`faq.audiences.${other}.title`)}
            </Link>
          ))}
        </nav>
        <h2 id="faq-audience-list" className="sr-only">
          {t("faq.answers", { count: list?.items.length ?? 0 })}
        </h2>
        <div className="mt-8">
          {list && list.items.length > 0 ? (
            <AnswerList labelledBy="faq-audience-list" items={list.items} />
          ) : (
            <EmptyState variant="dashed" title={t("faq.empty.title")} description={t("faq.empty.text")} />
          )}
        </div>
      </Section>
      <Section labelledBy="faq-stuck">
        <h2 id="faq-stuck" className="mb-6 text-2xl font-semibold text-foreground">
          {t("faq.stuck.title")}
        </h2>
        <StillStuck />
      </Section>
    </>
  )
}

/** /support/faq/{slug}: one answer, as articles are shown, with "was this helpful" and where to ask more. */
export function FaqArticleScreen({ article }: { article?: ArticleView }) {
  const { t } = useTranslation(NS)
  const audience = article ? faqAudienceOf(article.tags) : null
  return (
    <ArticleScreen
      kind="faq"
      article={article}
      crumbs={[
        { label: t("faq.index.title"), href: "/support/h" },
        ...(audience
          ? [{ label: t(`faq.audiences.${audience}.title`), href: faqAudiencePath(audience) }]
          : []),
        { label: article?.title ?? "" },
      ]}
      tagHref={(tag) =>
        (FAQ_AUDIENCES as readonly string[]).includes(tag) ? faqAudiencePath(tag as FaqAudience) : null
      }
      afterText={article ? <HelpfulVote articleId={article.id} /> : null}
    />
  )
}
