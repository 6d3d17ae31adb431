/*
 * System messages written by administrators (issue 24, spec §3 and §4): a message is HTML per site language
 * (English required, the fallback), sanitised by the server, sent to one user, a list of users or everyone of an
 * account type. Each send is one broadcast with one system message per recipient, which the user's modal shows
 * in their language and marks read when closed; the broadcast counts and lists who read it.
 */
import { SystemMessageText, USER_TYPES } from "./accounts"
import { Page, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { SITE_LANGUAGES } from "./languages"
import { DateTime, IdParams, Nullable, StrictObject, StringEnum, Text, Type, type Static } from "./schema"

export const MESSAGE_AUDIENCES = ["user", "users", "accountType"] as const
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number]

/** The most recipients a list may name. */
export const MAX_MESSAGE_RECIPIENTS = 1000
export const MESSAGE_TITLE_MAX = 200

export const BroadcastSummary = Type.Object({
  id: Type.String(),
  title: Type.String({ description: "Staff's label of the message; users never see it." }),
  audience: StringEnum(MESSAGE_AUDIENCES),
  accountType: Nullable(StringEnum(USER_TYPES)),
  /** The one recipient's address when the audience is one user. */
  recipientEmail: Nullable(Type.String()),
  recipients: Type.Integer(),
  read: Type.Integer({ description: "Recipients who closed it." }),
  languages: Type.Array(StringEnum(SITE_LANGUAGES)),
  senderEmail: Nullable(Type.String()),
  createdAt: DateTime(),
})
export type BroadcastSummary = Static<typeof BroadcastSummary>

export const BroadcastDetail = Type.Object({
  ...BroadcastSummary.properties,
  message: Type.Record(Type.String(), Type.String(), { description: "Sanitised HTML by language." }),
})
export type BroadcastDetail = Static<typeof BroadcastDetail>

export const MessageRecipient = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  interfaceLanguage: Type.String(),
  readAt: Nullable(DateTime()),
})
export type MessageRecipient = Static<typeof MessageRecipient>

export const RECIPIENT_FILTERS = ["all", "read", "unread"] as const
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number]

const ADMIN_ERRORS = ["NOT_SIGNED_IN", "FORBIDDEN"]

export const messagesApi = defineEndpoints("ops-messages", {
  list: {
    method: "GET",
    path: "/api/v2/admin/messages",
    summary: "System messages sent, newest first, with how many recipients read each",
    querystring: StrictObject(pageQueryProperties),
    response: { 200: Page(BroadcastSummary) },
    errors: ADMIN_ERRORS,
  },
  audience: {
    method: "GET",
    path: "/api/v2/admin/messages/audience",
    summary: "How many accounts of a type a message to everyone of it would reach now",
    querystring: StrictObject({ accountType: StringEnum(USER_TYPES) }),
    response: { 200: Type.Object({ accountType: StringEnum(USER_TYPES), count: Type.Integer() }) },
    errors: ADMIN_ERRORS,
  },
  send: {
    method: "POST",
    path: "/api/v2/admin/messages",
    summary: "Send a system message to one user, a list of users, or everyone of an account type",
    description:
      "`user` and `users` name accounts by e-mail address or id; unknown ones refuse the whole send " +
      "(RECIPIENT_NOT_FOUND, naming them). The HTML of each language is sanitised; English must keep some text.",
    body: StrictObject({
      title: Text(MESSAGE_TITLE_MAX, { description: "A label for staff's list." }),
      message: SystemMessageText,
      audience: StringEnum(MESSAGE_AUDIENCES),
      user: Type.Optional(Type.String({ maxLength: 254, description: "audience user: an e-mail or an id." })),
      users: Type.Optional(
        Type.Array(Type.String({ maxLength: 254 }), {
          maxItems: MAX_MESSAGE_RECIPIENTS,
          description: "audience users: e-mails or ids.",
        }),
      ),
      accountType: Type.Optional(StringEnum(USER_TYPES)),
    }),
    response: { 201: BroadcastDetail },
    errors: [...ADMIN_ERRORS, "RECIPIENT_NOT_FOUND", "NO_RECIPIENTS", "MESSAGE_EMPTY"],
  },
  detail: {
    method: "GET",
    path: "/api/v2/admin/messages/:id",
    summary: "A sent system message with its text in every language",
    params: IdParams,
    response: { 200: BroadcastDetail },
    errors: [...ADMIN_ERRORS, "MESSAGE_NOT_FOUND"],
  },
  recipients: {
    method: "GET",
    path: "/api/v2/admin/messages/:id/recipients",
    summary: "A sent message's recipients, readers first by the time they read it",
    params: IdParams,
    querystring: StrictObject({
      state: StringEnum(RECIPIENT_FILTERS, { default: "all" }),
      ...pageQueryProperties,
    }),
    response: { 200: Page(MessageRecipient) },
    errors: [...ADMIN_ERRORS, "MESSAGE_NOT_FOUND"],
  },
})

/** The system messages screen's route data (app/routes/moderation.json, /admin/messages). */
export const messagesRouteData = {
  adminMessages: routeDatum(messagesApi.list),
}
