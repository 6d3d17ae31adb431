import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { FeatureGrid, DataTable, type TableColumn } from "@manyhands/design-system"
import {
  faqItems,
  FaqSection,
  LinkCardGrid,
  PageCta,
  type PageAction,
  TextLink,
  TitledSection,
  titledItems,
} from "../blocks"

/** The four service pages under /data, in the order the site lists them. */
export const dataServices = [
  "bounding-box",
  "image-annotation",
  "dataset-annotation",
  "satellite-imagery-data-annotator",
] as const

export type DataServiceId = (typeof dataServices)[number]

/** Background of a page band; neighbouring bands alternate. */
export type Tone = "plain" | "surface"

export const supportEmail = "support@manyhands.dev"
export const customerRegisterPath = "/auth/register?userType=customer"

export function isDataService(value: unknown): value is DataServiceId {
  return typeof value === "string" && (dataServices as readonly string[]).includes(value)
}

/** A mailto link to support with a subject line in the reader's language. */
export function useMailto() {
  const { t } = useTranslation("data")
  return `mailto:${supportEmail}?subject=${encodeURIComponent(t("shared.cta.subject"))}`
}

/** The two ways to start, in the hero and in the closing band: a mail to support, then a customer account. */
export function useStartActions(mailLabel: string): { action: PageAction; secondaryAction: PageAction } {
  const { t } = useTranslation("data")
  const mailto = useMailto()
  return {
    action: { href: mailto, label: mailLabel },
    secondaryAction: { to: customerRegisterPath, label: t("shared.cta.register") },
  }
}

/** Two columns for two or four cards (no lone card on a row), else three. */
export function cardColumns(count: number): 2 | 3 {
  return count === 2 || count === 4 ? 2 : 3
}

/** A band's cards from `<prefix>.<id>.title|text`, in the design system's FeatureGrid. */
export function DataCards({ prefix, ids }: { prefix: string; ids: readonly string[] }) {
  const { t } = useTranslation("data")
  return <FeatureGrid variant="card" columns={cardColumns(ids.length)} items={titledItems(t, prefix, ids)} />
}

export interface FormatRow {
  id: string
  name: string
  contents: string
}

/** Export formats: the format's name and what the customer receives in it. */
export function FormatsTable({ caption, rows }: { caption: string; rows: FormatRow[] }) {
  const { t } = useTranslation("data")
  const columns: TableColumn<FormatRow>[] = [
    { key: "name", header: t("shared.formats.format"), width: "12rem", className: "font-medium" },
    { key: "contents", header: t("shared.formats.contents") },
  ]
  return (
    <DataTable caption={caption} captionHidden columns={columns} rows={rows} getRowId={(row) => row.id} />
  )
}

/** Frequently asked questions of a page, from `<prefix>.items.<id>.question|answer`. */
export function DataFaq({ prefix, ids, tone }: { prefix: string; ids: readonly string[]; tone?: Tone }) {
  const { t } = useTranslation("data")
  return (
    <FaqSection
      id="data-faq-title"
      tone={tone}
      title={t(`${prefix}.title`)}
      items={faqItems(t, `${prefix}.items`, ids)}
    />
  )
}

/** Cards linking to the service pages (all of them, or all but the current one). */
export function ServiceCards({ current, tone }: { current?: DataServiceId; tone?: Tone }) {
  const { t } = useTranslation("data")
  const shown = dataServices.filter((id) => id !== current)
  const key = current ? "shared.services.other" : "shared.services.all"
  return (
    <TitledSection id="data-services-title" tone={tone} title={t(`${key}.title`)} lead={t(`${key}.lead`)}>
      <LinkCardGrid
        columns={shown.length === 4 ? 4 : 3}
        items={shown.map((id) => ({
          id,
          to: `/data/${id}`,
          title: t(`services.${id}.card.name`),
          text: t(`services.${id}.card.text`),
          media: <ServiceArt service={id} className="h-28 w-full" />,
        }))}
      />
      {current ? (
        <p className="mt-8">
          <TextLink to="/data">{t("shared.services.overview")}</TextLink>
        </p>
      ) : null}
    </TitledSection>
  )
}

