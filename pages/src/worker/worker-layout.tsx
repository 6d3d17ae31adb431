import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  DangerIcon,
  GlobeIcon,
  StarIcon,
  SuccessIcon,
  WalletIcon,
  type SidebarSection,
} from "@manyhands/design-system"
import { AreaLayout, TextLink } from "../blocks"
import { useShellServices } from "../shell-context"

/** The worker cabinet's pages, in the order its navigation lists them. */
export const WORKER_PAGES = {
  cabinet: { href: "/cabinet", icon: <StarIcon /> },
  training: { href: "/cabinet/training", icon: <SuccessIcon /> },
  mistakes: { href: "/cabinet/mistakes", icon: <DangerIcon /> },
  editlang: { href: "/cabinet/editlang", icon: <GlobeIcon /> },
} as const

export type WorkerPage = keyof typeof WORKER_PAGES

export interface WorkerLayoutProps {
  page: WorkerPage
  /** The h1's id: `${page}-title` unless given. */
  titleId?: string
  title: string
  lead: ReactNode
  actions?: ReactNode
  children: ReactNode
}

/** Every page of the worker cabinet: the area layout with its navigation (labels in `common`). */
export function WorkerLayout({ page, titleId, title, lead, actions, children }: WorkerLayoutProps) {
  const { t } = useTranslation("common")
  const { accountType } = useShellServices()
  // The area's API refuses these account types: say so instead of showing pages that never load.
  const wrongType = accountType === "customer" || accountType === "developer"
  const nav: SidebarSection[] = [
    {
      items: (Object.keys(WORKER_PAGES) as WorkerPage[]).map((id) => ({
        label: t(`areas.worker.pages.${id}`),
        href: WORKER_PAGES[id].href,
        icon: WORKER_PAGES[id].icon,
        active: id === page,
      })),
    },
    // Earnings leave through payouts, which live with the partner pages (/partner/payment); XP, leagues and
    // rewards on top of the pay are in the play-and-earn hub.
    {
      items: [
        { label: t("account.payouts"), href: "/partner/payment", icon: <WalletIcon />, active: false },
        { label: t("areas.worker.pages.play"), href: "/play-and-earn", icon: <StarIcon />, active: false },
      ],
    },
  ]
  return (
    <AreaLayout
      titleId={titleId ?? `${page}-title`}
      eyebrow={t("areas.worker.eyebrow")}
      title={title}
      lead={lead}
      navLabel={t("areas.worker.navLabel")}
      nav={nav}
      actions={wrongType ? undefined : actions}
    >
      {wrongType ? (
        <Alert tone="info">
          {t("areas.worker.wrongType")} <TextLink to="/enterpage">{t("areas.worker.wrongTypeLink")}</TextLink>
        </Alert>
      ) : (
        children
      )}
    </AreaLayout>
  )
}
