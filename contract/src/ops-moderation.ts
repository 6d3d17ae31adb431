/*
 * The moderation console (issue 24): the moderation home's figures, workers' standing per task type with the
 * moderators' actions (lift a suspension, suspend, send back to training), and check tasks — gold tasks mixed into
 * real work and the training sets new workers pass. Every action is recorded in the staff audit with its reason.
 *
 * Who may call: the moderation home is moderators' (spec §6, "one moderation page"); workers' standing and check
 * tasks are quality control, for moderators and administrators alike (as the older /api/v2/admin/gold-tasks).
 */
import { Page, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { DateTime, Id, IdParams, Nullable, StrictObject, StringEnum, Text, Type, type Static } from "./schema"
import { GoldTask, MAX_GOLD_ANSWERS, SKILL_STATUSES, SUSPENSION_CAUSES } from "./worker"

/** The longest reason a moderator writes for an action (kept in the audit, shown to the worker on a suspension). */
export const MODERATION_REASON_MAX = 500

const TypeCode = (description?: string) =>
  Type.String({ pattern: "^[A-Za-z0-9]{1,64}$", ...(description ? { description } : {}) })

const STAFF_ERRORS = ["NOT_SIGNED_IN", "FORBIDDEN"]

/** The moderation home's live figures. */
export const ModerationOverview = Type.Object({
  suspendedWorkers: Type.Integer({ description: "Workers suspended from at least one type." }),
  suspendedStandings: Type.Integer({ description: "Suspensions (worker and type) in force." }),
  trainingWorkers: Type.Integer({ description: "Workers in training for at least one type." }),
  lowAccuracy: Type.Integer({
    description: "Active standings whose accuracy on check tasks since the type opened is below the bar.",
  }),
  pendingReviews: Type.Integer({ description: "Software reviews waiting for moderation." }),
  pendingPrograms: Type.Integer({ description: "Programs and program changes waiting for moderation." }),
  openTickets: Type.Integer({ description: "Support tickets waiting for staff (new, open)." }),
  manualDomains: Nullable(Type.Integer(), {
    description: "Manual domain rules in force; null where the server has no domain rules.",
  }),
  goldTasks: Type.Integer({ description: "Enabled gold tasks." }),
  trainingTasks: Type.Integer({ description: "Enabled training tasks." }),
})
export type ModerationOverview = Static<typeof ModerationOverview>

/** Counters of a worker's answers in a type. */
export const StandingCounts = Type.Object({
  answered: Type.Integer({ description: "Real tasks answered." }),
  goldCorrect: Type.Integer(),
  goldWrong: Type.Integer(),
  reportedBad: Type.Integer({ description: "Answers customers reported as wrong." }),
})
export type StandingCounts = Static<typeof StandingCounts>

export const StandingSuspension = Type.Object({
  cause: StringEnum(SUSPENSION_CAUSES),
  reason: Nullable(Type.String(), {
    description: "The reason the worker is shown (English for automatic ones).",
  }),
  percent: Nullable(Type.Integer()),
  limit: Nullable(Type.Integer()),
  at: DateTime(),
})
export type StandingSuspension = Static<typeof StandingSuspension>

/** A worker's standing in one task type, as moderators see it. */
export const WorkerTypeStanding = Type.Object({
  workerId: Type.String(),
  email: Type.String(),
  displayName: Nullable(Type.String()),
  type: Type.String(),
  status: StringEnum(SKILL_STATUSES),
  rating: Type.Integer(),
  /** What the standing is judged on: the answers since the type was last opened (training passed, reinstated). */
  current: StandingCounts,
  lifetime: StandingCounts,
  goldAccuracy: Nullable(Type.Number(), {
    description: "Share of check tasks answered right since the type was last opened; null without any.",
  }),
  reportShare: Nullable(Type.Number(), {
    description:
      "Share of real answers customers reported wrong since the type was last opened; null without any.",
  }),
  lowAccuracy: Type.Boolean({ description: "Gold accuracy below the bar, or too many reports." }),
  suspension: Nullable(StandingSuspension),
  /** The moderator's note when a moderator sent the worker back to training. */
  note: Nullable(Type.String()),
  reinstatedAt: Nullable(DateTime()),
  updatedAt: DateTime(),
})
export type WorkerTypeStanding = Static<typeof WorkerTypeStanding>

export const WORKER_STATUS_FILTERS = ["all", ...SKILL_STATUSES] as const
export type WorkerStatusFilter = (typeof WORKER_STATUS_FILTERS)[number]

/** One entry of the staff audit about a worker. */
export const ModerationEvent = Type.Object({
  id: Type.String(),
  at: DateTime(),
  action: Type.String({
    description: "worker_skill.reinstate, worker_skill.suspend, worker_skill.retrain, …",
  }),
  actorEmail: Nullable(Type.String()),
  actorRole: StringEnum(["admin", "moderator"] as const),
  type: Nullable(Type.String()),
  reason: Nullable(Type.String()),
})
export type ModerationEvent = Static<typeof ModerationEvent>

export const WorkerDetail = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Nullable(Type.String()),
  createdAt: DateTime(),
  types: Type.Array(WorkerTypeStanding),
  history: Type.Array(ModerationEvent, {
    description: "The latest staff actions on this worker (at most 50).",
  }),
})
export type WorkerDetail = Static<typeof WorkerDetail>

