import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Badge } from "@manyhands/design-system"
import { BOT_CONFIDENCE_THRESHOLD, type BotPassage, type BotThread } from "@manyhands/contract/bot"
import { NS } from "./ticket-parts"

/** How sure the bot is, in words a reader understands (and the figure). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const { t } = useTranslation(NS)
  const level = confidence >= 0.6 ? "high" : confidence >= BOT_CONFIDENCE_THRESHOLD ? "medium" : "low"
  return (
    <Badge tone={level === "high" ? "success" : level === "medium" ? "info" : "warning"} size="sm">
      {t(`bot.confidence.${level}`, { percent: Math.round(confidence * 100) })}
    </Badge>
  )
}

/** A passage the bot quotes: where it is from (a link to the section) and its words. */
export function PassageCard({ passage }: { passage: BotPassage }) {
  const { t } = useTranslation(NS)
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <figcaption className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="text-xs uppercase tracking-wide text-muted-foreground">
          {t(`bot.sources.${passage.source}`)}
        </span>
        <Link
          to={passage.path}
          className="font-semibold text-primary underline-offset-2 hover:underline focus-ring"
        >
          {passage.title}
          {passage.heading ? ` › ${passage.heading}` : ""}
        </Link>
      </figcaption>
      <blockquote className="border-l-2 border-border-strong pl-3 text-sm text-foreground">
        {passage.quote}
      </blockquote>
    </figure>
  )
}

/** A conversation as the Markdown of a support ticket's first message: each question, and what the bot found. */
export function botTranscript(thread: BotThread, t: TFunction): string {
  const lines = [t("bot.transcript.intro"), ""]
  for (const message of thread.messages) {
    lines.push(`> **${t("bot.transcript.question")}** ${message.question.replace(/\n/g, " ")}`)
    if (message.passages.length === 0) lines.push(`> ${t("bot.transcript.nothing")}`)
    for (const passage of message.passages)
      lines.push(`> - [${passage.title}${passage.heading ? ` › ${passage.heading}` : ""}](${passage.path})`)
    if (message.helpful === false) lines.push(`> ${t("bot.transcript.notHelpful")}`)
    lines.push("")
  }
  lines.push(t("bot.transcript.more"), "")
  return lines.join("\n")
}
