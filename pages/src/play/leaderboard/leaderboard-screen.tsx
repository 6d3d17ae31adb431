import { useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  ArrowDownIcon,
  ArrowUpIcon,
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  MinusIcon,
  Skeleton,
  SkeletonGroup,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  cn,
  useFormatter,
  type BadgeTone,
} from "@manyhands/design-system"
import { articlePath } from "@manyhands/contract/content"
import {
  LEAGUE_TIERS,
  playApi,
  type BoardRow,
  type BoardScope,
  type Leaderboard,
} from "@manyhands/contract/play"
import { useApi } from "../../api"
import { TextLink } from "../../blocks"
import { PlayLayout } from "../play-layout"
import { useTierName } from "../play-parts"

/** The FAQ answer on fair play: the signs that keep a player off the board, and the way back. */
const FAIR_PLAY_SLUG = "fair-play"

const ZONE_LOOK: Record<BoardRow["zone"], { tone: BadgeTone; icon: typeof ArrowUpIcon }> = {
  promotion: { tone: "success", icon: ArrowUpIcon },
  safe: { tone: "neutral", icon: MinusIcon },
  demotion: { tone: "danger", icon: ArrowDownIcon },
}

/**
 * /play-and-earn/leaderboard: this week's league (the top, the viewer and their neighbours, the zones that move
 * up and down, the promotion rule) or the all-time board, fetched when chosen. A flagged viewer reads why they
 * are off the board.
 */
export default function PlayLeaderboardScreen({ playBoard }: { playBoard?: Leaderboard }) {
  const { t } = useTranslation("play")
  const [scope, setScope] = useState<BoardScope>("week")
  const all = useApi<Leaderboard>(scope === "all" ? playApi.leaderboard.url({}, { scope: "all" }) : null)
  return (
    <PlayLayout page="leaderboard" title={t("board.title")} lead={t("board.lead")}>
      <Tabs variant="pill" value={scope} onValueChange={(value) => setScope(value as BoardScope)}>
        <TabsList aria-label={t("board.scopeLabel")}>
          <TabsTrigger value="week">{t("board.scope.week")}</TabsTrigger>
          <TabsTrigger value="all">{t("board.scope.all")}</TabsTrigger>
        </TabsList>
        <TabsContent value="week" className="mt-2 flex flex-col gap-6">
          {playBoard ? <Board board={playBoard} /> : <BoardLoading />}
        </TabsContent>
        <TabsContent value="all" className="mt-2 flex flex-col gap-6">
          {all.failure ? (
            <Alert
              tone="danger"
              action={
                <Button type="button" variant="secondary" onClick={all.retry}>
                  {t("board.retry")}
                </Button>
              }
            >
              {all.failure}
            </Alert>
          ) : all.data ? (
            <Board board={all.data} />
          ) : (
            <BoardLoading />
          )}
        </TabsContent>
      </Tabs>
    </PlayLayout>
  )
}

function BoardLoading() {
  return (
    <SkeletonGroup className="flex flex-col gap-3">
      <Skeleton className="h-6 w-64" />
      <Skeleton shape="rect" className="h-80 w-full" />
    </SkeletonGroup>
  )
}

/**
 * A table frame that scrolls sideways (a phone) must be reachable by keyboard: then, and only then, it is a
 * focusable region named by the caption (as the design system's DataTable does).
 */
function useScrollFrame(captionId: string, shown: boolean) {
  const frame = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const element = frame.current
    if (!element || typeof ResizeObserver === "undefined") return
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    const observer = new ResizeObserver(check)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [shown])
  return {
    containerRef: frame,
    containerProps: scrolls
      ? ({ tabIndex: 0, role: "region", "aria-labelledby": captionId } as const)
      : undefined,
  }
}

function Board({ board }: { board: Leaderboard }) {
  const { t } = useTranslation("play")
  const captionId = useId()
  const frame = useScrollFrame(captionId, board.top.length > 0)
  const format = useFormatter()
  const tierName = useTierName()
  const week = board.scope === "week"
  const lastTop = board.top.at(-1)?.rank ?? 0
  const around = board.around.filter((row) => row.rank > lastTop)
  const firstAround = around[0]?.rank
  const hidden = firstAround === undefined ? 0 : firstAround - lastTop - 1
  const columns = week ? 5 : 4
  const caption = week
    ? t("board.caption.week", { tier: tierName(board.tier), week: format.date(board.week) })
    : t("board.caption.all")
  const players = t("board.players", { count: board.players, n: format.number(board.players) })
  return (
    <>
      {board.flags.length > 0 ? <FlaggedNotice board={board} /> : null}
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="text-xl font-semibold">{caption}</h2>
          <p className="text-sm text-muted-foreground">{players}</p>
        </div>
        {board.top.length === 0 ? (
          <Card>
            <EmptyState size="sm" title={t("board.emptyTitle")} description={t("board.emptyText")} />
          </Card>
        ) : (
          <Table {...frame}>
            <TableCaption id={captionId} className="sr-only">
              {`${caption} · ${players}`}
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead align="numeric" className="w-px">
                  {t("board.columns.rank")}
                </TableHead>
                <TableHead>{t("board.columns.player")}</TableHead>
                <TableHead align="numeric">{t("board.columns.xp")}</TableHead>
                <TableHead align="numeric" className="whitespace-normal">
                  {week ? t("board.columns.accuracyWeek") : t("board.columns.accuracy")}
                </TableHead>
                {week ? <TableHead className="whitespace-normal">{t("board.columns.zone")}</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {board.top.map((row) => (
                <BoardLine key={row.rank} row={row} week={week} />
              ))}
              {hidden > 0 ? (
                <TableRow>
                  <TableCell colSpan={columns} align="center" className="py-1.5 text-muted-foreground">
                    <span aria-hidden="true">⋯</span>
                    <span className="sr-only">
                      {t("board.gap", { from: lastTop + 1, to: (firstAround ?? 0) - 1 })}
                    </span>
                  </TableCell>
                </TableRow>
              ) : null}
              {around.map((row) => (
                <BoardLine key={row.rank} row={row} week={week} />
              ))}
            </TableBody>
          </Table>
        )}
      </div>
      {week ? (
        <PromotionRule board={board} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("board.allNote")}</p>
      )}
    </>
  )
}

