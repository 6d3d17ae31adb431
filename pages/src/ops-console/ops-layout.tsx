import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Section } from "../layout/section"

interface OpsLayoutProps {
  /** The h1's id. */
  titleId: string
  title: ReactNode
  lead?: ReactNode
  /** Buttons beside the heading. */
  actions?: ReactNode
  /** False on the console's home itself. @default true */
  backToConsole?: boolean
  children: ReactNode
}

/** A page of the operations console: the link back to its home, the heading, the page's parts. */
export function OpsLayout({ titleId, title, lead, actions, backToConsole = true, children }: OpsLayoutProps) {
  const { t } = useTranslation("ops-console")
  return (
    <Section labelledBy={titleId} className="min-h-[60vh]">
      <div className="flex flex-col gap-2">
        {backToConsole ? (
          <p className="text-sm font-semibold">
            <Link
              to="/admin"
              className="text-primary underline-offset-4 hover:underline focus-ring rounded-sm"
            >
              {t("layout.console")}
            </Link>
          </p>
        ) : (
          <p className="text-sm font-semibold text-primary">{t("layout.eyebrow")}</p>
        )}
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h1 id={titleId} className="text-3xl font-bold tracking-tight text-balance break-words">
            {title}
          </h1>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {lead ? <p className="max-w-3xl text-pretty text-muted-foreground">{lead}</p> : null}
      </div>
      <div className="mt-8 flex min-w-0 flex-col gap-6">{children}</div>
    </Section>
  )
}
