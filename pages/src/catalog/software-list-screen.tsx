import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, SelectableTag, TagList } from "@manyhands/design-system"
import {
  CATALOG_SEARCH_MIN_LENGTH,
  SOFTWARE_SORTINGS,
  catalogApi,
  type SoftwareCategories,
  type SoftwareList,
  type SoftwareSorting,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import {
  LinkButton,
  PageHero,
  PagedCardGrid,
  SearchSortBar,
  TextLink,
  oneOf,
  useAddressFilters,
} from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { NS, SoftwareCard } from "./software-card"

export interface SoftwareListScreenProps {
  /** GET /api/v1/catalog/categories in the page's language, preloaded by the route. */
  softwareCategories?: SoftwareCategories
  /** GET /api/v1/catalog/software: the first page, relevant first, preloaded by the route. */
  softwareList?: SoftwareList
}

interface Filters {
  text: string
  categories: string
  sorting: SoftwareSorting | ""
}

/**
 * /software and /software/softlist: the programs that work with Manyhands, by category (several at once), text
 * (from 3 characters, spec §5) and sorting (relevant by default, spec §9), a page at a time. Filters and page
 * live in the address, so a search can be shared.
 */
export function SoftwareListScreen({ softwareCategories, softwareList }: SoftwareListScreenProps) {
  const { t } = useTranslation(NS)
  const { language } = useShellServices()
  const [searchField, setSearchField] = useState(0)
  const address = useAddressFilters<Filters>({
    names: ["text", "categories", "sorting"],
    read: (params) => ({
      text: (params.get("text") ?? "").slice(0, 100),
      categories: /^[a-z0-9-]+(,[a-z0-9-]+)*$/.test(params.get("categories") ?? "")
        ? params.get("categories")!
        : "",
      sorting: oneOf(SOFTWARE_SORTINGS, params.get("sorting")),
    }),
    write: (filters) => ({ ...filters }),
  })
  const { text, categories, sorting } = address.filters
  const chosen = categories ? categories.split(",") : []
  const tooShort = text !== "" && [...text.trim()].length < CATALOG_SEARCH_MIN_LENGTH
  const searching = text.trim() !== "" && !tooShort
  const query = {
    language: language === "ru" ? "ru" : "en",
    ...(searching ? { text: text.trim() } : {}),
    ...(categories ? { categories } : {}),
    ...(sorting ? { sorting } : {}),
    ...(address.page > 1 ? { page: address.page - 1 } : {}),
  }
  // The route preloads the first page as the list opens (no text, category, sorting or page).
  const filtered = Object.keys(query).length > 1
  const answer = useApi<SoftwareList>(catalogApi.list.url({}, query), {
    initial: filtered ? undefined : softwareList,
  })
  const shown = answer.data ?? answer.last
  const pageCount = shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1
  const names = new Map(
    (softwareCategories?.categories ?? []).map((category) => [category.slug, category.name]),
  )
  const narrowed = searching || chosen.length > 0
  const clear = () => {
    address.reset()
    setSearchField((n) => n + 1)
  }
  const toggle = (slug: string, on: boolean) =>
    address.change({
      categories: (on ? [...chosen, slug] : chosen.filter((each) => each !== slug)).join(","),
    })

  return (
    <>
      <PageHero id="software-title" eyebrow={t("list.eyebrow")} title={t("list.title")} lead={t("list.lead")}>
        <div className="flex flex-wrap items-center gap-4">
          <LinkButton to="/software/add">{t("list.add")}</LinkButton>
          <span className="text-sm">
            <TextLink to="/software/blog">{t("list.blog")}</TextLink>
          </span>
        </div>
      </PageHero>

      <Section labelledBy="software-list-title">
        <h2 id="software-list-title" className="sr-only">
          {t("list.results")}
        </h2>
        <div className="flex flex-col gap-6">
          {softwareCategories && softwareCategories.categories.length > 0 ? (
            <TagList aria-label={t("list.categories")}>
              {softwareCategories.categories.map((category) => (
                <SelectableTag
                  key={category.slug}
                  selected={chosen.includes(category.slug)}
                  onSelectedChange={(on) => toggle(category.slug, on)}
                >
                  {t("list.categoryCount", { name: category.name, n: category.count })}
                </SelectableTag>
              ))}
            </TagList>
          ) : null}
          <SearchSortBar
            text={text}
            searchKey={searchField}
            searchLabel={t("list.searchLabel")}
            placeholder={t("list.searchPlaceholder")}
            minChars={CATALOG_SEARCH_MIN_LENGTH}
            loading={answer.loading && searching}
            onSearch={(typed) => address.change({ text: typed })}
            sort={{
              name: "sorting",
              label: t("list.sortLabel"),
              value: sorting || "relevant",
              options: SOFTWARE_SORTINGS.map((option) => ({
                value: option,
                label: t(`list.sort.${option}`),
              })),
              width: "sm:w-56",
            }}
            onSort={(value) => address.change({ sorting: value as SoftwareSorting })}
          />

          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {tooShort
              ? t("list.searchTooShort", { count: CATALOG_SEARCH_MIN_LENGTH })
              : shown
                ? searching
                  ? t("list.foundFor", { count: shown.totalCount, text: text.trim() })
                  : t("list.found", { count: shown.totalCount })
                : ""}
          </p>

          <PagedCardGrid
            items={shown?.records}
            card={(program) => <SoftwareCard program={program} categoryNames={names} />}
            getKey={(program) => program.id}
            failure={tooShort ? undefined : answer.failure}
            onRetry={answer.retry}
            empty={{
              title: narrowed ? t("list.emptySearch") : t("list.empty"),
              description: narrowed ? t("list.emptySearchHint") : undefined,
              action: narrowed ? (
                <Button variant="secondary" onClick={clear}>
                  {t("list.clear")}
                </Button>
              ) : undefined,
            }}
            page={address.page}
            pageCount={pageCount}
            onPageChange={address.setPage}
            labels={{
              error: t("list.loadFailed"),
              retry: t("list.retry"),
              loading: t("list.loading"),
              pagination: t("list.pagination"),
            }}
            columns="md:grid-cols-2 xl:grid-cols-3"
            placeholders={{ count: 6, className: "h-48" }}
          />
        </div>
      </Section>
    </>
  )
}
