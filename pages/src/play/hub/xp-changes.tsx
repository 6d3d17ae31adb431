import { useTranslation } from "react-i18next"
import {
  Badge,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  cn,
  useFormatter,
  type BadgeTone,
  type TableColumn,
} from "@manyhands/design-system"
import { playHubPath, type XpEvent, type XpEventKind } from "@manyhands/contract/play"
import { TextLink } from "../../blocks"
import { useTypeName } from "../play-parts"

const KIND_TONES: Record<XpEventKind, BadgeTone> = {
  answer: "neutral",
  check: "info",
  training: "promo",
  clawback: "danger",
}

/** A change of XP with its sign ("+13", "−13", "0"). */
export function useSignedXp(): (xp: number) => string {
  const format = useFormatter()
  return (xp) => format.number(xp, { signDisplay: "exceptZero" })
}

/** "Why did my score change": how each change was counted, in words. */
export function useXpExplanation(): (event: XpEvent) => string {
  const { t } = useTranslation("play")
  const format = useFormatter()
  return (event) => {
    if (event.kind === "clawback") return t("xp.explain.clawback", { xp: format.number(-event.xp) })
    if (event.correct === false) return t("xp.explain.wrong")
    const formula = t("xp.explain.formula", {
      base: format.number(event.base),
      quality: format.number(event.quality, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      worth: format.number(event.worth),
    })
    if (!event.capped) return formula
    return `${formula} ${
      event.xp === 0 ? t("xp.explain.cappedAll") : t("xp.explain.cappedSome", { xp: format.number(event.xp) })
    }`
  }
}

/** The last changes of the player's XP, newest first, each with what explains it. */
export function XpChanges({ events }: { events: readonly XpEvent[] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const typeName = useTypeName()
  const explain = useXpExplanation()
  const signed = useSignedXp()
  const columns: TableColumn<XpEvent>[] = [
    {
      key: "at",
      header: t("xp.columns.at"),
      rowHeader: true,
      cell: (event) => <span className="whitespace-nowrap">{format.dateTime(event.at)}</span>,
    },
    {
      key: "kind",
      header: t("xp.columns.kind"),
      cell: (event) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={KIND_TONES[event.kind]}>{t(`xp.kinds.${event.kind}`)}</Badge>
          {event.correct === null || event.kind === "clawback" ? null : (
            <span className="text-xs text-muted-foreground">
              {event.correct ? t("xp.right") : t("xp.wrong")}
            </span>
          )}
        </span>
      ),
    },
    { key: "type", header: t("xp.columns.type"), cell: (event) => typeName(event.type) },
    {
      key: "why",
      header: t("xp.columns.why"),
      cell: (event) => (
        <span className="flex flex-col items-start gap-1">
          <span className="text-pretty">{explain(event)}</span>
          {event.capped ? (
            <Badge tone="warning" size="sm">
              {t("xp.capped")}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: "xp",
      header: t("xp.columns.xp"),
      align: "numeric",
      cell: (event) => (
        <span
          className={cn(
            "whitespace-nowrap",
            event.xp < 0 ? "font-semibold text-danger-text" : event.xp > 0 && "font-semibold",
          )}
        >
          {t("xp.value", { xp: signed(event.xp) })}
        </span>
      ),
    },
  ]
  return (
    <Card asChild>
      <section aria-labelledby="play-xp-changes">
        <CardHeader>
          <CardTitle as="h2" id="play-xp-changes">
            {t("xp.title")}
          </CardTitle>
          <CardDescription>{t("xp.lead")}</CardDescription>
        </CardHeader>
        <CardBody>
          <DataTable
            columns={columns}
            rows={events}
            caption={t("xp.title")}
            captionHidden
            size="sm"
            empty={{
              title: t("xp.empty.title"),
              description: (
                <>
                  {t("xp.empty.text")} <TextLink to={playHubPath("play")}>{t("xp.empty.link")}</TextLink>
                </>
              ),
            }}
          />
        </CardBody>
      </section>
    </Card>
  )
}
