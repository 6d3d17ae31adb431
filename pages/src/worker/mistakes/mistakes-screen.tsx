import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Field,
  KeyValueItem,
  KeyValueList,
  Select,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  SuccessIcon,
  useFormatter,
} from "@manyhands/design-system"
import { LinkButton } from "../../blocks"
import type { MistakesData } from "@manyhands/contract/worker"
import { WorkerLayout } from "../worker-layout"
import { AccuracySection } from "./accuracy-section"
import { drawable, gridOf, readSolution, type ReadableSolution } from "./solution"
import { TaskPicture } from "./task-picture"

type Mistake = MistakesData["items"][number]

/** Mistakes shown at first, and added by each "Show more". */
const PAGE = 10
const ALL_TYPES = "all"

/**
 * /cabinet/mistakes: the worker's answers found to be wrong (by a check task or a customer's report), each with
 * the task, the answer given and the accepted one drawn and written out, and the accuracy per type over time.
 */
export default function WorkerMistakesScreen({ mistakes }: { mistakes?: MistakesData }) {
  const { t } = useTranslation("worker-area")
  return (
    <WorkerLayout page="mistakes" title={t("mistakes.title")} lead={t("mistakes.lead")}>
      <AccuracySection accuracy={mistakes?.accuracy} />
      <MistakesList items={mistakes?.items} />
    </WorkerLayout>
  )
}

