import type { FastifyInstance } from "fastify"
import { MIN_TRANSFER, NOTE_MAX_LENGTH, transfersApi } from "@manyhands/contract/transfers"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { enforceLimit, type Limit } from "../accounts/rate-limits"
import { mailUnavailable } from "../auth/schemas"
import type { Currency } from "../ledger/ledger"
import { CURRENCIES } from "@manyhands/contract"
import { reauthenticate } from "../profile/reauth"
import { requireUser } from "../session/sessions"
import {
  sendableBalances,
  type SendableBalance,
  cancelTransfer,
  checkLinkOwner,
  checkRequestFields,
  confirmTransfer,
  createTransfer,
  findRecipient,
  listTransfers,
  maskEmail,
  peekTransfer,
  shownAmount,
  withdrawTransfer,
} from "./transfers"

/*
 * The transfers API (MONEY.md, "Transfers between users"; schemas in @manyhands/contract/transfers).
 */

/**
 * Transfer requests per user and hour, every attempt counted (in the database, so all server processes
 * share it): each one that passes mails the sender, and a refused recipient says whether an account exists.
 */
export const REQUEST_LIMIT: Limit = { max: 20, windowMs: 60 * 60 * 1000 }

export async function transferRoutes(fastify: FastifyInstance, { db, mailer, limits }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(transfersApi.balance),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ currency: Currency }>("SELECT currency FROM users WHERE id = $1", [
        user.id,
      ])
      reply.header("cache-control", "no-store")
      const balances = await sendableBalances(db, user.id)
      const each = (pick: (balance: SendableBalance) => number) =>
        Object.fromEntries(CURRENCIES.map((currency) => [currency, pick(balances[currency])])) as Record<
          Currency,
          number
        >
      return {
        currency: rows[0]?.currency ?? "USD",
        available: each((balance) => balance.sendable),
        promotional: each((balance) => balance.promotional),
        minimum: MIN_TRANSFER,
        noteMaxLength: NOTE_MAX_LENGTH,
      }
    },
  })

  app.route({
    ...routeOf(transfersApi.create),
    handler: async (request, reply) => {
      const user = requireUser(request)
      await enforceLimit(limits, `transfer:${user.id}`, REQUEST_LIMIT)
      const { currency, note } = checkRequestFields(request.body)
      // The recipient is looked up only after the password: whether an account exists is not for anyone
      // holding a session.
      await reauthenticate({ db, limits }, user, request.body.password)
      const recipient = await findRecipient(db, user.id, request.body.recipient)
      const { transfer, token } = await createTransfer(db, {
        senderId: user.id,
        recipient,
        amount: request.body.amount,
        currency,
        note,
      })
      try {
        await mailer.send({
          to: user.email,
          template: "moneyTransfer",
          language: user.interfaceLanguage,
          action: `/pay/send_user_hash/${token}/${user.id}`,
          params: {
            amount: shownAmount(transfer.amount, currency),
            recipient: `${maskEmail(recipient.email)} (ID ${recipient.id})`,
          },
        })
      } catch (error) {
        // Nobody could confirm it: it is withdrawn, and the person may try again.
        await withdrawTransfer(db, transfer.id)
        throw mailUnavailable(request, error)
      }
      request.log.info(
        { transferId: transfer.id, recipientId: recipient.id, amount: transfer.amount, currency },
        "transfer requested",
      )
      return reply
        .code(202)
        .send({ id: transfer.id, status: "awaiting_confirmation", expiresAt: transfer.expiresAt })
    },
  })

  app.route({
    ...routeOf(transfersApi.list),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listTransfers(db, user.id, request.query)
    },
  })

  app.route({
    ...routeOf(transfersApi.cancel),
    handler: async (request) => {
      const user = requireUser(request)
      const transfer = await cancelTransfer(db, user.id, request.params.id)
      request.log.info({ transferId: transfer.id }, "transfer cancelled")
      return transfer
    },
  })

  app.route({
    ...routeOf(transfersApi.link),
    handler: async (request, reply) => {
      const user = requireUser(request)
      checkLinkOwner(user.id, request.params.userId)
      reply.header("cache-control", "no-store")
      return peekTransfer(db, request.params.hash, request.params.userId)
    },
  })

  app.route({
    ...routeOf(transfersApi.confirm),
    handler: async (request) => {
      const user = requireUser(request)
      checkLinkOwner(user.id, request.params.userId)
      const done = await confirmTransfer(db, request.params.hash, request.params.userId)
      const { transfer } = done
      request.log.info(
        { transferId: transfer.id, amount: transfer.amount, currency: transfer.currency },
        "transfer completed",
      )
      if (done.recipient) {
        // The money has moved whatever the mail does: a failure is logged, not answered.
        await mailer
          .send({
            to: done.recipient.email,
            template: "moneyReceived",
            language: done.recipient.language,
            action: "/pay/send_user",
            params: {
              amount: shownAmount(transfer.amount, transfer.currency),
              sender: `${maskEmail(done.senderEmail)} (ID ${user.id})`,
            },
          })
          .catch((err: unknown) =>
            request.log.error({ err, transferId: transfer.id }, "the recipient's mail could not be sent"),
          )
      }
      return { transfer, available: done.available, balance: done.balance }
    },
  })
}