/** A check task as the moderators' list shows it. */
export const ModerationGoldTask = Type.Object({
  ...GoldTask.properties,
  correct: Type.Integer({ description: "Answers that were right." }),
  comment: Nullable(Type.String(), { description: "The task's instruction or question, if any." }),
  picture: Nullable(Type.String(), { description: "The first picture as a data: URL, if any." }),
})
export type ModerationGoldTask = Static<typeof ModerationGoldTask>

/** A type's check tasks in figures. */
export const GoldTypeSummary = Type.Object({
  type: Type.String(),
  gold: Type.Integer({ description: "Enabled gold tasks." }),
  training: Type.Integer({ description: "Enabled training tasks." }),
  disabled: Type.Integer(),
  given: Type.Integer({ description: "Answers given to this type's check tasks." }),
  correct: Type.Integer(),
})
export type GoldTypeSummary = Static<typeof GoldTypeSummary>

export const GOLD_KIND_FILTERS = ["all", "gold", "training"] as const
export type GoldKindFilter = (typeof GOLD_KIND_FILTERS)[number]
export const GOLD_STATE_FILTERS = ["all", "enabled", "disabled"] as const
export type GoldStateFilter = (typeof GOLD_STATE_FILTERS)[number]

const StandingParams = StrictObject({
  id: Id("The worker's account id."),
  type: TypeCode("The task type, e.g. GridTask."),
})

const ReasonBody = (description: string) =>
  StrictObject({ reason: Text(MODERATION_REASON_MAX, { description }) })

const STANDING_ERRORS = [...STAFF_ERRORS, "WORKER_NOT_FOUND", "UNKNOWN_TYPE"]

