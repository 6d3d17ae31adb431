import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  KeyValueItem,
  KeyValueList,
  Skeleton,
  SkeletonGroup,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useFormatter,
} from "@manyhands/design-system"
import { articlePath, type ArticleList, type ArticleSummary } from "@manyhands/contract/content"
import { faqAudiencePath } from "@manyhands/contract/faq"
import {
  BOOSTER_MIN_ACCURACY,
  PROMOTION_MIN_ACCURACY,
  PROMOTION_MIN_GOLDS,
  QUALITY_FLOOR,
  QUALITY_PRIOR_ANSWERS,
  QUALITY_PRIOR_CORRECT,
  STREAK_DAY_ANSWERS,
  STREAK_FREEZES_PER_WEEK,
  XP_BASE,
  XP_HOURLY_CAP,
} from "@manyhands/contract/play"
import { LinkCardGrid } from "../../blocks"
import { PlayLayout } from "../play-layout"
import { useTypeName } from "../play-parts"

/**
 * /play-and-earn/faq: the FAQ answers tagged for the hub (each opens on its own page, as the support FAQ's do), the
 * hub's rules in numbers, and the way to the worker FAQ.
 */
export default function PlayFaqScreen({ faqPlay }: { faqPlay?: ArticleList }) {
  const { t } = useTranslation("play")
  return (
    <PlayLayout page="faq" title={t("faq.title")} lead={t("faq.lead")}>
      <section aria-labelledby="play-faq-answers" className="flex flex-col gap-4">
        <h2 id="play-faq-answers" className="text-xl font-semibold">
          {t("faq.answers", { count: faqPlay?.items.length ?? 0 })}
        </h2>
        {!faqPlay ? (
          <SkeletonGroup className="flex flex-col gap-3">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} shape="rect" className="h-20 w-full" />
            ))}
          </SkeletonGroup>
        ) : faqPlay.items.length === 0 ? (
          <EmptyState variant="dashed" title={t("faq.emptyTitle")} description={t("faq.emptyText")} />
        ) : (
          <Answers items={faqPlay.items} />
        )}
      </section>
      <RulesInNumbers />
      <section aria-labelledby="play-faq-more" className="flex flex-col gap-4">
        <h2 id="play-faq-more" className="text-xl font-semibold">
          {t("faq.more.title")}
        </h2>
        <LinkCardGrid
          columns={2}
          items={[
            {
              id: "worker",
              to: faqAudiencePath("worker"),
              title: t("faq.more.worker.title"),
              text: t("faq.more.worker.text"),
            },
            { id: "help", to: "/support/h", title: t("faq.more.help.title"), text: t("faq.more.help.text") },
          ]}
        />
      </section>
    </PlayLayout>
  )
}

/** The answers as links to their pages (/support/faq/{slug}), each title with its summary. */
function Answers({ items }: { items: readonly ArticleSummary[] }) {
  return (
    <ul aria-labelledby="play-faq-answers" className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={articlePath("faq", item.slug)}
            className="block rounded-lg border border-border bg-surface p-4 hover:border-border-strong focus-ring"
          >
            <span className="block font-semibold text-foreground">{item.title}</span>
            <span className="mt-1 block text-sm text-pretty text-muted-foreground">{item.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The numbers the hub's rules use (the contract's), so a player can check any figure they see. */
function RulesInNumbers() {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const typeName = useTypeName()
  const percent = (share: number) => format.percent(share, 0)
  return (
    <Card asChild>
      <section aria-labelledby="play-faq-rules">
        <CardHeader>
          <CardTitle as="h2" id="play-faq-rules">
            {t("faq.rules.title")}
          </CardTitle>
          <CardDescription>{t("faq.rules.lead")}</CardDescription>
        </CardHeader>
        <CardBody className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_1fr]">
          <Table>
            <TableCaption>{t("faq.rules.baseCaption")}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead size="sm">{t("faq.rules.type")}</TableHead>
                <TableHead size="sm" align="numeric">
                  {t("faq.rules.base")}
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {Object.entries(XP_BASE).map(([type, base]) => (
                <TableRow key={type}>
                  <TableHead scope="row" size="sm">
                    {typeName(type)}
                  </TableHead>
                  <TableCell size="sm" align="numeric">
                    {format.number(base)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <KeyValueList divided>
            <KeyValueItem label={t("faq.rules.worth")}>{t("faq.rules.worthValue")}</KeyValueItem>
            <KeyValueItem label={t("faq.rules.quality")}>
              {t("faq.rules.qualityValue", {
                start: percent(QUALITY_PRIOR_CORRECT / QUALITY_PRIOR_ANSWERS),
                floor: percent(QUALITY_FLOOR),
              })}
            </KeyValueItem>
            <KeyValueItem label={t("faq.rules.cap")}>
              {t("faq.rules.capValue", { xp: format.number(XP_HOURLY_CAP) })}
            </KeyValueItem>
            <KeyValueItem label={t("faq.rules.clawback")}>{t("faq.rules.clawbackValue")}</KeyValueItem>
            <KeyValueItem label={t("faq.rules.promotion")}>
              {t("faq.rules.promotionValue", {
                accuracy: percent(PROMOTION_MIN_ACCURACY),
                golds: format.number(PROMOTION_MIN_GOLDS),
              })}
            </KeyValueItem>
            <KeyValueItem label={t("faq.rules.streak")}>
              {t("faq.rules.streakValue", {
                answers: format.number(STREAK_DAY_ANSWERS),
                count: STREAK_FREEZES_PER_WEEK,
              })}
            </KeyValueItem>
            <KeyValueItem label={t("faq.rules.booster")}>
              {t("boosters.rule", { accuracy: percent(BOOSTER_MIN_ACCURACY) })}
            </KeyValueItem>
          </KeyValueList>
        </CardBody>
      </section>
    </Card>
  )
}
