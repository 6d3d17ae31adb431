/**
 * Manual domain rules as staff edit them (contract/src/ops-domains.ts): list, create, replace, delete — each
 * change audited in its transaction — and the dry run over the last 24 hours' tasks. The engine's side (matching,
 * the cached set) is domains-rules.ts.
 */
import type {
  DomainDryRun,
  DomainDryRunInput,
  DomainPatternKind,
  DomainRule,
  DomainRuleAction,
  DomainRuleInput,
  DomainRuleListQuery,
} from "@manyhands/contract/ops-domains"
import type { Database, Queryable } from "../../db/database"
import { recordStaffAction, type StaffActor } from "./audit"
import { displayHost, normaliseHost, patternMatches, registrableDomain } from "./domains-rules"

export type DomainRuleErrorCode =
  "DOMAIN_PATTERN_INVALID" | "DOMAIN_RULE_INVALID" | "DOMAIN_RULE_NOT_FOUND" | "CAPTCHA_TYPE_NOT_FOUND"

export class DomainRuleError extends Error {
  constructor(
    readonly code: DomainRuleErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = "DomainRuleError"
  }
}

export const DOMAIN_RULE_STATUS: Record<DomainRuleErrorCode, number> = {
  DOMAIN_PATTERN_INVALID: 400,
  DOMAIN_RULE_INVALID: 400,
  CAPTCHA_TYPE_NOT_FOUND: 400,
  DOMAIN_RULE_NOT_FOUND: 404,
}

/** The pattern's normal form for its kind, or DOMAIN_PATTERN_INVALID naming the field. */
export function normalisePattern(kind: DomainPatternKind, given: string): string {
  let text = given.trim()
  if (kind === "suffix") text = text.replace(/^\*\./, "")
  else if (text.startsWith("*."))
    throw new DomainRuleError(
      "DOMAIN_PATTERN_INVALID",
      'pattern "*." starts a suffix pattern only',
      "pattern",
    )
  const host = normaliseHost(text)
  if (host === null)
    throw new DomainRuleError("DOMAIN_PATTERN_INVALID", "pattern is not a host name", "pattern")
  if (kind === "domain" && registrableDomain(host) !== host)
    throw new DomainRuleError(
      "DOMAIN_PATTERN_INVALID",
      `pattern is not a registrable domain (that would be ${registrableDomain(host) ?? "none"})`,
      "pattern",
    )
  if (kind === "suffix" && !host.includes("."))
    throw new DomainRuleError("DOMAIN_PATTERN_INVALID", "pattern must have a dot after *.", "pattern")
  return host
}

export const displayPattern = (kind: DomainPatternKind, pattern: string) =>
  (kind === "suffix" ? "*." : "") + displayHost(pattern)

interface RuleRow {
  id: string
  pattern_kind: DomainPatternKind
  pattern: string
  captcha_types: string[]
  action: DomainRuleAction
  min_rating: number | null
  price_multiplier: string | null
  staff_reason: string
  customer_reason: string | null
  expires_at: Date | string | null
  enabled: boolean
  active: boolean
  created_by: string | null
  created_at: Date | string
  updated_at: Date | string
}

const iso = (value: Date | string) => new Date(value).toISOString()

const ruleOf = (row: RuleRow): DomainRule => ({
  id: row.id,
  kind: row.pattern_kind,
  pattern: row.pattern,
  display: displayPattern(row.pattern_kind, row.pattern),
  captchaTypes: row.captcha_types,
  action: row.action,
  minRating: row.min_rating,
  priceMultiplier: row.price_multiplier === null ? null : Number(row.price_multiplier),
  staffReason: row.staff_reason,
  customerReason: row.customer_reason,
  expiresAt: row.expires_at === null ? null : iso(row.expires_at),
  enabled: row.enabled,
  active: row.active,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
})

const RULE_COLUMNS = `r.id::text, r.pattern_kind, r.pattern, r.captcha_types, r.action, r.min_rating,
  r.price_multiplier::text, r.staff_reason, r.customer_reason, r.expires_at, r.enabled,
  (r.enabled AND (r.expires_at IS NULL OR r.expires_at > now())) AS active, u.email AS created_by,
  r.created_at, r.updated_at`

