import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, EmptyState, useFormatter } from "@manyhands/design-system"
import { botApi, type PublishedBotThreads } from "@manyhands/contract/bot"
import { LinkButton, PageHero } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { PassageCard } from "./bot-parts"
import { NS } from "./ticket-parts"

/**
 * /p/support-bot-threads: conversations with the support bot that their askers chose to publish, without who
 * they are (addresses and keys in questions hidden by the server), newest first, 20 at a time.
 */
export default function BotThreadsScreen({ botPublished }: { botPublished?: PublishedBotThreads }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const { api, toFailure } = useShellServices()
  const [more, setMore] = useState<PublishedBotThreads["records"]>([])
  const [page, setPage] = useState(0)
  const [loading, setLoading] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const records = [...(botPublished?.records ?? []), ...more]
  const total = botPublished?.totalCount ?? 0
  const loadMore = async () => {
    setLoading(true)
    try {
      const next = await api.get<PublishedBotThreads>(botApi.published.url({}, { page: page + 1 }))
      setMore((shown) => [...shown, ...next.records])
      setPage(page + 1)
    } catch (error) {
      setFailure(toFailure(error).message)
    } finally {
      setLoading(false)
    }
  }
  return (
    <>
      <PageHero
        id="bot-threads-title"
        eyebrow={t("threads.eyebrow")}
        title={t("threads.title")}
        lead={t("threads.lead")}
        action={{ to: "/support/bot", label: t("threads.ask") }}
      />
      <Section labelledBy="bot-threads-list">
        <h2 id="bot-threads-list" className="sr-only">
          {t("threads.count", { count: total })}
        </h2>
        {records.length === 0 ? (
          <EmptyState
            variant="dashed"
            title={t("threads.empty.title")}
            description={t("threads.empty.text")}
            action={<LinkButton to="/support/bot">{t("threads.ask")}</LinkButton>}
          />
        ) : (
          <ol className="flex flex-col gap-8">
            {records.map((record) => (
              <li key={record.id}>
                <article
                  aria-labelledby={`bot-thread-${record.id}`}
                  lang={record.language}
                  className="flex flex-col gap-4 rounded-lg border border-border p-5"
                >
                  <h3 id={`bot-thread-${record.id}`} className="text-lg font-semibold text-foreground">
                    {record.messages[0]?.question}
                  </h3>
                  <p className="text-xs text-muted-foreground">
                    {t("threads.published")}{" "}
                    <time dateTime={record.publishedAt}>{format.date(record.publishedAt, "long")}</time>
                  </p>
                  {record.messages.map((message, index) => (
                    <div key={index} className="flex flex-col gap-2">
                      {index > 0 ? <p className="font-medium text-foreground">{message.question}</p> : null}
                      {message.passages.length > 0 ? (
                        message.passages.map((passage) => (
                          <PassageCard key={passage.path} passage={passage} />
                        ))
                      ) : (
                        <p className="text-sm text-muted-foreground">{t("bot.nothing")}</p>
                      )}
                    </div>
                  ))}
                </article>
              </li>
            ))}
          </ol>
        )}
        {failure ? <p className="mt-4 text-sm text-danger-text">{failure}</p> : null}
        {records.length < total ? (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" loading={loading} onClick={() => void loadMore()}>
              {t("threads.more")}
            </Button>
          </div>
        ) : null}
      </Section>
    </>
  )
}
