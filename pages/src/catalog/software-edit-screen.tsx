import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Banner, Breadcrumbs } from "@manyhands/design-system"
import { catalogApi, type SoftwareCategories, type SoftwareDraft } from "@manyhands/contract/catalog"
import { renderRouterLink } from "../blocks"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { ProgramStanding, ProgramStatus, SoftIdNote } from "./software-author-parts"
import { NS } from "./software-card"
import { SoftwareForm, WithCategories, formValues, programBody } from "./software-form"

export interface SoftwareEditScreenProps {
  /** GET /api/v1/catalog/software/{slug}/draft, preloaded by the route; missing: not the reader's program. */
  softwareDraft?: SoftwareDraft
  softwareCategories?: SoftwareCategories
}

/**
 * /software/{slug}/edit (the program's author): where the program stands (a moderator's reason when rejected),
 * its soft_id, and the form. A program not yet published changes in place; a published one keeps its page as
 * approved while the changes wait for a moderator as a revision.
 */
export function SoftwareEditScreen({ softwareDraft, softwareCategories }: SoftwareEditScreenProps) {
  const { t } = useTranslation(NS)
  const { api } = useShellServices()
  // The program as the last save answered it; the route's answer until then (and for another program).
  const [changed, setProgram] = useState<SoftwareDraft | null>(null)
  const program = changed && changed.id === softwareDraft?.id ? changed : softwareDraft
  const [saved, setSaved] = useState<"draft" | "sent" | null>(null)
  if (!program)
    return (
      <MissingItem
        title={t("author.edit.notFound")}
        lead={t("author.edit.notFoundLead")}
        back={{ to: "/software/add", label: t("author.edit.back") }}
      />
    )
  const published = program.status === "published" || program.status === "hidden"
  return (
    <Section>
      <Breadcrumbs
        className="mb-4"
        items={[
          { label: t("list.eyebrow"), href: "/software" },
          { label: t("author.mine.title"), href: "/software/add" },
          { label: program.fields.name },
        ]}
        renderLink={renderRouterLink}
      />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">
          {t("author.edit.title", { name: program.fields.name })}
        </h1>
        <ProgramStatus program={program} />
      </div>
      <div className="mb-8 flex max-w-3xl flex-col gap-4">
        {saved && (
          <Banner tone="success" title={t(`author.edit.saved.${saved}`)}>
            {t(`author.edit.savedLead.${saved}`)}
          </Banner>
        )}
        <ProgramStanding program={program} />
        <SoftIdNote softId={program.softId} />
      </div>
      <div className="max-w-3xl">
        <WithCategories initial={softwareCategories}>
          {(categories) => (
            <SoftwareForm
              // A saved program starts the form again from what the server kept.
              key={program.updatedAt + (program.revision?.id ?? "")}
              mode="edit"
              published={published}
              categories={categories}
              initial={formValues(program.fields)}
              onSave={async (values, submit) => {
                const updated = await api.send<SoftwareDraft>(
                  "PUT",
                  catalogApi.edit.url({ softwareId: program.id }),
                  { ...programBody(values), submit },
                )
                setProgram(updated)
                setSaved(submit ? "sent" : "draft")
              }}
            />
          )}
        </WithCategories>
      </div>
    </Section>
  )
}
