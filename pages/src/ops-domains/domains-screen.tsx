import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  Card,
  CardBody,
  ErrorState,
  Field,
  GlobeIcon,
  PlusIcon,
  Select,
  DataTable,
  useFormatter,
  type BadgeTone,
  type TableColumn,
} from "@manyhands/design-system"
import { ConfirmDialog } from "../admin-lists"
import { NoticeRegion, RowDialogButton, actionsColumn, useRowDialog, type Notice } from "../blocks"
import { useApi, withQueryString } from "../api"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import {
  DOMAIN_RULE_ACTIONS,
  DOMAIN_RULE_STATES,
  opsDomainsApi,
  type DomainRule,
  type DomainRuleAction,
  type DomainRuleList,
  type DomainRuleState,
} from "@manyhands/contract/ops-domains"
import { RuleDialog } from "./rule-dialog"

export interface DomainsScreenProps {
  /** GET /api/v1/ops/domain-rules: every rule, preloaded by the route. */
  domainRules?: DomainRuleList
}

const ACTION_TONES: Record<DomainRuleAction, BadgeTone> = {
  block: "danger",
  human_only: "info",
  require_proxy: "warning",
  min_skill: "promo",
  price_multiplier: "neutral",
}

const ALL = "all"

/**
 * /editor/manual-domains: staff's rules on the host of a task's page — block it, keep it for people, require a
 * proxy, give it to skilled workers only, or multiply its price — with filters by action and state, a dialog to
 * add or change a rule (showing how many of the last day's tasks it would touch) and deletion after a question.
 */