function MistakesList({ items }: { items?: Mistake[] }) {
  const { t } = useTranslation("worker-area")
  const [type, setType] = useState(ALL_TYPES)
  const [shown, setShown] = useState(PAGE)
  const types = [...new Set((items ?? []).map((item) => item.type))]
  const typeName = (code: string) => t(`common:captchaTypes.${code}`, { defaultValue: code })
  const chosen = items?.filter((item) => type === ALL_TYPES || item.type === type) ?? []
  const visible = chosen.slice(0, shown)

  let content: ReactNode
  if (!items) {
    content = (
      <SkeletonGroup className="flex flex-col gap-4">
        {[0, 1].map((index) => (
          <div key={index} className="flex flex-col gap-4 rounded-lg border border-border p-5">
            <Skeleton className="h-5 w-1/3" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Skeleton shape="rect" className="h-36" />
              <SkeletonText lines={4} />
            </div>
          </div>
        ))}
      </SkeletonGroup>
    )
  } else if (items.length === 0) {
    content = (
      <EmptyState
        variant="dashed"
        icon={<SuccessIcon />}
        titleAs="h3"
        title={t("mistakes.empty.title")}
        description={t("mistakes.empty.text")}
        action={
          <LinkButton variant="secondary" to="/cabinet">
            {t("mistakes.empty.action")}
          </LinkButton>
        }
      />
    )
  } else {
    content = (
      <>
        {types.length > 1 ? (
          <Field label={t("mistakes.filter.label")} className="sm:max-w-xs">
            <Select
              value={type}
              onValueChange={(value) => {
                setType(value)
                setShown(PAGE)
              }}
              options={[
                { value: ALL_TYPES, label: t("mistakes.filter.all", { number: items.length }) },
                ...types.map((code) => ({
                  value: code,
                  label: t("mistakes.filter.type", {
                    type: typeName(code),
                    number: items.filter((item) => item.type === code).length,
                  }),
                })),
              ]}
            />
          </Field>
        ) : null}
        <p role="status" className="text-sm text-muted-foreground">
          {t("mistakes.count", { shown: visible.length, total: chosen.length })}
        </p>
        <ol className="flex flex-col gap-4">
          {visible.map((item) => (
            <li key={item.id}>
              <MistakeCard item={item} />
            </li>
          ))}
        </ol>
        {chosen.length > visible.length ? (
          <div>
            <Button variant="secondary" onClick={() => setShown(shown + PAGE)}>
              {t("mistakes.more", { number: Math.min(PAGE, chosen.length - visible.length) })}
            </Button>
          </div>
        ) : null}
      </>
    )
  }

  return (
    <section aria-labelledby="mistakes-list-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="mistakes-list-title" className="text-xl font-semibold">
          {t("mistakes.listTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("mistakes.listLead")}</p>
      </div>
      {content}
    </section>
  )
}

/** One wrong answer: what was asked, the picture with both answers drawn, the answers in words, why, when. */
function MistakeCard({ item }: { item: Mistake }) {
  const { t } = useTranslation("worker-area")
  const format = useFormatter()
  const given = readSolution(item.given)
  const expected = item.expected ? readSolution(item.expected) : null
  const titleId = `mistake-${item.id}-title`
  const typeName = t(`common:captchaTypes.${item.type}`, { defaultValue: item.type })
  // Both pictures of a grid task share one grid, big enough for every tile either answer names.
  const tiles = [given, expected].flatMap((solution) => (solution?.form === "click" ? solution.tiles : []))
  const grid = (width: number, height: number) => gridOf(width, height, tiles)
  const draw = item.image !== null && (drawable(given) || (expected !== null && drawable(expected)))

  return (
    <Card asChild className="gap-4">
      <article aria-labelledby={titleId}>
        <CardHeader
          action={
            <Badge tone={item.source === "gold" ? "info" : "warning"}>
              {t(`mistakes.source.${item.source}`)}
            </Badge>
          }
        >
          <CardTitle as="h3" id={titleId}>
            {typeName}
          </CardTitle>
          <CardDescription>
            <time dateTime={item.at}>{format.dateTime(item.at)}</time>
          </CardDescription>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          {item.comment ? (
            <p className="text-sm">
              <span className="font-medium">{t("mistakes.question")}</span> {item.comment}
            </p>
          ) : null}
          {item.image && draw ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <figure className="flex flex-col gap-2">
                <TaskPicture
                  src={item.image}
                  alt={t("mistakes.pictureGiven")}
                  solution={given}
                  grid={grid}
                  tone="given"
                />
                <figcaption className="text-sm font-medium text-danger-text">
                  {t("mistakes.given")}
                </figcaption>
              </figure>
              {expected ? (
                <figure className="flex flex-col gap-2">
                  <TaskPicture
                    src={item.image}
                    alt={t("mistakes.pictureExpected")}
                    solution={expected}
                    grid={grid}
                    tone="expected"
                  />
                  <figcaption className="text-sm font-medium text-success-text">
                    {t("mistakes.expected")}
                  </figcaption>
                </figure>
              ) : null}
            </div>
          ) : item.image ? (
            <TaskPicture src={item.image} alt={t("mistakes.picture")} className="max-w-sm" />
          ) : item.comment ? null : (
            <p className="text-sm text-muted-foreground">{t("mistakes.noPicture")}</p>
          )}
          <KeyValueList divided>
            <KeyValueItem label={t("mistakes.given")}>
              <SolutionText solution={given} />
            </KeyValueItem>
            <KeyValueItem label={t("mistakes.expected")}>
              {expected ? (
                <SolutionText solution={expected} />
              ) : (
                <span className="text-muted-foreground">{t("mistakes.expectedUnknown")}</span>
              )}
            </KeyValueItem>
            <KeyValueItem label={t("mistakes.why")}>{t(`mistakes.reason.${item.source}`)}</KeyValueItem>
          </KeyValueList>
        </CardBody>
      </article>
    </Card>
  )
}

/** An answer in words: the text, the tiles, the points, the angle, the boxes or the outline. */
function SolutionText({ solution }: { solution: ReadableSolution }) {
  const { t } = useTranslation("worker-area")
  const format = useFormatter()
  const n = (value: number) => format.number(value, { maximumFractionDigits: 1 })
  const point = ({ x, y }: { x: number; y: number }) => t("answer.point", { x: n(x), y: n(y) })
  switch (solution.form) {
    case "text":
      return solution.text === "" ? (
        <span className="text-muted-foreground">{t("answer.emptyText")}</span>
      ) : (
        <span className="font-mono break-all">{solution.text}</span>
      )
    case "click":
      return solution.tiles.length === 0 ? (
        <>{t("answer.noTiles")}</>
      ) : (
        <>{t("answer.tiles", { list: solution.tiles.map(n).join(", ") })}</>
      )
    case "coordinates":
      return solution.points.length === 0 ? (
        <>{t("answer.noPoints")}</>
      ) : (
        <>
          {t("answer.points", {
            list: solution.points.map((p, index) => `${index + 1}: ${point(p)}`).join("; "),
          })}
        </>
      )
    case "rotate":
      return <>{t("answer.rotate", { list: solution.degrees.map((d) => `${n(d)}°`).join(", ") })}</>
    case "boxes":
      return solution.boxes.length === 0 ? (
        <>{t("answer.noBoxes")}</>
      ) : (
        <>
          {t("answer.boxes", {
            list: solution.boxes
              .map((box) => `${point({ x: box.xMin, y: box.yMin })} – ${point({ x: box.xMax, y: box.yMax })}`)
              .join("; "),
          })}
        </>
      )
    case "canvas":
      return solution.areas.length === 0 ? (
        <>{t("answer.noAreas")}</>
      ) : (
        <>
          {t("answer.canvas", {
            list: solution.areas.map((area) => t("answer.area", { points: area.length })).join("; "),
          })}
        </>
      )
    default:
      return <span className="font-mono break-all">{solution.json}</span>
  }
}