/** The rule's stored values from the editor's input, checked. */
interface CheckedRule {
  kind: DomainPatternKind
  pattern: string
  captchaTypes: string[]
  action: DomainRuleAction
  minRating: number | null
  priceMultiplier: number | null
  staffReason: string
  customerReason: string | null
  expiresAt: string | null
  enabled: boolean
}

async function checkTypes(db: Queryable, types: string[]): Promise<string[]> {
  const unique = [...new Set(types)]
  if (unique.length === 0) return []
  const { rows } = await db.query<{ code: string }>(
    "SELECT code FROM captcha_types WHERE code = ANY($1::text[])",
    [unique],
  )
  const known = new Set(rows.map((row) => row.code))
  const unknown = unique.filter((type) => !known.has(type))
  if (unknown.length > 0)
    throw new DomainRuleError(
      "CAPTCHA_TYPE_NOT_FOUND",
      `captchaTypes has unknown types: ${unknown.join(", ")}`,
      "captchaTypes",
    )
  return unique.sort()
}

async function checkRule(db: Queryable, input: DomainRuleInput): Promise<CheckedRule> {
  const pattern = normalisePattern(input.kind, input.pattern)
  const captchaTypes = await checkTypes(db, input.captchaTypes)
  const staffReason = input.staffReason.trim()
  if (staffReason === "")
    throw new DomainRuleError(
      "DOMAIN_RULE_INVALID",
      "staffReason is required: say why, for staff",
      "staffReason",
    )
  const customerReason = input.customerReason?.trim() || null
  const minRating = input.action === "min_skill" ? input.minRating : null
  if (input.action === "min_skill" && minRating === null)
    throw new DomainRuleError("DOMAIN_RULE_INVALID", "minRating is required for min_skill", "minRating")
  const priceMultiplier =
    input.action === "price_multiplier" && input.priceMultiplier !== null
      ? Math.round(input.priceMultiplier * 1000) / 1000
      : null
  if (input.action === "price_multiplier" && (priceMultiplier === null || priceMultiplier <= 0))
    throw new DomainRuleError(
      "DOMAIN_RULE_INVALID",
      "priceMultiplier is required for price_multiplier (0.01 to 100)",
      "priceMultiplier",
    )
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt).toISOString()
  return {
    kind: input.kind,
    pattern,
    captchaTypes,
    action: input.action,
    minRating,
    priceMultiplier,
    staffReason,
    customerReason,
    expiresAt,
    enabled: input.enabled,
  }
}

const auditDetails = (rule: CheckedRule | DomainRule) => ({
  kind: rule.kind,
  pattern: rule.pattern,
  captchaTypes: rule.captchaTypes,
  action: rule.action,
  minRating: rule.minRating,
  priceMultiplier: rule.priceMultiplier,
  customerReason: rule.customerReason,
  expiresAt: rule.expiresAt,
  enabled: rule.enabled,
})

/** The rules, most specific first, then newest. */
export async function listDomainRules(db: Queryable, query: DomainRuleListQuery): Promise<DomainRule[]> {
  const state = query.state ?? "all"
  const { rows } = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM manual_domain_rules r LEFT JOIN users u ON u.id = r.created_by
      WHERE ($1::text IS NULL OR r.action = $1)
        AND ($2 = 'all'
             OR ($2 = 'active' AND r.enabled AND (r.expires_at IS NULL OR r.expires_at > now()))
             OR ($2 = 'expired' AND r.expires_at IS NOT NULL AND r.expires_at <= now()))
      ORDER BY r.pattern, r.id DESC
      LIMIT 1000`,
    [query.action ?? null, state],
  )
  return rows.map(ruleOf)
}

async function readRule(db: Queryable, id: string): Promise<DomainRule | null> {
  const { rows } = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM manual_domain_rules r LEFT JOIN users u ON u.id = r.created_by WHERE r.id = $1`,
    [id],
  )
  return rows[0] ? ruleOf(rows[0]) : null
}

const VALUES = [
  "pattern_kind",
  "pattern",
  "captcha_types",
  "action",
  "min_rating",
  "price_multiplier",
  "staff_reason",
  "customer_reason",
  "expires_at",
  "enabled",
]
const valuesOf = (rule: CheckedRule) => [
  rule.kind,
  rule.pattern,
  rule.captchaTypes,
  rule.action,
  rule.minRating,
  rule.priceMultiplier,
  rule.staffReason,
  rule.customerReason,
  rule.expiresAt,
  rule.enabled,
]

