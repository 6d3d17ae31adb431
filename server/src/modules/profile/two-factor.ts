import type { FastifyInstance } from "fastify"
import QRCode from "qrcode"
import { profileApi } from "@manyhands/contract/accounts"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { createRecoveryCodes, recoveryCodesLeft } from "../accounts/recovery-codes"
import { generateTotpSecret, totpUri, verifyTotp } from "../accounts/totp"
import { requireUser } from "../session/sessions"
import { notifyOwner } from "./audit"
import { countReauth, reauthenticate } from "./reauth"
import { codeInvalid, loadTotpState, requireSecondFactor } from "./second-factor"
import { recordAuthEvent } from "../auth/events"

const alreadyEnabled = () =>
  new HttpError(409, "TWO_FACTOR_ALREADY_ENABLED", "Two-factor authentication is already on.")
const notEnabled = () => new HttpError(409, "TWO_FACTOR_NOT_ENABLED", "Two-factor authentication is off.")

/**
 * TOTP two-factor authentication (RFC 6238) of the signed-in user: set up (a secret and a QR code made
 * here, never by a third-party service), enable with a first code, disable, new recovery codes.
 */
export async function twoFactorRoutes(fastify: FastifyInstance, { db, mailer, limits }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(profileApi.twoFactor),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { enabledAt } = await loadTotpState(db, user.id)
      reply.header("cache-control", "no-store")
      return {
        enabled: enabledAt !== null,
        enabledAt: enabledAt ? new Date(enabledAt).toISOString() : null,
        recoveryCodesLeft: enabledAt ? await recoveryCodesLeft(db, user.id) : 0,
      }
    },
  })

  app.route({
    ...routeOf(profileApi.twoFactorSetup),
    handler: async (request, reply) => {
      const user = requireUser(request)
      if ((await loadTotpState(db, user.id)).enabledAt) throw alreadyEnabled()
      await reauthenticate({ db, limits }, user, request.body.password)
      const secret = generateTotpSecret()
      // Each setup starts over with a new secret; it only takes effect once a code from it is confirmed.
      const { rows } = await db.query(
        `UPDATE users SET totp_secret = $2, totp_last_step = NULL
          WHERE id = $1 AND totp_enabled_at IS NULL RETURNING 1`,
        [user.id, secret],
      )
      if (rows.length === 0) throw alreadyEnabled()
      const otpauthUrl = totpUri(secret, user.email)
      const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1 })
      await recordAuthEvent(db, request, user.id, "two_factor_setup_started")
      reply.header("cache-control", "no-store")
      return { secret, otpauthUrl, qrSvg }
    },
  })

  app.route({
    ...routeOf(profileApi.twoFactorEnable),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { secret, enabledAt } = await loadTotpState(db, user.id)
      if (enabledAt) throw alreadyEnabled()
      if (!secret) throw new HttpError(409, "TWO_FACTOR_NOT_SET_UP", "Start the two-factor setup again.")
      // Guessing the first code is counted like any other re-authentication.
      await countReauth(limits, user.id)
      if (!(await verifyTotp(db, user.id, secret, request.body.code.replace(/\s/g, "")))) throw codeInvalid()
      const { rows } = await db.query(
        `UPDATE users SET totp_enabled_at = now()
          WHERE id = $1 AND totp_secret = $2 AND totp_enabled_at IS NULL RETURNING 1`,
        [user.id, secret],
      )
      // A second setup or enable raced this one.
      if (rows.length === 0)
        throw new HttpError(409, "TWO_FACTOR_NOT_SET_UP", "Start the two-factor setup again.")
      const recoveryCodes = await createRecoveryCodes(db, user.id)
      await recordAuthEvent(db, request, user.id, "two_factor_enabled")
      await notifyOwner(mailer, request, user, "twoFactorEnabled")
      reply.header("cache-control", "no-store")
      return { recoveryCodes }
    },
  })

  app.route({
    ...routeOf(profileApi.twoFactorDisable),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { secret, enabledAt } = await loadTotpState(db, user.id)
      if (!enabledAt || !secret) throw notEnabled()
      await reauthenticate({ db, limits }, user, request.body.password)
      await requireSecondFactor(db, user.id, secret, request.body.code)
      await db.transaction(async (tx) => {
        await tx.query(
          "UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1",
          [user.id],
        )
        await tx.query("DELETE FROM recovery_codes WHERE user_id = $1", [user.id])
      })
      await recordAuthEvent(db, request, user.id, "two_factor_disabled")
      await notifyOwner(mailer, request, user, "twoFactorDisabled")
      return reply.code(204).send()
    },
  })

  app.route({
    ...routeOf(profileApi.recoveryCodes),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { secret, enabledAt } = await loadTotpState(db, user.id)
      if (!enabledAt || !secret) throw notEnabled()
      await reauthenticate({ db, limits }, user, request.body.password)
      await requireSecondFactor(db, user.id, secret, request.body.code)
      const recoveryCodes = await createRecoveryCodes(db, user.id)
      await recordAuthEvent(db, request, user.id, "recovery_codes_created")
      reply.header("cache-control", "no-store")
      return { recoveryCodes }
    },
  })
}
