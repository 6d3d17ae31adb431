import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Badge, Rating, Tag, TagList, useFormatter } from "@manyhands/design-system"
import type { SoftwareSummary } from "@manyhands/contract/catalog"

export const NS = "software"

/** The rating of a program in words and stars: "4.6 (12 reviews)", or "No reviews yet". */
export function ProgramRating({
  rating,
  size = "sm",
}: {
  rating: SoftwareSummary["rating"]
  size?: "sm" | "md"
}) {
  const { t } = useTranslation(NS)
  return rating.average === null ? (
    <span className="text-sm text-muted-foreground">{t("rating.none")}</span>
  ) : (
    <Rating value={rating.average} size={size} showValue>
      {t("rating.count", { count: rating.count })}
    </Rating>
  )
}

/** A program's logo, or its initial on a tinted square; decorative (its name is beside it). */
export function ProgramLogo({
  name,
  url,
  size = "sm",
}: {
  name: string
  url: string | null
  size?: "sm" | "lg"
}) {
  const box = size === "lg" ? "h-16 w-16 text-2xl" : "h-10 w-10 text-base"
  return url ? (
    <img src={url} alt="" className={`${box} shrink-0 rounded-md border border-border object-contain`} />
  ) : (
    <span
      aria-hidden
      className={`${box} flex shrink-0 items-center justify-center rounded-md bg-surface-muted font-semibold text-muted-foreground`}
    >
      {[...name][0]?.toUpperCase()}
    </span>
  )
}

/** A program in the list: its name (the link), summary, rating, usage, pricing and categories. */
export function SoftwareCard({
  program,
  categoryNames,
}: {
  program: SoftwareSummary
  categoryNames: Map<string, string>
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  return (
    <article
      data-slot="software-card"
      className="relative flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 transition-colors focus-within:border-primary hover:border-border-strong"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ProgramLogo name={program.name} url={program.logoUrl} />
        <h3 className="mr-auto text-lg font-semibold leading-snug text-foreground">
          {/* The whole card is the link's target area; the heading's text is its name. */}
          <Link
            to={`/software/${program.slug}`}
            className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none"
          >
            {program.name}
          </Link>
        </h3>
        <Badge tone={program.pricing === "paid" ? "neutral" : "success"}>
          {t(`pricing.${program.pricing}`)}
        </Badge>
      </div>
      <p className="line-clamp-3 text-sm text-foreground">{program.summary}</p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1">
        <ProgramRating rating={program.rating} />
        <span className="text-sm text-muted-foreground">
          {t("usage.tasks30d", { count: program.usage30d, n: format.number(program.usage30d) })}
        </span>
      </div>
      <TagList aria-label={t("card.categories")}>
        {program.categories.map((slug) => (
          <Tag key={slug} size="sm">
            {categoryNames.get(slug) ?? slug}
          </Tag>
        ))}
      </TagList>
    </article>
  )
}
