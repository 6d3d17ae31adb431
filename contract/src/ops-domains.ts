/*
 * Manual domains (issue 24, spec §2 /editor/manual-domains): staff's rules keyed by the host of a task's page
 * address — block it, keep it for people, require a proxy, give it only to skilled workers, or multiply its price —
 * applied by the engine when a task is created. Administrators and moderators edit them; every change is audited.
 */
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  DateTimeInput,
  Id,
  IdParams,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"

export const DOMAIN_PATTERN_KINDS = ["host", "suffix", "domain"] as const
export type DomainPatternKind = (typeof DOMAIN_PATTERN_KINDS)[number]

export const DOMAIN_RULE_ACTIONS = [
  "block",
  "human_only",
  "require_proxy",
  "min_skill",
  "price_multiplier",
] as const
export type DomainRuleAction = (typeof DOMAIN_RULE_ACTIONS)[number]

export const DOMAIN_RULE_STATES = ["all", "active", "expired"] as const
export type DomainRuleState = (typeof DOMAIN_RULE_STATES)[number]

export const DOMAIN_STAFF_REASON_MAX = 1000
export const DOMAIN_CUSTOMER_REASON_MAX = 300
export const DOMAIN_MULTIPLIER_MIN = 0.01
export const DOMAIN_MULTIPLIER_MAX = 100
export const DOMAIN_RATING_MAX = 1000

/** What a rule is made of, as the editor sends it (create and replace). */
export const DomainRuleInput = StrictObject({
  kind: StringEnum(DOMAIN_PATTERN_KINDS, {
    description:
      "host: exactly this host; suffix: any host under it (*.example.com); domain: the registrable domain.",
  }),
  pattern: Type.String({
    minLength: 1,
    maxLength: 260,
    description:
      'A host name ("shop.example.com", "*.example.com", "пример.рф"); stored as lower-case ASCII.',
  }),
  captchaTypes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: 100,
    description: "The captcha types it applies to; empty: all.",
  }),
  action: StringEnum(DOMAIN_RULE_ACTIONS),
  minRating: Nullable(Type.Integer({ minimum: 0, maximum: DOMAIN_RATING_MAX }), {
    description: "min_skill: the lowest worker rating in the type (0–1000; a new worker has 100).",
  }),
  priceMultiplier: Nullable(Type.Number({ minimum: DOMAIN_MULTIPLIER_MIN, maximum: DOMAIN_MULTIPLIER_MAX }), {
    description: "price_multiplier: the type's price and the worker's pay are multiplied by it (3 decimals).",
  }),
  staffReason: Type.String({ maxLength: DOMAIN_STAFF_REASON_MAX, description: "Why, for staff (required)." }),
  customerReason: Nullable(Type.String({ maxLength: DOMAIN_CUSTOMER_REASON_MAX }), {
    description: "What the customer is told in the refusal's text; null: nothing particular.",
  }),
  expiresAt: Nullable(DateTimeInput(), { description: "When the rule stops applying; null: never." }),
  enabled: Type.Boolean(),
})
export type DomainRuleInput = Static<typeof DomainRuleInput>

export const DomainRule = Type.Object({
  id: Id(),
  kind: StringEnum(DOMAIN_PATTERN_KINDS),
  /** As stored: lower-case ASCII (punycode). */
  pattern: Type.String(),
  /** As people read it (Unicode), with "*." for a suffix. */
  display: Type.String(),
  captchaTypes: Type.Array(Type.String()),
  action: StringEnum(DOMAIN_RULE_ACTIONS),
  minRating: Nullable(Type.Integer()),
  priceMultiplier: Nullable(Type.Number()),
  staffReason: Type.String(),
  customerReason: Nullable(Type.String()),
  expiresAt: Nullable(DateTime()),
  enabled: Type.Boolean(),
  /** Enabled and not expired: the engine applies it. */
  active: Type.Boolean(),
  createdBy: Nullable(Type.String({ description: "The e-mail of who created it." })),
  createdAt: DateTime(),
  updatedAt: DateTime(),
})
export type DomainRule = Static<typeof DomainRule>

export const DomainRuleList = Type.Object({ rules: Type.Array(DomainRule) })
export type DomainRuleList = Static<typeof DomainRuleList>

export const DomainRuleListQuery = StrictObject({
  action: Type.Optional(StringEnum(DOMAIN_RULE_ACTIONS)),
  state: Type.Optional(StringEnum(DOMAIN_RULE_STATES, { default: "all" })),
})
export type DomainRuleListQuery = Static<typeof DomainRuleListQuery>

export const DomainDryRunInput = StrictObject({
  kind: StringEnum(DOMAIN_PATTERN_KINDS),
  pattern: Type.String({ minLength: 1, maxLength: 260 }),
  captchaTypes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }),
})
export type DomainDryRunInput = Static<typeof DomainDryRunInput>

export const DomainDryRun = Type.Object({
  /** Tasks created in the window whose page host the pattern covers (and of the rule's types). */
  tasks: Type.Integer(),
  /** Of them, how many distinct hosts. */
  hosts: Type.Integer(),
  since: DateTime(),
  until: DateTime(),
})
export type DomainDryRun = Static<typeof DomainDryRun>

export const DOMAIN_ERRORS = [
  "NOT_SIGNED_IN",
  "FORBIDDEN",
  "CSRF_TOKEN_INVALID",
  "VALIDATION_FAILED",
  "DOMAIN_PATTERN_INVALID",
  "DOMAIN_RULE_INVALID",
  "CAPTCHA_TYPE_NOT_FOUND",
] as const

export const opsDomainsApi = defineEndpoints("ops-domains", {
  list: {
    method: "GET",
    path: "/api/v1/ops/domain-rules",
    summary: "The manual domain rules, most specific first (administrators and moderators)",
    querystring: DomainRuleListQuery,
    response: { 200: DomainRuleList },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "VALIDATION_FAILED"],
  },
  create: {
    method: "POST",
    path: "/api/v1/ops/domain-rules",
    summary: "Adds a manual domain rule (audited)",
    body: DomainRuleInput,
    response: { 201: DomainRule },
    errors: [...DOMAIN_ERRORS],
  },
  update: {
    method: "PUT",
    path: "/api/v1/ops/domain-rules/:id",
    summary: "Replaces a manual domain rule (audited)",
    params: IdParams,
    body: DomainRuleInput,
    response: { 200: DomainRule },
    errors: [...DOMAIN_ERRORS, "DOMAIN_RULE_NOT_FOUND"],
  },
  remove: {
    method: "DELETE",
    path: "/api/v1/ops/domain-rules/:id",
    summary: "Deletes a manual domain rule (audited; tasks keep the mark of the rule that applied)",
    params: IdParams,
    response: { 200: Type.Object({ id: Id() }) },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "CSRF_TOKEN_INVALID", "DOMAIN_RULE_NOT_FOUND"],
  },
  dryRun: {
    method: "POST",
    path: "/api/v1/ops/domain-rules/dry-run",
    summary: "How many of the last 24 hours' tasks a pattern would have touched",
    body: DomainDryRunInput,
    response: { 200: DomainDryRun },
    errors: [
      "NOT_SIGNED_IN",
      "FORBIDDEN",
      "CSRF_TOKEN_INVALID",
      "VALIDATION_FAILED",
      "DOMAIN_PATTERN_INVALID",
    ],
  },
})

export const opsDomainsRouteData = {
  domainRules: routeDatum(opsDomainsApi.list),
}
