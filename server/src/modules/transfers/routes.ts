import type { FastifyInstance } from "fastify"
import { errorEnvelopeSchema } from "../../http/errors"
import type { AccountDeps } from "../accounts/deps"
import { enforceLimit, type Limit } from "../accounts/rate-limits"
import { linkProperties, mailUnavailable, signInPasswordSchema } from "../auth/schemas"
import type { Currency } from "../ledger/ledger"
import { CURRENCIES } from "../payments/payments"
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
  MIN_TRANSFER,
  NOTE_MAX_LENGTH,
  peekTransfer,
  shownAmount,
  TRANSFER_STATUSES,
  withdrawTransfer,
} from "./transfers"
import { pageQueryProperties, pageSchema } from "../../http/paging"

/*
 * The transfers API (MONEY.md, "Transfers between users"); the shapes are those of
 * pages/src/transfers/transfers-data.ts.
 */

/**
 * Transfer requests per user and hour, every attempt counted (in the database, so all server processes
 * share it): each one that passes mails the sender, and a refused recipient says whether an account exists.
 */
export const REQUEST_LIMIT: Limit = { max: 20, windowMs: 60 * 60 * 1000 }

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }

const transferProperties = {
  id: { type: "string" },
  direction: { enum: ["sent", "received"] },
  counterparty: {
    type: "object",
    required: ["id", "email"],
    properties: { id: { type: ["string", "null"] }, email: { type: ["string", "null"] } },
  },
  amount: { type: "integer" },
  currency: { enum: CURRENCIES },
  note: { type: ["string", "null"] },
  status: { enum: TRANSFER_STATUSES },
  createdAt: { type: "string" },
  expiresAt: { type: "string" },
  decidedAt: { type: ["string", "null"] },
} as const

const transferSchema = {
  type: "object",
  required: Object.keys(transferProperties),
  properties: transferProperties,
} as const

/**
 * A transfer with what the sender may send in its currency (paid money, not promotional credit): what the link
 * page shows before and after; after, also what their balance holds.
 */
const linkAnswerSchema = {
  type: "object",
  required: ["transfer", "available"],
  properties: { transfer: transferSchema, available: { type: "integer" }, balance: { type: "integer" } },
} as const

const perCurrency = {
  type: "object",
  required: CURRENCIES,
  properties: Object.fromEntries(CURRENCIES.map((currency) => [currency, { type: "integer" }])),
} as const

const linkParams = {
  type: "object",
  required: ["hash", "userId"],
  additionalProperties: false,
  properties: linkProperties,
} as const

const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
} as const

interface NewTransferBody {
  recipient: string
  amount: number
  currency: string
  note?: string
  password: string
}

export async function transferRoutes(app: FastifyInstance, { db, mailer }: AccountDeps) {
  app.get(
    "/api/v2/transfers/balance",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["currency", "available", "promotional", "minimum", "noteMaxLength"],
            properties: {
              currency: { enum: CURRENCIES },
              available: perCurrency,
              promotional: perCurrency,
              minimum: { type: "integer" },
              noteMaxLength: { type: "integer" },
            },
          },
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ currency: Currency }>("SELECT currency FROM users WHERE id = $1", [
        user.id,
      ])
      reply.header("cache-control", "no-store")
      const balances = await sendableBalances(db, user.id)
      const each = (pick: (balance: SendableBalance) => number) =>
        Object.fromEntries(CURRENCIES.map((currency) => [currency, pick(balances[currency])]))
      return {
        currency: rows[0]?.currency ?? "USD",
        available: each((balance) => balance.sendable),
        promotional: each((balance) => balance.promotional),
        minimum: MIN_TRANSFER,
        noteMaxLength: NOTE_MAX_LENGTH,
      }
    },
  )

  app.post<{ Body: NewTransferBody }>(
    "/api/v2/transfers",
    {
      schema: {
        body: {
          type: "object",
          required: ["recipient", "amount", "currency", "password"],
          additionalProperties: false,
          properties: {
            // Lengths, formats and ranges are checked in code, with messages that name them.
            recipient: { type: "string", maxLength: 254 },
            amount: { type: "integer" },
            currency: { type: "string", maxLength: 10 },
            note: { type: "string", maxLength: 1000 },
            password: signInPasswordSchema,
          },
        },
        response: {
          202: {
            type: "object",
            required: ["id", "status", "expiresAt"],
            properties: {
              id: { type: "string" },
              status: { const: "awaiting_confirmation" },
              expiresAt: { type: "string" },
            },
          },
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      await enforceLimit(db, `transfer:${user.id}`, REQUEST_LIMIT)
      const { currency, note } = checkRequestFields(request.body)
      // The recipient is looked up only after the password: whether an account exists is not for anyone
      // holding a session.
      await reauthenticate(db, user, request.body.password)
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
  )

  app.get<{ Querystring: { page: number; pageSize: number } }>(
    "/api/v2/transfers",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: pageQueryProperties,
        },
        response: { 200: pageSchema(transferSchema), ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listTransfers(db, user.id, request.query)
    },
  )

  app.post<{ Params: { id: string } }>(
    "/api/v2/transfers/:id/cancel",
    { schema: { params: idParams, response: { 200: transferSchema, ...anyError } } },
    async (request) => {
      const user = requireUser(request)
      const transfer = await cancelTransfer(db, user.id, request.params.id)
      request.log.info({ transferId: transfer.id }, "transfer cancelled")
      return transfer
    },
  )

  app.get<{ Params: { hash: string; userId: string } }>(
    "/api/v2/transfers/confirm/:hash/:userId",
    { schema: { params: linkParams, response: { 200: linkAnswerSchema, ...anyError } } },
    async (request, reply) => {
      const user = requireUser(request)
      checkLinkOwner(user.id, request.params.userId)
      reply.header("cache-control", "no-store")
      return peekTransfer(db, request.params.hash, request.params.userId)
    },
  )

  app.post<{ Params: { hash: string; userId: string } }>(
    "/api/v2/transfers/confirm/:hash/:userId",
    { schema: { params: linkParams, response: { 200: linkAnswerSchema, ...anyError } } },
    async (request) => {
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
  )
}
