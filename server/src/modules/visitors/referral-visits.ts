import type { LimitStore } from "../limits/store"
import type { FastifyReply, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Queryable } from "../../db/database"
import { cookieName, setCookie } from "../../http/cookies"
import { hitLimit, LIMITS } from "../accounts/rate-limits"
import { hashToken, newToken } from "../session/store"

/** The visitor of referral links: a random token in an HttpOnly cookie that only this server sets. */
export const VISIT_COOKIE = "mh_visit"
/** How long the cookie, and the visits it names, last: a click counts once per visitor in that time. */
export const VISIT_MS = 30 * 24 * 60 * 60 * 1000
const TOKEN = /^[A-Za-z0-9_-]{43}$/
/** Referral ids are user ids (partner.ts referralLink). */
const REFERRER_ID = /^[1-9]\d{0,17}$/
const MAX_SOURCE = 200

function hostOf(address: string | undefined): string {
  try {
    return address ? new URL(address).hostname : ""
  } catch {
    return ""
  }
}

const visitToken = (request: FastifyRequest, config: Config) => {
  const token = request.visitor.cookies[cookieName(VISIT_COOKIE, config.secureCookies)]
  return token && TOKEN.test(token) ? token : undefined
}

/**
 * A page the server renders with ?from=<partner id> (and maybe &source=…): remembers the visit for the
 * visitor's cookie (set now if the browser has none), with the source the way the app tells it (the source
 * parameter, else the referring host, else "direct"). Only ids of real accounts, and a bounded number of
 * visits per IP address an hour, are kept.
 */
export async function noteReferralVisit(
  db: Queryable,
  limits: LimitStore,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const query = new URLSearchParams(request.url.split("?")[1] ?? "")
  const from = query.get("from")
  if (!from || !REFERRER_ID.test(from)) return
  if (!(await hitLimit(limits, `referral-visit-ip:${request.ip}`, LIMITS.referralVisitIp)).allowed) return
  const known = visitToken(request, config)
  const token = known ?? newToken()
  const referer = request.headers.referer
  const source = (query.get("source") || hostOf(referer) || "direct").slice(0, MAX_SOURCE)
  const { rows } = await db.query(
    `INSERT INTO referral_visits (visit_hash, referrer_id, source)
     SELECT $1, id, $3 FROM users WHERE id = $2::bigint
     ON CONFLICT (visit_hash, referrer_id) DO NOTHING RETURNING 1`,
    [hashToken(token), from, source],
  )
  if (!known && rows.length > 0)
    setCookie(reply, VISIT_COOKIE, token, {
      httpOnly: true,
      secure: config.secureCookies,
      maxAge: VISIT_MS / 1000,
    })
}

export interface ReferralClick {
  from: string
  source: string
  unique: boolean
}

/**
 * The tracker's referral event, checked against the visit the server saw: counted once per visitor and
 * partner, with the source the server recorded. `unique`: the visitor's first counted referral click.
 * Null when there is no such visit (no cookie, another partner, already counted, expired).
 */
export async function countReferralClick(
  db: Queryable,
  config: Config,
  request: FastifyRequest,
  from: string,
): Promise<ReferralClick | null> {
  const token = visitToken(request, config)
  if (!token || !REFERRER_ID.test(from)) return null
  const visit = hashToken(token)
  const { rows } = await db.query<{ source: string; first: boolean }>(
    `UPDATE referral_visits SET counted_at = now()
      WHERE visit_hash = $1 AND referrer_id = $2::bigint AND counted_at IS NULL
        AND created_at > now() - $3 * interval '1 millisecond'
      RETURNING source,
        NOT EXISTS (SELECT 1 FROM referral_visits o WHERE o.visit_hash = $1 AND o.counted_at IS NOT NULL) AS first`,
    [visit, from, VISIT_MS],
  )
  const row = rows[0]
  return row ? { from, source: row.source, unique: row.first } : null
}

/** Drops visits whose cookie has expired (called now and then with the rate-limit pruning). */
export async function pruneReferralVisits(db: Queryable): Promise<void> {
  await db.query("DELETE FROM referral_visits WHERE created_at < now() - $1 * interval '1 millisecond'", [
    VISIT_MS,
  ])
}