/** The closing band: write to support or register as a customer. */
export function DataCta() {
  const { t } = useTranslation("data")
  const actions = useStartActions(t("shared.cta.email"))
  return (
    <PageCta id="data-cta-title" title={t("shared.cta.title")} text={t("shared.cta.text")} {...actions} />
  )
}

/** A small decorative drawing of each kind of work; screen readers skip it. */
export function ServiceArt({ service, className }: { service: DataServiceId; className?: string }) {
  return (
    <svg
      viewBox="0 0 320 200"
      aria-hidden="true"
      focusable="false"
      className={className}
      preserveAspectRatio="xMidYMid meet"
    >
      <rect x="1" y="1" width="318" height="198" rx="14" className="fill-surface-muted stroke-border" />
      {art[service]}
    </svg>
  )
}

const art: Record<DataServiceId, ReactNode> = {
  "bounding-box": (
    <g>
      <rect x="30" y="150" width="260" height="8" rx="2" className="fill-border-strong" />
      <rect x="52" y="70" width="34" height="80" rx="8" className="fill-chart-2" />
      <rect x="112" y="90" width="40" height="60" rx="6" className="fill-chart-3" />
      <rect x="176" y="60" width="30" height="90" rx="10" className="fill-chart-4" />
      <rect x="228" y="96" width="44" height="54" rx="6" className="fill-chart-5" />
      <rect x="46" y="64" width="46" height="92" className="fill-none stroke-primary" strokeWidth="3" />
      <rect x="106" y="84" width="52" height="72" className="fill-none stroke-primary" strokeWidth="3" />
      <rect x="170" y="54" width="42" height="102" className="fill-none stroke-primary" strokeWidth="3" />
      <rect x="222" y="90" width="56" height="66" className="fill-none stroke-primary" strokeWidth="3" />
      <rect x="46" y="44" width="30" height="16" rx="3" className="fill-primary" />
      <rect x="170" y="34" width="30" height="16" rx="3" className="fill-primary" />
    </g>
  ),
  "image-annotation": (
    <g>
      <path
        d="M70 150 C 60 110, 90 60, 140 58 C 190 56, 220 90, 214 130 C 208 160, 120 170, 70 150 Z"
        className="fill-chart-2"
        opacity="0.55"
      />
      <path
        d="M70 150 L 74 104 L 104 68 L 150 58 L 196 72 L 216 110 L 210 140 L 160 160 Z"
        className="fill-primary-soft stroke-primary"
        strokeWidth="3"
        fillOpacity="0.6"
      />
      {[
        [70, 150],
        [74, 104],
        [104, 68],
        [150, 58],
        [196, 72],
        [216, 110],
        [210, 140],
        [160, 160],
      ].map(([cx, cy]) => (
        <circle
          key={`${cx}-${cy}`}
          cx={cx}
          cy={cy}
          r="5"
          className="fill-surface stroke-primary"
          strokeWidth="3"
        />
      ))}
      <path
        d="M262 56 L 262 96 L 240 136 M262 96 L 284 136 M262 70 L 240 88 M262 70 L 284 88"
        className="fill-none stroke-chart-4"
        strokeWidth="3"
      />
      {[
        [262, 56],
        [262, 96],
        [240, 136],
        [284, 136],
        [240, 88],
        [284, 88],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="5" className="fill-chart-4" />
      ))}
    </g>
  ),
  "dataset-annotation": (
    <g>
      <rect x="28" y="30" width="186" height="12" rx="6" className="fill-border-strong" />
      <rect x="28" y="56" width="60" height="12" rx="6" className="fill-border-strong" />
      <rect
        x="94"
        y="52"
        width="64"
        height="20"
        rx="4"
        className="fill-primary-soft stroke-primary"
        strokeWidth="2"
      />
      <rect x="164" y="56" width="50" height="12" rx="6" className="fill-border-strong" />
      <rect x="28" y="82" width="100" height="12" rx="6" className="fill-border-strong" />
      <rect x="134" y="78" width="50" height="20" rx="4" className="fill-chart-3" opacity="0.5" />
      <rect x="236" y="28" width="60" height="22" rx="11" className="fill-primary" />
      <rect
        x="236"
        y="58"
        width="60"
        height="22"
        rx="11"
        className="fill-none stroke-primary"
        strokeWidth="2"
      />
      <path
        d="M28 150 l8 -20 l8 34 l8 -46 l8 52 l8 -30 l8 18 l8 -10 l8 22 l8 -36 l8 40 l8 -24 l8 8 l8 -4 l8 10 l8 -28 l8 30 l8 -12 l8 6"
        className="fill-none stroke-chart-4"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="236" y="120" width="60" height="12" rx="6" className="fill-border-strong" />
      <rect x="236" y="142" width="44" height="12" rx="6" className="fill-border-strong" />
      <rect
        x="20"
        y="112"
        width="90"
        height="64"
        rx="6"
        className="fill-none stroke-primary"
        strokeWidth="2"
        strokeDasharray="6 4"
      />
    </g>
  ),
  "satellite-imagery-data-annotator": (
    <g>
      <path d="M1 132 L 319 92" className="stroke-border-strong" strokeWidth="14" />
      <path d="M150 1 L 176 199" className="stroke-border-strong" strokeWidth="10" />
      <path d="M1 160 C 60 150, 90 190, 120 199 L 1 199 Z" className="fill-chart-2" opacity="0.5" />
      <path d="M230 1 C 250 40, 300 50, 319 40 L 319 1 Z" className="fill-chart-3" opacity="0.5" />
      <g transform="rotate(-8 70 70)">
        <rect x="40" y="40" width="60" height="44" className="fill-chart-5" />
        <rect x="36" y="36" width="68" height="52" className="fill-none stroke-primary" strokeWidth="3" />
      </g>
      <g transform="rotate(-8 230 150)">
        <rect x="204" y="128" width="52" height="40" className="fill-chart-5" />
        <rect x="200" y="124" width="60" height="48" className="fill-none stroke-primary" strokeWidth="3" />
      </g>
      <g transform="rotate(-8 240 70)">
        <rect x="200" y="60" width="40" height="30" className="fill-chart-4" opacity="0.8" />
        <rect
          x="196"
          y="56"
          width="48"
          height="38"
          className="fill-none stroke-chart-4"
          strokeWidth="3"
          strokeDasharray="6 4"
        />
      </g>
      <path
        d="M106 1 V 199 M212 1 V 199 M1 100 H 319"
        className="stroke-surface"
        strokeWidth="1.5"
        strokeDasharray="4 6"
      />
    </g>
  ),
}

