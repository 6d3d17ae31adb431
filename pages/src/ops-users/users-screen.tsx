import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Badge,
  Button,
  Card,
  CardBody,
  Field,
  SearchIcon,
  TextInput,
  UserIcon,
  useFormatter,
  type EmptyStateProps,
  type TableColumn,
} from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import { opsUsersApi, USER_SEARCH_MAX, type UserSummary } from "@manyhands/contract/ops-users"
import { PagedListSection, useAddressFilters, type FilterParams } from "../blocks"
import { useApi, withQueryString } from "../api"
import { OpsLayout } from "../ops-console/ops-layout"
import { UserBadges } from "./user-parts"

const FILTER_PARAMS: FilterParams<{ q: string }> = {
  names: ["q"],
  read: (params) => ({ q: (params.get("q") ?? "").slice(0, USER_SEARCH_MAX) }),
  write: ({ q }) => ({ q }),
}

export interface UsersScreenProps {
  /** GET /api/v2/admin/users without a search: the newest accounts, preloaded by the route. */
  adminUsers?: Page<UserSummary>
}

/**
 * /admin/users: find an account by its id, its e-mail or a part of it, the start of its API key or an IP address it
 * signed in from; newest first, each with what it matched. The search lives in the address.
 */
export default function UsersScreen({ adminUsers }: UsersScreenProps) {
  const { t } = useTranslation("ops-users")
  const format = useFormatter()
  const { filters, page, query, change, setPage, reset } = useAddressFilters(FILTER_PARAMS)
  const list = useApi(withQueryString(opsUsersApi.search.url(), query), {
    initial: query === "" ? adminUsers : undefined,
  })
  const [text, setText] = useState(filters.q)
  const [shownQuery, setShownQuery] = useState(filters.q)
  if (shownQuery !== filters.q) {
    setShownQuery(filters.q)
    setText(filters.q)
  }
  const search = (event: FormEvent) => {
    event.preventDefault()
    change({ q: text.trim() })
  }

  const columns: TableColumn<UserSummary>[] = [
    {
      key: "email",
      header: t("search.columns.account"),
      rowHeader: true,
      cell: (user) => (
        <span className="flex flex-col gap-0.5">
          <Link
            to={`/admin/users/${user.id}`}
            className="font-medium break-all text-primary underline-offset-4 hover:underline focus-ring rounded-sm"
          >
            {user.email}
          </Link>
          <span className="text-sm text-muted-foreground">
            {t("search.idLine", { id: user.id })}
            {user.displayName ? ` · ${user.displayName}` : ""}
          </span>
        </span>
      ),
    },
    { key: "kind", header: t("search.columns.kind"), cell: (user) => <UserBadges user={user} /> },
    {
      key: "matchedBy",
      header: t("search.columns.matchedBy"),
      cell: (user) =>
        user.matchedBy ? (
          <Badge size="sm" tone="success">
            {t(`search.matched.${user.matchedBy}`)}
          </Badge>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      key: "createdAt",
      header: t("search.columns.createdAt"),
      cell: (user) => <span className="@min-[40rem]:whitespace-nowrap">{format.date(user.createdAt)}</span>,
    },
    {
      key: "lastLoginAt",
      header: t("search.columns.lastLoginAt"),
      cell: (user) =>
        user.lastLoginAt ? (
          <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(user.lastLoginAt)}</span>
        ) : (
          <span className="text-muted-foreground">{t("search.never")}</span>
        ),
    },
  ]

  const empty: EmptyStateProps = filters.q
    ? {
        icon: <SearchIcon />,
        title: t("search.empty.title", { q: filters.q }),
        description: t("search.empty.text"),
        action: (
          <Button variant="secondary" onClick={reset}>
            {t("search.clear")}
          </Button>
        ),
      }
    : { icon: <UserIcon />, title: t("search.none") }

  return (
    <OpsLayout titleId="ops-users-title" title={t("search.title")} lead={t("search.lead")}>
      <Card>
        <CardBody>
          <form
            role="search"
            aria-label={t("search.label")}
            onSubmit={search}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field label={t("search.field")} hint={t("search.hint")} className="w-full sm:max-w-xl">
              <TextInput
                name="q"
                type="search"
                value={text}
                maxLength={USER_SEARCH_MAX}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setText(event.target.value)}
              />
            </Field>
            <Button type="submit" className="sm:mb-6">
              <SearchIcon aria-hidden="true" />
              {t("search.submit")}
            </Button>
          </form>
        </CardBody>
      </Card>
      <PagedListSection
        region
        title={filters.q ? t("search.results", { q: filters.q }) : t("search.newest")}
        status={{ range: (shown) => t("search.range", shown), loading: t("search.loading"), live: true }}
        list={list}
        page={page}
        onPageChange={setPage}
        labels={{ error: t("search.error"), retry: t("search.retry"), pagination: t("search.pagination") }}
        errorHeading="h2"
        caption={t("search.caption")}
        columns={columns}
        empty={empty}
      />
    </OpsLayout>
  )
}
