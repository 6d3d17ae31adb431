import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  FileIcon,
  InfoIcon,
  GlobeIcon,
  StarIcon,
  type BadgeTone,
  type SidebarSection,
} from "@manyhands/design-system"
import { ARTICLE_KINDS, type ArticleKind, type ArticleStatus } from "@manyhands/contract/content"
import type { EditorArticle } from "@manyhands/contract/content"
import { useApi } from "../api"
import { AreaLayout, type ListLabels } from "../blocks"
import { EDITOR_AREAS, NS, type EditorKind } from "./editor-kinds"

const KIND_ICONS: Record<ArticleKind, ReactNode> = {
  blog: <FileIcon />,
  software_blog: <StarIcon />,
  tutorial: <GlobeIcon />,
  faq: <InfoIcon />,
}

/** An editor page: the h1 and lead, the three kinds' areas beside it (the current one marked). */
export function EditorLayout({
  kind,
  titleId,
  title,
  lead,
  actions,
  children,
}: {
  kind: ArticleKind
  titleId: string
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation(NS)
  const nav: SidebarSection[] = [
    {
      items: ARTICLE_KINDS.map((id) => ({
        label: t(`kinds.${id}`),
        href: EDITOR_AREAS[id],
        icon: KIND_ICONS[id],
        active: id === kind,
      })),
    },
  ]
  return (
    <AreaLayout
      titleId={titleId}
      eyebrow={t("eyebrow")}
      title={title}
      lead={lead}
      navLabel={t("navLabel")}
      nav={nav}
      actions={actions}
    >
      {children}
    </AreaLayout>
  )
}

const STATUS_TONES: Record<ArticleStatus, BadgeTone> = {
  draft: "neutral",
  scheduled: "info",
  published: "success",
}

/** A translation's status; "outdated" beside it when the English text changed since it was made. */
export function StatusBadges({ status, outdated }: { status: ArticleStatus; outdated?: boolean }) {
  const { t } = useTranslation(NS)
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={STATUS_TONES[status]} size="sm">
        {t(`status.${status}`)}
      </Badge>
      {outdated ? (
        <Badge tone="warning" size="sm">
          {t("status.outdated")}
        </Badge>
      ) : null}
    </span>
  )
}

/** The words of the editors' lists when they fail to load or run to pages. */
export function useEditorListLabels(): ListLabels {
  const { t } = useTranslation(NS)
  return { error: t("loadError"), retry: t("retry"), pagination: t("pagination") }
}

/** A datetime-local value (the editor's own time) as ISO 8601; "" stays "". */
export const isoOfLocal = (local: string) => (local === "" ? "" : new Date(local).toISOString())

/** An ISO time as a datetime-local value in the editor's own time zone, to the minute. */
export function localOfIso(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`
}

/** Whether a datetime-local value is a time to come. */
export const isFutureLocal = (local: string) => local !== "" && new Date(local).getTime() > Date.now()

/** This time tomorrow (a schedule's first suggestion), ISO 8601. */
export const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString()

/**
 * The article an editor page shows, by its key: the route's preloaded answer first, then SWR's (a save or a
 * publish puts its answer there with `answer.mutate`).
 */
export function useEditorArticle(pages: EditorKind, preloaded: EditorArticle | undefined) {
  const key = preloaded?.key
  const answer = useApi<EditorArticle>(key ? pages.api.byKey.url({ key }) : null, { initial: preloaded })
  return { article: answer.data ?? answer.last ?? preloaded, answer }
}