/** 24-pixel line icons for the kinds of labels (decorative). */
export function LabelIcon({ kind }: { kind: LabelKind }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {icons[kind]}
    </svg>
  )
}

export type LabelKind = "boxes" | "polygons" | "classification" | "keypoints" | "text" | "satellite"

const icons: Record<LabelKind, ReactNode> = {
  boxes: (
    <>
      <rect x="4" y="6" width="16" height="13" rx="1" />
      <path d="M4 3h5" />
    </>
  ),
  polygons: <path d="M5 17 4 8l7-5 8 4 1 9-8 5z" />,
  classification: (
    <>
      <path d="M3 12V4h8l9 9-8 8z" />
      <circle cx="7.5" cy="7.5" r="1" />
    </>
  ),
  keypoints: (
    <>
      <circle cx="12" cy="5" r="2" />
      <circle cx="6" cy="19" r="2" />
      <circle cx="18" cy="19" r="2" />
      <path d="M12 7v6l-5 4.5M12 13l5 4.5" />
    </>
  ),
  text: (
    <>
      <path d="M4 6h16M4 10h10M4 14h16M4 18h7" />
    </>
  ),
  satellite: (
    <>
      <path d="m7 10 3-3 7 7-3 3z" />
      <path d="M8.5 8.5 5 5M15.5 15.5 19 19M3 7l4-4M17 21l4-4" />
    </>
  ),
}
