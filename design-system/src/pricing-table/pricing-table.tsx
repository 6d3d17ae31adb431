import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { CheckIcon } from "../icons"
import { cn } from "../lib/cn"
import { useFormatter } from "../provider/provider"

/** A price in minor units (cents) of a currency: `{ amount: 99, currency: "USD" }` is $0.99. */
export interface PricingAmount {
  amount: number | bigint
  currency: string
}

export interface PricingTier {
  /** Unique within the table. */
  id: string
  name: ReactNode
  /** Who the tier is for. */
  description?: ReactNode
  price?: PricingAmount
  /** Shown instead of a price ("Custom", "Free"). */
  priceLabel?: ReactNode
  /** What the price is for, after it ("per 1000 captchas"). */
  unit?: ReactNode
  /** What the tier includes, each with a check mark. */
  features?: ReactNode[]
  /** The tier's call to action, usually a Button (asChild with a link). */
  cta?: ReactNode
  /** The recommended tier: outlined in the primary colour, with its badge. */
  highlighted?: boolean
  /** A label on the tier ("Most popular"). */
  badge?: ReactNode
}

export const pricingTierVariants = /* @__PURE__ */ cva(
  "relative flex flex-col gap-6 rounded-lg border bg-surface p-6 text-foreground shadow-card",
  {
    variants: {
      highlighted: {
        true: "border-primary ring-1 ring-primary",
        false: "border-border",
      },
    },
    defaultVariants: { highlighted: false },
  },
)

const columnClasses = {
  1: "max-w-md",
  2: "md:grid-cols-2 max-w-4xl",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 xl:grid-cols-4",
} as const

export interface PricingTableProps extends Omit<ComponentProps<"ul">, "children"> {
  tiers: PricingTier[]
  /** Level of each tier's name. @default 3 */
  headingLevel?: 2 | 3 | 4
  className?: string
}

/** Plans side by side, each with its price, what it includes and an action; one can be highlighted. */
export function PricingTable({ tiers, headingLevel = 3, className, ...props }: PricingTableProps) {
  const format = useFormatter()
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4"
  const columns = Math.min(Math.max(tiers.length, 1), 4) as 1 | 2 | 3 | 4
  return (
    <ul
      data-slot="pricing-table"
      className={cn("mx-auto grid w-full grid-cols-1 items-stretch gap-6", columnClasses[columns], className)}
      {...props}
    >
      {tiers.map((tier) => (
        <li
          key={tier.id}
          data-slot="pricing-tier"
          data-highlighted={tier.highlighted ? "true" : undefined}
          className={pricingTierVariants({ highlighted: tier.highlighted ?? false })}
        >
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Heading className="text-lg font-semibold">{tier.name}</Heading>
              {tier.badge != null ? (
                <span
                  data-slot="pricing-badge"
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                    tier.highlighted
                      ? "bg-primary text-primary-foreground"
                      : "bg-surface-muted text-foreground",
                  )}
                >
                  {tier.badge}
                </span>
              ) : null}
            </div>
            {tier.description != null ? (
              <p className="text-sm leading-relaxed text-muted-foreground">{tier.description}</p>
            ) : null}
          </div>
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span data-slot="pricing-price" className="text-4xl font-bold tracking-tight tabular-nums">
              {tier.priceLabel ?? (tier.price ? format.money(tier.price.amount, tier.price.currency) : null)}
            </span>
            {tier.unit != null ? <span className="text-sm text-muted-foreground">{tier.unit}</span> : null}
          </p>
          {tier.features && tier.features.length > 0 ? (
            <ul className="flex flex-col gap-3 text-sm">
              {tier.features.map((feature, index) => (
                <li key={index} className="flex items-start gap-2.5">
                  <CheckIcon size={18} className="mt-px shrink-0 text-success" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {tier.cta != null ? (
            <div data-slot="pricing-cta" className="mt-auto flex flex-col pt-2 [&>*]:w-full">
              {tier.cta}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** One captcha type in a price list. */
export interface PriceListRow {
  id: string
  name: ReactNode
  /** A short note under the name ("Image with distorted text"). */
  description?: ReactNode
  /** A decorative icon or logo of the captcha type. */
  icon?: ReactNode
  /** Price per unit (1000 solutions), in minor units. */
  price: PricingAmount
  /** A second, smaller value: average solving time, say. */
  detail?: ReactNode
  /** The row to draw attention to (the most ordered type). */
  highlighted?: boolean
  /** A label on the row ("Popular"). */
  badge?: ReactNode
}

export interface PriceListProps extends Omit<ComponentProps<"div">, "children"> {
  rows: PriceListRow[]
  /** What the table shows ("Prices per 1000 solved captchas"); visible above it. */
  caption: ReactNode
  /** Column titles: the captcha type, the price, and the detail column when rows have one. */
  columns: { name: ReactNode; price: ReactNode; detail?: ReactNode }
  className?: string
}

/** A table of captcha types with their price per 1000 solutions; one row can be highlighted. */
export function PriceList({ rows, caption, columns, className, ...props }: PriceListProps) {
  const format = useFormatter()
  const hasDetail = columns.detail != null
  return (
    <div
      data-slot="price-list"
      className={cn(
        "w-full overflow-hidden rounded-lg border border-border bg-surface shadow-card",
        className,
      )}
      {...props}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="border-b border-border px-4 py-3 text-left text-base font-semibold text-foreground sm:px-6">
          {caption}
        </caption>
        <thead className="bg-surface-muted text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 sm:px-6">
              {columns.name}
            </th>
            {hasDetail ? (
              <th scope="col" className="hidden px-4 py-2.5 sm:table-cell">
                {columns.detail}
              </th>
            ) : null}
            <th scope="col" className="px-4 py-2.5 text-right sm:px-6">
              {columns.price}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-highlighted={row.highlighted ? "true" : undefined}
              className={cn("border-t border-border", row.highlighted && "bg-primary-soft")}
            >
              <th scope="row" className="px-4 py-3 font-normal sm:px-6">
                <span className="flex items-center gap-3">
                  {row.icon != null ? (
                    <span
                      aria-hidden="true"
                      className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-surface-muted text-muted-foreground sm:flex [&_svg]:size-5"
                    >
                      {row.icon}
                    </span>
                  ) : null}
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                      {row.name}
                      {row.badge != null ? (
                        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                          {row.badge}
                        </span>
                      ) : null}
                    </span>
                    {row.description != null ? (
                      <span className="text-muted-foreground">{row.description}</span>
                    ) : null}
                    {hasDetail && row.detail != null ? (
                      <span className="text-muted-foreground sm:hidden">{row.detail}</span>
                    ) : null}
                  </span>
                </span>
              </th>
              {hasDetail ? (
                <td className="hidden px-4 py-3 text-muted-foreground tabular-nums sm:table-cell">
                  {row.detail}
                </td>
              ) : null}
              <td className="px-4 py-3 text-right text-base font-semibold whitespace-nowrap tabular-nums sm:px-6">
                {format.money(row.price.amount, row.price.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
