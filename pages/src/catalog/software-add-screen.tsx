import { useTranslation } from "react-i18next"
import { ErrorState, Skeleton, useFormatter } from "@manyhands/design-system"
import {
  catalogApi,
  type MySoftware,
  type SoftwareCategories,
  type SoftwareDraft,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { TextLink } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { ProgramStatus } from "./software-author-parts"
import { NS } from "./software-card"
import { SoftwareForm, WithCategories, formValues, programBody } from "./software-form"

export interface SoftwareAddScreenProps {
  /** GET /api/v1/catalog/categories, preloaded by the route. */
  softwareCategories?: SoftwareCategories
  /** GET /api/v1/catalog/mine, preloaded by the route. */
  softwareMine?: MySoftware
}

/**
 * /software/add (signed in): the author's programs with where each stands, and the form that adds one — a draft,
 * or sent to the moderators. The new program's page for its author (/software/{slug}/edit) opens once it is in.
 */
export function SoftwareAddScreen({ softwareCategories, softwareMine }: SoftwareAddScreenProps) {
  const { t } = useTranslation(NS)
  const { api, goTo } = useShellServices()
  return (
    <Section>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">{t("author.add.title")}</h1>
      <p className="mb-8 max-w-3xl text-base text-muted-foreground">{t("author.add.lead")}</p>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <WithCategories initial={softwareCategories}>
            {(categories) => (
              <SoftwareForm
                mode="add"
                categories={categories}
                initial={formValues(null)}
                onSave={async (values, submit) => {
                  const created = await api.send<SoftwareDraft>("POST", catalogApi.create.url(), {
                    ...programBody(values),
                    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
                    submit,
                  })
                  goTo(`/software/${created.slug}/edit`)
                }}
              />
            )}
          </WithCategories>
        </div>
        <MyPrograms initial={softwareMine} />
      </div>
    </Section>
  )
}

function MyPrograms({ initial }: { initial: MySoftware | undefined }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const mine = useApi<MySoftware>(catalogApi.mine.url(), { initial })
  const records = mine.data?.records
  return (
    <aside aria-labelledby="my-programs" className="flex flex-col gap-3">
      <h2 id="my-programs" className="text-lg font-semibold text-foreground">
        {t("author.mine.title")}
      </h2>
      {mine.failure ? (
        <ErrorState
          title={t("author.mine.loadFailed")}
          description={mine.failure}
          onRetry={mine.retry}
          retryLabel={t("list.retry")}
        />
      ) : !records ? (
        <Skeleton shape="rect" className="h-24" />
      ) : records.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("author.mine.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {records.map((program) => (
            <li key={program.id} className="flex flex-col gap-1 rounded-lg border border-border p-3">
              <TextLink to={`/software/${program.slug}/edit`}>{program.name}</TextLink>
              <ProgramStatus program={program} />
              <span className="text-xs text-muted-foreground">
                {t("author.mine.updated", { date: format.date(program.updatedAt, "long") })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}
