/**
 * Manual domain rules as the engine applies them (issue 24): patterns, their normal form, matching a task's
 * page host, and the rule set cached in memory. Staff's editing is in domains.ts.
 *
 * Which rule applies: of the enabled, unexpired rules whose pattern matches the host and whose types include the
 * task's type (or that name none), **the most specific one wins** and is the only one applied: an exact host
 * before a `*.suffix`, a suffix before a registrable domain; a longer pattern (more labels) before a shorter one;
 * a rule naming types before one for every type; then the newest rule.
 */
import { domainToASCII, domainToUnicode } from "node:url"
import { getDomain } from "tldts"
import type { DomainRuleAction, DomainPatternKind } from "@manyhands/contract/ops-domains"
import type { Queryable } from "../../db/database"

/** A rule as the engine needs it. */
export interface ActiveDomainRule {
  id: string
  kind: DomainPatternKind
  pattern: string
  captchaTypes: string[]
  action: DomainRuleAction
  minRating: number | null
  priceMultiplier: number | null
  customerReason: string | null
  /** ms since the epoch; null: no end. */
  expiresAt: number | null
}

/**
 * A host as rules store it: lower-case ASCII (punycode for internationalised names), no final dot; null when
 * it is not a host name (an IP address literal in brackets, empty, bad characters).
 */
export function normaliseHost(given: string): string | null {
  const trimmed = given.trim().replace(/\.$/, "")
  if (trimmed === "" || trimmed.length > 253) return null
  const ascii = domainToASCII(trimmed).toLowerCase()
  if (ascii === "" || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(ascii)) return null
  return ascii
}

/** The host as people read it (punycode labels back to Unicode). */
export const displayHost = (ascii: string) => domainToUnicode(ascii) || ascii

/** The host of a page address (websiteURL / pageurl), normalised; null without one or when it has none. */
export function pageHost(url: unknown): string | null {
  if (typeof url !== "string" || url === "") return null
  try {
    // WHATWG URL turns an internationalised host into punycode already.
    return normaliseHost(new URL(url).hostname)
  } catch {
    return null
  }
}

/** The registrable domain of a host (public suffix list), or null (a bare suffix, an IP address). */
export const registrableDomain = (host: string): string | null => getDomain(host) ?? null

/** Whether the rule's pattern covers this normalised host (`domain`: the host's registrable domain, computed once). */
export function patternMatches(
  rule: { kind: DomainPatternKind; pattern: string },
  host: string,
  domain: string | null,
): boolean {
  if (rule.kind === "host") return host === rule.pattern
  if (rule.kind === "suffix") return host.endsWith(`.${rule.pattern}`)
  return domain === rule.pattern
}

const KIND_RANK: Record<DomainPatternKind, number> = { host: 3, suffix: 2, domain: 1 }
const labels = (pattern: string) => pattern.split(".").length

/** Sorts more specific first (see the module's comment); returns the comparison for Array.sort. */
export function bySpecificity(a: ActiveDomainRule, b: ActiveDomainRule): number {
  return (
    KIND_RANK[b.kind] - KIND_RANK[a.kind] ||
    labels(b.pattern) - labels(a.pattern) ||
    Number(b.captchaTypes.length > 0) - Number(a.captchaTypes.length > 0) ||
    Number(BigInt(b.id) - BigInt(a.id))
  )
}

/** How often every process reads the rules again, so that another process's change is seen. */
export const DOMAIN_RULES_TTL_MS = 3_000

interface RuleRow {
  id: string
  pattern_kind: DomainPatternKind
  pattern: string
  captcha_types: string[]
  action: DomainRuleAction
  min_rating: number | null
  price_multiplier: string | null
  customer_reason: string | null
  expires_ms: string | null
}

/**
 * The enabled, unexpired rules, held in memory by pattern and read again every few seconds (and at once after a
 * change in this process: `forget`). A task's lookup is a few map reads, no query: task creation stays fast.
 */
export class DomainRuleSet {
  private loaded: { at: number; byPattern: Map<string, ActiveDomainRule[]>; count: number } | null = null
  private loading: Promise<void> | null = null

  constructor(private readonly db: Queryable) {}

  forget() {
    this.loaded = null
  }

  private async load(): Promise<void> {
    const { rows } = await this.db.query<RuleRow>(
      `SELECT id::text, pattern_kind, pattern, captcha_types, action, min_rating, price_multiplier::text,
              customer_reason, (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires_ms
         FROM manual_domain_rules WHERE enabled AND (expires_at IS NULL OR expires_at > now())`,
    )
    const byPattern = new Map<string, ActiveDomainRule[]>()
    for (const row of rows) {
      const rule: ActiveDomainRule = {
        id: row.id,
        kind: row.pattern_kind,
        pattern: row.pattern,
        captchaTypes: row.captcha_types,
        action: row.action,
        minRating: row.min_rating,
        priceMultiplier: row.price_multiplier === null ? null : Number(row.price_multiplier),
        customerReason: row.customer_reason,
        expiresAt: row.expires_ms === null ? null : Number(row.expires_ms),
      }
      const list = byPattern.get(rule.pattern) ?? []
      list.push(rule)
      byPattern.set(rule.pattern, list)
    }
    this.loaded = { at: Date.now(), byPattern, count: rows.length }
  }

  /** The rule that applies to a task of this type from this page address, if any. */
  async match(pageUrl: unknown, type: string): Promise<ActiveDomainRule | null> {
    if (!this.loaded || Date.now() - this.loaded.at >= DOMAIN_RULES_TTL_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = null
      })
      await this.loading
    }
    const loaded = this.loaded!
    if (loaded.count === 0) return null
    const host = pageHost(pageUrl)
    if (host === null) return null
    const domain = registrableDomain(host)
    const now = Date.now()
    const candidates: ActiveDomainRule[] = []
    // Every pattern a rule could have for this host: the host and each of its parent names.
    const parts = host.split(".")
    for (let i = 0; i < parts.length; i++) {
      for (const rule of loaded.byPattern.get(parts.slice(i).join(".")) ?? []) {
        if (rule.expiresAt !== null && rule.expiresAt <= now) continue
        if (rule.captchaTypes.length > 0 && !rule.captchaTypes.includes(type)) continue
        if (patternMatches(rule, host, domain)) candidates.push(rule)
      }
    }
    if (candidates.length === 0) return null
    return candidates.sort(bySpecificity)[0]!
  }
}