function BoardLine({ row, week }: { row: BoardRow; week: boolean }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const zone = ZONE_LOOK[row.zone]
  const Icon = zone.icon
  return (
    <TableRow
      aria-current={row.me ? "true" : undefined}
      data-me={row.me || undefined}
      className={cn(row.me && "bg-primary-soft [&>*]:font-semibold")}
    >
      <TableCell align="numeric" className={cn(row.me && "border-s-4 border-s-primary")}>
        {format.number(row.rank)}
      </TableCell>
      <TableHead scope="row">
        <span className="flex flex-wrap items-center gap-2">
          {row.name}
          {row.me ? (
            <Badge tone="info" variant="solid" size="sm">
              {t("board.you")}
            </Badge>
          ) : null}
        </span>
      </TableHead>
      <TableCell align="numeric">{format.number(row.xp)}</TableCell>
      <TableCell align="numeric">{row.accuracy === null ? "—" : format.percent(row.accuracy, 0)}</TableCell>
      {week ? (
        <TableCell>
          <Badge tone={zone.tone} icon={<Icon size={12} />}>
            {t(`board.zones.${row.zone}`)}
          </Badge>
        </TableCell>
      ) : null}
    </TableRow>
  )
}

/** Who moves up and down at the week's end, and where the viewer stands against the promotion's accuracy rule. */
function PromotionRule({ board }: { board: Leaderboard }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  const tierName = useTierName()
  const index = LEAGUE_TIERS.indexOf(board.tier)
  const higher = LEAGUE_TIERS[index + 1]
  const lower = index > 0 ? LEAGUE_TIERS[index - 1] : undefined
  const accuracy = format.percent(board.promotionAccuracy, 0)
  const mine = board.me?.accuracy ?? null
  const goldsShort = Math.max(0, board.promotionGolds - board.golds)
  const standing =
    board.flags.length > 0
      ? t("board.rule.flagged")
      : goldsShort > 0
        ? t("board.rule.needGolds", { count: goldsShort, n: format.number(goldsShort) })
        : mine !== null && mine < board.promotionAccuracy
          ? t("board.rule.needAccuracy", { accuracy })
          : t("board.rule.accuracyOk")
  return (
    <Card asChild>
      <section aria-labelledby="play-board-rule">
        <CardHeader>
          <CardTitle as="h2" id="play-board-rule">
            {t("board.rule.title")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-3 text-sm text-pretty">
          <p>
            {higher && board.promotionPlaces > 0
              ? t("board.rule.up", {
                  places: board.promotionPlaces,
                  tier: tierName(higher),
                  accuracy,
                  golds: format.number(board.promotionGolds),
                })
              : t("board.rule.top")}
          </p>
          <p>
            {lower && board.demotionFrom !== null
              ? t("board.rule.down", { from: board.demotionFrom, tier: tierName(lower) })
              : t("board.rule.noDown")}
          </p>
          <p className="rounded-md bg-surface-muted px-3 py-2">
            <span className="font-semibold">{t("board.rule.you")}</span>{" "}
            {t("board.rule.yourGolds", { count: board.golds, n: format.number(board.golds) })}
            {mine !== null
              ? ` ${t("board.rule.yourAccuracy", { accuracy: format.percent(mine, 0) })}`
              : ""}{" "}
            {standing}
          </p>
        </CardBody>
      </section>
    </Card>
  )
}

/** Why the viewer is kept off the board, each sign in words, and where the way back is explained. */
function FlaggedNotice({ board }: { board: Leaderboard }) {
  const { t } = useTranslation("play")
  return (
    <Alert tone="warning" title={t("board.flagged.title")}>
      <p>{t("board.flagged.text")}</p>
      <ul className="mt-2 list-disc ps-5">
        {board.flags.map((flag) => (
          <li key={flag}>{t(`board.flagged.flags.${flag}`)}</li>
        ))}
      </ul>
      <p className="mt-2">
        {t("board.flagged.after")}{" "}
        <TextLink to={articlePath("faq", FAIR_PLAY_SLUG)}>{t("board.flagged.link")}</TextLink>
      </p>
    </Alert>
  )
}