export default function DomainsScreen({ domainRules }: DomainsScreenProps) {
  const { t } = useTranslation("ops-domains")
  const format = useFormatter()
  const { api } = useShellServices()
  const [action, setAction] = useState<DomainRuleAction | typeof ALL>(ALL)
  const [state, setState] = useState<DomainRuleState>("all")
  const query = new URLSearchParams({
    ...(action === ALL ? {} : { action }),
    ...(state === "all" ? {} : { state }),
  }).toString()
  const list = useApi<DomainRuleList>(withQueryString(opsDomainsApi.list.url(), query), {
    initial: query === "" ? domainRules : undefined,
  })
  const [notice, setNotice] = useState<Notice | null>(null)
  const [editing, setEditing] = useState<{ rule: DomainRule | null } | null>(null)
  const removing = useRowDialog<DomainRule>()

  const saved = (rule: DomainRule, created: boolean) => {
    setEditing(null)
    setNotice({
      tone: "success",
      text: t(created ? "notice.created" : "notice.updated", { pattern: rule.display }),
    })
    list.retry()
  }

  const actionText = (rule: DomainRule) =>
    rule.action === "min_skill"
      ? t("actionWith.min_skill", { rating: rule.minRating })
      : rule.action === "price_multiplier"
        ? t("actionWith.price_multiplier", { multiplier: format.number(rule.priceMultiplier ?? 1) })
        : t(`actions.${rule.action}`)

  const columns: TableColumn<DomainRule>[] = [
    {
      key: "pattern",
      header: t("columns.pattern"),
      rowHeader: true,
      cell: (rule) => (
        <span className="flex flex-col">
          <span className="font-mono font-medium break-all">{rule.display}</span>
          <span className="text-sm text-muted-foreground">{t(`kinds.${rule.kind}`)}</span>
        </span>
      ),
    },
    {
      key: "action",
      header: t("columns.action"),
      cell: (rule) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={ACTION_TONES[rule.action]} wrap>
            {actionText(rule)}
          </Badge>
          <span className="text-sm text-muted-foreground">
            {rule.captchaTypes.length === 0 ? t("allTypes") : rule.captchaTypes.join(", ")}
          </span>
        </span>
      ),
    },
    {
      key: "reason",
      header: t("columns.reason"),
      cell: (rule) => (
        <span className="flex flex-col gap-1">
          <span className="break-words">{rule.staffReason}</span>
          {rule.customerReason ? (
            <span className="text-sm break-words text-muted-foreground">
              {t("customerSees", { reason: rule.customerReason })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "state",
      header: t("columns.state"),
      cell: (rule) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={rule.active ? "success" : "neutral"} dot>
            {t(rule.active ? "state.active" : !rule.enabled ? "state.disabled" : "state.expired")}
          </Badge>
          <span className="text-sm text-muted-foreground @min-[40rem]:whitespace-nowrap">
            {rule.expiresAt ? t("expires", { date: format.dateTime(rule.expiresAt) }) : t("noExpiry")}
          </span>
        </span>
      ),
    },
    actionsColumn(t("columns.actions"), (rule) => (
      <span className="flex justify-end gap-2">
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          aria-label={t("editOf", { pattern: rule.display })}
          onClick={() => setEditing({ rule })}
        >
          {t("edit")}
        </Button>
        <RowDialogButton
          name={t("deleteOf", { pattern: rule.display })}
          onOpen={(b) => removing.open(rule, b)}
        >
          {t("delete")}
        </RowDialogButton>
      </span>
    )),
  ]

  const forbidden = list.error?.status === 403 || list.error?.status === 401
  const rules = list.data?.rules ?? []

  return (
    <Section labelledBy="ops-domains-title" className="min-h-[60vh]">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex max-w-3xl flex-col gap-2">
          <p className="text-sm font-semibold text-primary">{t("eyebrow")}</p>
          <h1 id="ops-domains-title" className="text-3xl font-bold tracking-tight text-balance">
            {t("title")}
          </h1>
          <p className="text-pretty text-muted-foreground">{t("lead")}</p>
        </div>
        {forbidden ? null : (
          <Button aria-haspopup="dialog" onClick={() => setEditing({ rule: null })}>
            <PlusIcon />
            {t("add")}
          </Button>
        )}
      </div>
      <div className="mt-8 flex min-w-0 flex-col gap-6">
        <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
        {forbidden ? (
          <ErrorState
            size="section"
            titleAs="h2"
            title={t("forbidden.title")}
            description={t("forbidden.text")}
            retryLabel={t("retry")}
            onRetry={list.retry}
          />
        ) : (
          <Card>
            <CardBody className="flex flex-col gap-4">
              <div className="flex flex-wrap gap-4">
                <Field label={t("filters.action")} className="min-w-48">
                  <Select
                    value={action}
                    onValueChange={(value) => setAction(value as DomainRuleAction | typeof ALL)}
                    options={[
                      { value: ALL, label: t("filters.anyAction") },
                      ...DOMAIN_RULE_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) })),
                    ]}
                  />
                </Field>
                <Field label={t("filters.state")} className="min-w-48">
                  <Select
                    value={state}
                    onValueChange={(value) => setState(value as DomainRuleState)}
                    options={DOMAIN_RULE_STATES.map((value) => ({
                      value,
                      label: t(`filters.states.${value}`),
                    }))}
                  />
                </Field>
              </div>
              {list.error ? (
                <ErrorState
                  size="section"
                  titleAs="h2"
                  title={t("error")}
                  description={list.failure ?? undefined}
                  retryLabel={t("retry")}
                  onRetry={list.retry}
                />
              ) : (
                <DataTable
                  caption={t("caption")}
                  columns={columns}
                  rows={rules}
                  getRowId={(rule) => rule.id}
                  loading={list.loading}
                  loadingRows={3}
                  empty={{
                    titleAs: "h2",
                    icon: <GlobeIcon />,
                    title: t(query === "" ? "empty.title" : "empty.filteredTitle"),
                    description: t(query === "" ? "empty.text" : "empty.filteredText"),
                  }}
                />
              )}
            </CardBody>
          </Card>
        )}
      </div>
      <RuleDialog editing={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <ConfirmDialog
        dialog={removing}
        title={(rule) => t("remove.title", { pattern: rule.display })}
        description={() => t("remove.text")}
        cancelLabel={t("cancel")}
        confirmLabel={t("remove.confirm")}
        confirm={(rule) => api.send("DELETE", opsDomainsApi.remove.url({ id: rule.id }))}
        onConfirmed={(_answer, rule) => {
          setNotice({ tone: "success", text: t("notice.deleted", { pattern: rule.display }) })
          list.retry()
        }}
        ends={(failure) => failure.status === 404}
        onRefused={(failure) => {
          setNotice({ tone: "warning", text: failure.message })
          list.retry()
        }}
      />
    </Section>
  )
}
