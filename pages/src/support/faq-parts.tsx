import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "@manyhands/design-system"
import type { ArticleSummary } from "@manyhands/contract/content"
import {
  FAQ_AUDIENCES,
  faqAudienceOf,
  faqAudiencePath,
  faqVotesApi,
  type FaqAudience,
} from "@manyhands/contract/faq"
import { articlePath } from "@manyhands/contract/content"
import { LinkCardGrid } from "../blocks"
import { useShellServices } from "../shell-context"
import { NS } from "./ticket-parts"

/** The four audiences' pages as cards, with how many answers each has (from the FAQ index's tag counts). */
export function AudienceCards({ counts }: { counts?: Partial<Record<FaqAudience, number>> }) {
  const { t } = useTranslation(NS)
  return (
    <LinkCardGrid
      columns={4}
      items={FAQ_AUDIENCES.map((audience) => ({
        id: audience,
        to: faqAudiencePath(audience),
        title: t(`faq.audiences.${audience}.title`),
        text: (
          <>
            {t(`faq.audiences.${audience}.text`)}
            {counts?.[audience] ? (
              <span className="mt-2 block text-xs text-muted-foreground">
                {t("faq.answers", { count: counts[audience] })}
              </span>
            ) : null}
          </>
        ),
      }))}
    />
  )
}

/** FAQ answers as a list of links: each title with its summary. */
export function AnswerList({ items, labelledBy }: { items: ArticleSummary[]; labelledBy: string }) {
  const { t } = useTranslation(NS)
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-3">
      {items.map((item) => {
        const audience = faqAudienceOf(item.tags)
        return (
          <li key={item.id}>
            <Link
              to={articlePath("faq", item.slug)}
              className="block rounded-lg border border-border bg-surface p-4 hover:border-border-strong focus-ring"
            >
              <span className="block font-semibold text-foreground">{item.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{item.description}</span>
              {audience ? (
                <span className="mt-2 block text-xs text-muted-foreground">
                  {t(`faq.audiences.${audience}.title`)}
                </span>
              ) : null}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/** "Was this helpful?" under an answer: one vote per reader, changeable; the thanks is announced. */
export function HelpfulVote({ articleId }: { articleId: string }) {
  const { t } = useTranslation(NS)
  const { api, toFailure } = useShellServices()
  const [vote, setVote] = useState<boolean | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const send = async (helpful: boolean) => {
    setSending(true)
    setFailure(null)
    try {
      await api.send("POST", faqVotesApi.vote.url({ id: articleId }), { helpful })
      setVote(helpful)
    } catch (error) {
      setFailure(toFailure(error).message)
    } finally {
      setSending(false)
    }
  }
  return (
    <section
      aria-labelledby="faq-helpful-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface-muted p-4"
    >
      <h2 id="faq-helpful-title" className="text-base font-semibold text-foreground">
        {t("faq.helpful.title")}
      </h2>
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby="faq-helpful-title">
        <Button
          variant={vote === true ? "primary" : "secondary"}

          aria-pressed={vote === true}
          disabled={sending}
          onClick={() => void send(true)}
        >
          {t("faq.helpful.yes")}
        </Button>
        <Button
          variant={vote === false ? "primary" : "secondary"}

          aria-pressed={vote === false}
          disabled={sending}
          onClick={() => void send(false)}
        >
          {t("faq.helpful.no")}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {failure ??
          (vote === true ? (
            t("faq.helpful.thanks")
          ) : vote === false ? (
            <>
              {t("faq.helpful.sorry")}{" "}
              <Link className="font-medium text-primary underline" to="/support/bot">
                {t("faq.helpful.askBot")}
              </Link>{" "}
              ·{" "}
              <Link className="font-medium text-primary underline" to="/support/tickets/new">
                {t("faq.helpful.ticket")}
              </Link>
            </>
          ) : (
            ""
          ))}
      </p>
    </section>
  )
}

/** Where to go when the answers did not help: the bot, a ticket, enterprise support. */
export function StillStuck() {
  const { t } = useTranslation(NS)
  return (
    <LinkCardGrid
      columns={3}
      items={(["bot", "ticket", "enterprise"] as const).map((id) => ({
        id,
        to: id === "bot" ? "/support/bot" : id === "ticket" ? "/support/tickets/new" : "/support/enterprise",
        title: t(`faq.stuck.${id}.title`),
        text: t(`faq.stuck.${id}.text`),
      }))}
    />
  )
}
