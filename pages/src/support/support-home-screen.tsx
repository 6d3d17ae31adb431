import { useTranslation } from "react-i18next"
import { LinkCardGrid, PageHero } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { NS } from "./ticket-parts"

const SELF_HELP = [
  { id: "faq", to: "/support/h" },
  { id: "bot", to: "/support/bot" },
  { id: "docs", to: "/api-docs" },
  { id: "tutorials", to: "/h" },
  { id: "demo", to: "/demo" },
  { id: "software", to: "/software" },
  { id: "enterprise", to: "/support/enterprise" },
  { id: "threads", to: "/p/support-bot-threads" },
] as const

/** /support: ask a person (a ticket) or find the answer in our own pages. */
export default function SupportHomeScreen() {
  const { t } = useTranslation(NS)
  const { user } = useShellServices()
  return (
    <>
      <PageHero
        id="support-title"
        eyebrow={t("home.eyebrow")}
        title={t("home.title")}
        lead={t("home.lead")}
        action={{ to: "/support/tickets/new", label: t("home.ask") }}
        secondaryAction={{ to: "/support/tickets", label: t("home.tickets") }}
      >
        {!user && <span className="text-sm text-muted-foreground">{t("home.signIn")}</span>}
      </PageHero>
      <Section labelledBy="support-self-help">
        <h2 id="support-self-help" className="mb-6 text-2xl font-semibold text-foreground">
          {t("home.selfHelp")}
        </h2>
        <LinkCardGrid
          columns={2}
          items={SELF_HELP.map((link) => ({
            id: link.id,
            to: link.to,
            title: t(`home.links.${link.id}.title`),
            text: t(`home.links.${link.id}.text`),
          }))}
        />
      </Section>
    </>
  )
}