export const moderationApi = defineEndpoints("ops-moderation", {
  overview: {
    method: "GET",
    path: "/api/v2/moderation/overview",
    summary: "The moderation home's live figures (moderators)",
    response: { 200: ModerationOverview },
    errors: STAFF_ERRORS,
  },
  workers: {
    method: "GET",
    path: "/api/v2/moderation/workers",
    summary: "Workers' standing per type: suspended first, then by accuracy, filtered",
    querystring: StrictObject({
      type: Type.Optional(TypeCode("Only this task type.")),
      status: StringEnum(WORKER_STATUS_FILTERS, { default: "all" }),
      lowAccuracy: Type.Boolean({ default: false, description: "Only standings below the bar." }),
      q: Type.Optional(
        Type.String({ maxLength: 254, description: "Part of the e-mail, or the account id." }),
      ),
      ...pageQueryProperties,
    }),
    response: { 200: Page(WorkerTypeStanding) },
    errors: STAFF_ERRORS,
  },
  worker: {
    method: "GET",
    path: "/api/v2/moderation/workers/:id",
    summary: "A worker's standing in every type, and the staff actions on them",
    params: IdParams,
    response: { 200: WorkerDetail },
    errors: [...STAFF_ERRORS, "WORKER_NOT_FOUND"],
  },
  reinstate: {
    method: "POST",
    path: "/api/v2/moderation/workers/:id/types/:type/reinstate",
    summary: "Lift a worker's suspension from a type: real work of it at once, judged afresh from now on",
    params: StandingParams,
    body: ReasonBody("Why the suspension is lifted (kept in the audit)."),
    response: { 200: WorkerTypeStanding },
    errors: [...STANDING_ERRORS, "NOT_SUSPENDED"],
  },
  suspend: {
    method: "POST",
    path: "/api/v2/moderation/workers/:id/types/:type/suspend",
    summary: "Suspend a worker from a type (cause: moderator) until they retrain or a moderator lifts it",
    params: StandingParams,
    body: ReasonBody("Why: shown to the worker, kept in the audit."),
    response: { 200: WorkerTypeStanding },
    errors: [...STANDING_ERRORS, "ALREADY_SUSPENDED"],
  },
  retrain: {
    method: "POST",
    path: "/api/v2/moderation/workers/:id/types/:type/retrain",
    summary: "Send a worker back to training for a type: only answers given from now on count for it",
    params: StandingParams,
    body: ReasonBody("Why (kept in the audit)."),
    response: { 200: WorkerTypeStanding },
    errors: [...STANDING_ERRORS, "ALREADY_TRAINING", "NO_TRAINING_TASKS"],
  },
  goldTasks: {
    method: "GET",
    path: "/api/v2/moderation/gold-tasks",
    summary: "Check tasks by type, newest first, with each type's figures",
    querystring: StrictObject({
      type: Type.Optional(TypeCode("Only this task type.")),
      kind: StringEnum(GOLD_KIND_FILTERS, { default: "all" }),
      state: StringEnum(GOLD_STATE_FILTERS, { default: "all" }),
      ...pageQueryProperties,
    }),
    response: {
      200: Page(ModerationGoldTask, {
        types: Type.Array(GoldTypeSummary, {
          description: "Every type with check tasks, whatever the filter.",
        }),
      }),
    },
    errors: STAFF_ERRORS,
  },
  createGoldTask: {
    method: "POST",
    path: "/api/v2/moderation/gold-tasks",
    summary: "Add a check task: an API v2 task object with its accepted answers",
    description:
      "Validated as POST /api/v2/admin/gold-tasks: the task like a customer's createTask `task`, the answers as v2 " +
      "solutions of its type; only image types whose answers can be compared take check tasks.",
    body: StrictObject({
      task: Type.Record(Type.String(), Type.Unknown(), {
        description: "An API v2 createTask `task` object.",
      }),
      answers: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_GOLD_ANSWERS }),
      training: Type.Boolean({ description: "A training task (true) or a gold task mixed into real work." }),
      reason: Type.Optional(Type.String({ maxLength: MODERATION_REASON_MAX })),
    }),
    response: { 201: ModerationGoldTask },
    errors: [...STAFF_ERRORS, "GOLD_TASK_INVALID"],
  },
  updateGoldTask: {
    method: "PUT",
    path: "/api/v2/moderation/gold-tasks/:id",
    summary: "Turn a check task on or off, or make it a training or a gold task",
    params: IdParams,
    body: StrictObject(
      {
        enabled: Type.Optional(Type.Boolean()),
        training: Type.Optional(Type.Boolean()),
        reason: Type.Optional(Type.String({ maxLength: MODERATION_REASON_MAX })),
      },
      { minProperties: 1 },
    ),
    response: { 200: ModerationGoldTask },
    errors: [...STAFF_ERRORS, "GOLD_TASK_NOT_FOUND"],
  },
})

/** The moderation screens' route data (app/routes/moderation.json). */
export const moderationRouteData = {
  moderationOverview: routeDatum(moderationApi.overview),
  moderationWorkers: routeDatum(moderationApi.workers),
  moderationWorker: routeDatum(moderationApi.worker, (params) =>
    moderationApi.worker.url({ id: params.id ?? "0" }),
  ),
  moderationGoldTasks: routeDatum(moderationApi.goldTasks),
}