export async function createDomainRule(
  db: Database,
  actor: StaffActor,
  input: DomainRuleInput,
): Promise<DomainRule> {
  const rule = await checkRule(db, input)
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO manual_domain_rules (${VALUES.join(", ")}, created_by, updated_by)
       VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id::text`,
      [...valuesOf(rule), actor.id],
    )
    const id = rows[0]!.id
    await recordStaffAction(tx, actor, {
      action: "domain_rule.create",
      targetKind: "domain_rule",
      targetId: id,
      reason: rule.staffReason,
      details: { after: auditDetails(rule) },
    })
    return (await readRule(tx, id))!
  })
}

export async function updateDomainRule(
  db: Database,
  actor: StaffActor,
  id: string,
  input: DomainRuleInput,
): Promise<DomainRule> {
  const rule = await checkRule(db, input)
  return db.transaction(async (tx) => {
    const lock = await tx.query("SELECT 1 FROM manual_domain_rules WHERE id = $1 FOR UPDATE", [id])
    if (lock.rows.length === 0) throw new DomainRuleError("DOMAIN_RULE_NOT_FOUND", "There is no such rule.")
    const before = (await readRule(tx, id))!
    await tx.query(
      `UPDATE manual_domain_rules
          SET (${VALUES.join(", ")}, updated_by, updated_at)
            = ($2, $3, $4::text[], $5, $6, $7, $8, $9, $10, $11, $12, now())
        WHERE id = $1`,
      [id, ...valuesOf(rule), actor.id],
    )
    await recordStaffAction(tx, actor, {
      action: "domain_rule.update",
      targetKind: "domain_rule",
      targetId: id,
      reason: rule.staffReason,
      details: { before: auditDetails(before), after: auditDetails(rule) },
    })
    return (await readRule(tx, id))!
  })
}

export async function deleteDomainRule(db: Database, actor: StaffActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readRule(tx, id)
    if (!before) throw new DomainRuleError("DOMAIN_RULE_NOT_FOUND", "There is no such rule.")
    await tx.query("DELETE FROM manual_domain_rules WHERE id = $1", [id])
    await recordStaffAction(tx, actor, {
      action: "domain_rule.delete",
      targetKind: "domain_rule",
      targetId: id,
      reason: before.staffReason,
      details: { before: auditDetails(before) },
    })
  })
}

/** The dry run's window: the last 24 hours. */
export const DRY_RUN_HOURS = 24

/**
 * How many tasks created in the last 24 hours the pattern (and types) covers: the page address is the task's
 * `params.websiteURL` (in.php's pageurl is stored under that name), its host taken in SQL and grouped, then
 * normalised and matched here as the engine matches it. It does not ask whether a more specific rule would win.
 */
export async function dryRunDomainRule(db: Queryable, input: DomainDryRunInput): Promise<DomainDryRun> {
  const pattern = normalisePattern(input.kind, input.pattern)
  const types = [...new Set(input.captchaTypes)]
  const { rows } = await db.query<{ host: string; n: number; since: Date | string; until: Date | string }>(
    `WITH window_ AS (SELECT now() - make_interval(hours => $2) AS since, now() AS until)
     SELECT lower(substring(t.params->>'websiteURL' FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)')) AS host,
            count(*)::int AS n, w.since, w.until
       FROM window_ w JOIN captcha_tasks t ON t.created_at > w.since AND t.created_at <= w.until
      WHERE t.params ? 'websiteURL' AND (cardinality($1::text[]) = 0 OR t.type = ANY($1::text[]))
      GROUP BY 1, w.since, w.until`,
    [types, DRY_RUN_HOURS],
  )
  const window = await db.query<{ since: Date | string; until: Date | string }>(
    "SELECT now() - make_interval(hours => $1) AS since, now() AS until",
    [DRY_RUN_HOURS],
  )
  let tasks = 0
  const hosts = new Set<string>()
  for (const row of rows) {
    const host = row.host === null ? null : normaliseHost(row.host)
    if (host === null) continue
    if (!patternMatches({ kind: input.kind, pattern }, host, registrableDomain(host))) continue
    tasks += row.n
    hosts.add(host)
  }
  return {
    tasks,
    hosts: hosts.size,
    since: iso(window.rows[0]!.since),
    until: iso(window.rows[0]!.until),
  }
}
