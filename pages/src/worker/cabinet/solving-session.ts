import { ApiFailure, type ShellApi } from "../../shell-context"
import {
  workerApi,
  type AnswerOutcome,
  type HeartbeatOutcome,
  type Offer,
  type Solution,
} from "@manyhands/contract/worker"
import { CABINET_TYPES } from "../worker-data"
import { prepareOffer } from "./offer-files"

/**
 * How long one claim waits on the server. The app's API client gives up on a request after 15 s, so the long
 * poll stays below that: an empty wait ends with 204 and the next claim goes out at once.
 */
export const CLAIM_WAIT_SECONDS = 12
/** While offline, or with answers kept for later: how often the connection is tried again. */
const RETRY_EVERY_MS = 4_000
/** The lease is renewed when less than this is left, and the worker is at it. */
const RENEW_BELOW_MS = 10_000
const RENEW_AT_MOST_EVERY_MS = 3_000
/** The worker counts as at it when they pressed a key or the pointer this recently. */
const ACTIVE_WITHIN_MS = 20_000
/** An empty claim that came back sooner than this (a server without long polls) waits before the next. */
const EMPTY_CLAIM_PAUSE_MS = 1_000
/**
 * After an answer is through, its task stays on screen (read-only) this long for the next task claimed with it,
 * so one task follows another without a waiting screen in between.
 */
const HANDOFF_MS = 1_500
const KEPT_KEY = "manyhands:cabinet:kept-answers"
const MAX_NOTICES = 3

/** The task on screen. */
export interface ShownTask {
  offer: Offer
  /** The lease's end (ms since the epoch), renewed by heartbeats. */
  leaseUntil: number
  /** How long the lease was when the task came: the scale of the countdown. */
  leaseTotal: number
  /** Its answer is on the way: the panel stays, read-only, until the next task takes its place. */
  sending: boolean
  /** The server's refusal of the answer (BAD_ANSWER …), shown next to the answer. */
  error: string | null
}

/** An answer whose request failed for want of a connection; it is sent again until its lease ends. */
export interface KeptAnswer {
  assignmentId: string
  type: string
  solution: Solution
  leaseUntil: number
}

/** Something that happened the worker should read; shown as a notice until dismissed or pushed out. */
export type SessionNotice = { id: number } & (
  | { kind: "keptSent"; type: string }
  | { kind: "keptLost"; type: string }
  | { kind: "keptRefused"; type: string; message: string }
  | { kind: "timeRanOut"; type: string }
  | { kind: "taskClosed"; type: string }
  | { kind: "paused" }
  | { kind: "failed"; message: string }
  | { kind: "training"; type: string; correct: boolean; expected: Solution }
)

type NoticeBody = SessionNotice extends infer N ? (N extends SessionNotice ? Omit<N, "id"> : never) : never

/** What the screen announces to screen readers (it words it). */
export type Announcement =
  | "started"
  | "waiting"
  | "newTask"
  | "sent"
  | "skipped"
  | "stopped"
  | "offline"
  | "online"
  | "kept"
  | "keptSent"
  | "keptLost"
  | "timeRanOut"
  | "paused"
  | "failed"

export interface SessionSnapshot {
  running: boolean
  task: ShownTask | null
  /** A claim is out: nothing to show yet. */
  waiting: boolean
  /** A request failed for want of a connection, and none has got through since. */
  offline: boolean
  kept: KeptAnswer[]
  notices: SessionNotice[]
  /** Answers the server took in this visit, and what they earned (micro-units). */
  answered: number
  earned: number
  currency: string | null
  /** The latest announcement; `count` changes each time, so the same words are said again. */
  announcement: { what: Announcement; type?: string; count: number } | null
}

const NETWORK_CODES = new Set(["FETCH_ERROR", "TIMEOUT_ERROR"])
/** The answer can no longer count: the lease ran out, the assignment or the task is over. */
const GONE_CODES = new Set(["LEASE_EXPIRED", "ASSIGNMENT_CLOSED", "TASK_ENDED", "ASSIGNMENT_NOT_FOUND"])

/** A failure of the connection rather than a refusal of the server. */
export function isNetworkFailure(failure: unknown): boolean {
  if (!(failure instanceof ApiFailure)) return true
  return NETWORK_CODES.has(failure.code ?? "") || failure.status === undefined
}

const codeOf = (failure: unknown) => (failure instanceof ApiFailure ? failure.code : undefined)
const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))

function loadKept(storage: Storage | null): KeptAnswer[] {
  try {
    const saved = JSON.parse(storage?.getItem(KEPT_KEY) ?? "[]") as unknown
    return Array.isArray(saved)
      ? saved.filter(
          (item): item is KeptAnswer =>
            typeof item === "object" &&
            item !== null &&
            typeof (item as KeptAnswer).assignmentId === "string" &&
            typeof (item as KeptAnswer).leaseUntil === "number",
        )
      : []
  } catch {
    return []
  }
}

const sessionStore = (): Storage | null => {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage
  } catch {
    return null // storage refused (privacy settings): answers are kept in memory only
  }
}

/**
 * The cabinet's solving loop, apart from React: one task at a time from the long poll, the answer and the next
 * claim sent together, the lease renewed while the worker is at it, and answers kept through a lost
 * connection. The screen subscribes to its snapshots (useSyncExternalStore).
 */
export class SolvingSession {
  private snapshot: SessionSnapshot = {
    running: false,
    task: null,
    waiting: false,
    offline: false,
    kept: [],
    notices: [],
    answered: 0,
    earned: 0,
    currency: null,
    announcement: null,
  }
  private listeners = new Set<() => void>()
  private api: ShellApi
  private storage: Storage | null = null
  private connected = false
  private claiming = false
  /** A task that came while the one on screen still waits for its answer's verdict. */
  private queued: Offer | null = null
  private claimTimer: ReturnType<typeof setTimeout> | null = null
  /** The task on screen whose answer is through, shown until the next task takes its place. */
  private handedOff: string | null = null
  private handoffTimer: ReturnType<typeof setTimeout> | null = null
  private ticker: ReturnType<typeof setInterval> | null = null
  private lastActivity = 0
  private lastRetry = 0
  private lastRenewal = 0
  private renewing = false
  private retrying = false
  private noticeIds = 0
  private announcements = 0

  /** The task types claims ask for (setTypes); none: every cabinet type. */
  private types: readonly string[] = []

  constructor(api: ShellApi) {
    this.api = api
  }

  /**
   * Claims from now on ask only for these types (the play-and-earn game: the types open to the worker, as training
   * lives on its own page). Without them, or with none, every cabinet type is asked for, whose training tasks come
   * first while the worker trains for them (the cabinet).
   */
  setTypes(types: readonly string[]) {
    this.types = types
  }

  // ---- for React ----

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  /** The API client of the current render (it changes with the page's language). */
  setApi(api: ShellApi) {
    this.api = api
  }

  /** On mount: answers kept from before a reload are sent again; the connection is watched. */
  connect() {
    if (this.connected) return
    this.connected = true
    this.storage = sessionStore()
    window.addEventListener("online", this.onOnline)
    const kept = loadKept(this.storage)
    if (kept.length > 0) {
      this.update({ kept })
      this.retryNow()
    }
    this.syncTicker()
  }

  /** On unmount: the task on screen is given back, nothing more is claimed. */
  disconnect() {
    if (!this.connected) return
    this.stop()
    this.connected = false
    window.removeEventListener("online", this.onOnline)
    if (this.claimTimer) clearTimeout(this.claimTimer)
    this.claimTimer = null
    this.syncTicker()
  }

  /** A key or pointer press of the worker: they are at it (the lease is renewed for them). */
  activity() {
    this.lastActivity = Date.now()
  }

  // ---- the worker's commands ----

  start() {
    if (this.snapshot.running) return
    this.activity()
    this.update(
      { running: true, notices: this.snapshot.notices.filter((n) => n.kind !== "paused") },
      "started",
    )
    this.claim()
    this.syncTicker()
  }

  /** Gives the task on screen back and claims nothing more. */
  stop() {
    if (!this.snapshot.running) return
    const task = this.snapshot.task
    if (task && !task.sending) this.giveBack(task.offer)
    if (this.queued) this.giveBack(this.queued)
    this.queued = null
    if (this.claimTimer) clearTimeout(this.claimTimer)
    this.claimTimer = null
    this.endHandoff()
    // An answer on its way still counts; its task just leaves the screen.
    this.update({ running: false, task: null, waiting: false }, "stopped")
    this.syncTicker()
  }

  submit(solution: Solution) {
    const task = this.snapshot.task
    if (!task || task.sending) return
    this.activity()
    const { offer } = task
    this.patchTask(offer.assignmentId, { sending: true, error: null })
    // The next claim goes out with the answer, so the next task is ready when the answer is through.
    this.claim()
    this.api.send<AnswerOutcome>("POST", workerApi.answer.url({ id: offer.assignmentId }), { solution }).then(
      (outcome) => {
        this.markOnline()
        this.counted(outcome, offer.type)
        this.finish(offer.assignmentId, "sent")
      },
      (failure: unknown) => {
        if (isNetworkFailure(failure)) {
          this.keep({
            assignmentId: offer.assignmentId,
            type: offer.type,
            solution,
            leaseUntil: this.snapshot.task?.leaseUntil ?? task.leaseUntil,
          })
          this.finish(offer.assignmentId, "kept")
          this.goOffline()
          return
        }
        const code = codeOf(failure)
        if (code && GONE_CODES.has(code)) {
          this.notify({ kind: code === "LEASE_EXPIRED" ? "timeRanOut" : "taskClosed", type: offer.type })
          this.finish(offer.assignmentId, code === "LEASE_EXPIRED" ? "timeRanOut" : undefined)
          return
        }
        if (!this.snapshot.running || this.snapshot.task?.offer.assignmentId !== offer.assignmentId) {
          // Stopped meanwhile: the task goes back rather than wait for a fix no one will make.
          this.giveBack(offer)
          this.finish(offer.assignmentId)
          return
        }
        // BAD_ANSWER (or another refusal): the task stays, with the server's words next to the answer.
        this.patchTask(offer.assignmentId, { sending: false, error: messageOf(failure) })
      },
    )
  }

  skip(reason: "skip" | "notACaptcha" = "skip") {
    const task = this.snapshot.task
    if (!task || task.sending) return
    this.activity()
    const url =
      reason === "skip"
        ? workerApi.skip.url({ id: task.offer.assignmentId })
        : workerApi.notACaptcha.url({ id: task.offer.assignmentId })
    this.api.send("POST", url).then(
      () => this.markOnline(),
      (failure: unknown) => {
        // Without a connection the lease simply runs out and the task goes back by itself.
        if (isNetworkFailure(failure)) this.goOffline()
      },
    )
    this.update({ task: null }, "skipped")
    this.promote()
  }

  /** The server's answer to the task's error: the worker edits, the message goes. */
  clearError() {
    const task = this.snapshot.task
    if (task?.error) this.patchTask(task.offer.assignmentId, { error: null })
  }

  dismiss(id: number) {
    this.update({ notices: this.snapshot.notices.filter((notice) => notice.id !== id) })
  }

  // ---- the loop ----

  private claim() {
    if (this.claiming || this.claimTimer || !this.snapshot.running || this.snapshot.offline || this.queued)
      return
    const task = this.snapshot.task
    if (task && !task.sending) return
    this.claiming = true
    if (!task) this.update({ waiting: true })
    const sentAt = Date.now()
    this.api
      .send<Offer | null>("POST", workerApi.claim.url(), {
        types: this.types.length > 0 ? this.types : CABINET_TYPES,
        demoWidgets: true,
        waitSeconds: CLAIM_WAIT_SECONDS,
      })
      .then(async (offer) => {
        this.markOnline()
        if (!offer) {
          this.claiming = false
          this.claimAfter(Date.now() - sentAt < EMPTY_CLAIM_PAUSE_MS ? EMPTY_CLAIM_PAUSE_MS : 0)
          return
        }
        await prepareOffer(offer)
        this.claiming = false
        if (!this.snapshot.running || !this.connected) {
          this.giveBack(offer)
          return
        }
        this.queued = offer
        this.promote()
      })
      .catch((failure: unknown) => {
        this.claiming = false
        if (isNetworkFailure(failure)) {
          this.goOffline()
          return
        }
        if (failure instanceof ApiFailure && failure.status === 429) {
          this.claimAfter((failure.retryAfter ?? 2) * 1000)
          return
        }
        this.notify({ kind: "failed", message: messageOf(failure) })
        this.stop()
        this.announce("failed")
      })
  }

  private claimAfter(ms: number) {
    if (ms <= 0) {
      this.claim()
      return
    }
    this.claimTimer = setTimeout(() => {
      this.claimTimer = null
      this.claim()
    }, ms)
  }

  /** Shows the task that came, once the screen is free; otherwise claims the next. */
  private promote() {
    const shown = this.snapshot.task
    if (shown && shown.offer.assignmentId !== this.handedOff) return
    const offer = this.queued
    if (!offer && shown) return // the finished task stays until the next one comes (or the hand-off ends)
    this.endHandoff()
    if (!offer) {
      this.update({ waiting: this.snapshot.running && !this.snapshot.offline })
      this.claim()
      return
    }
    this.queued = null
    const now = Date.now()
    const leaseUntil = Date.parse(offer.leaseUntil)
    const task: ShownTask = {
      offer,
      leaseUntil: Number.isFinite(leaseUntil) ? leaseUntil : now + 60_000,
      leaseTotal: Math.max(1_000, (Number.isFinite(leaseUntil) ? leaseUntil : now + 60_000) - now),
      sending: false,
      error: null,
    }
    this.update({ task, waiting: false }, "newTask", offer.type)
  }

  /** The task's answer is settled (or it went away): the next one takes its place. */
  private finish(assignmentId: string, what?: Announcement) {
    if (this.snapshot.task?.offer.assignmentId !== assignmentId) {
      if (what === "kept" || what === "timeRanOut") this.announce(what)
      return
    }
    if (what === "sent" && this.snapshot.running && this.claiming && !this.queued) {
      // The next task is on its way: keep this one (read-only) until it comes, rather than flash "waiting".
      this.handedOff = assignmentId
      this.handoffTimer = setTimeout(() => {
        this.handoffTimer = null
        if (this.handedOff !== assignmentId) return
        this.handedOff = null
        this.update({ task: null })
        this.promote()
      }, HANDOFF_MS)
      this.announce(what)
      return
    }
    this.update({ task: null }, what)
    this.promote()
  }

  private endHandoff() {
    if (this.handoffTimer) clearTimeout(this.handoffTimer)
    this.handoffTimer = null
    this.handedOff = null
  }

  private counted(outcome: AnswerOutcome, type: string) {
    this.update({
      answered: this.snapshot.answered + 1,
      earned: this.snapshot.earned + (Number.isFinite(outcome.earned) ? outcome.earned : 0),
      currency: outcome.currency || this.snapshot.currency,
    })
    if (outcome.training)
      this.notify({
        kind: "training",
        type,
        correct: outcome.training.correct,
        expected: outcome.training.expected,
      })
  }

  private giveBack(offer: Offer) {
    this.api.send("POST", workerApi.skip.url({ id: offer.assignmentId })).catch(() => undefined)
  }

  // ---- leases ----

  private tick = () => {
    const now = Date.now()
    const task = this.snapshot.task
    if (task && !task.sending && this.snapshot.running) {
      const left = task.leaseUntil - now
      if (left <= 0) this.timeUp(task)
      else if (left < RENEW_BELOW_MS && now - this.lastActivity < ACTIVE_WITHIN_MS) this.renew(task)
    }
    if ((this.snapshot.offline || this.snapshot.kept.length > 0) && now - this.lastRetry >= RETRY_EVERY_MS)
      void this.retry()
  }

  private renew(task: ShownTask) {
    if (this.renewing || Date.now() - this.lastRenewal < RENEW_AT_MOST_EVERY_MS) return
    this.renewing = true
    this.lastRenewal = Date.now()
    const id = task.offer.assignmentId
    this.api
      .send<HeartbeatOutcome>("POST", workerApi.heartbeat.url(), { assignmentId: id })
      .then(
        (renewed) => {
          this.markOnline()
          const until = renewed.leaseUntil ? Date.parse(renewed.leaseUntil) : NaN
          if (Number.isFinite(until)) this.patchTask(id, { leaseUntil: until })
          else if (this.snapshot.task?.offer.assignmentId === id) this.timeUp(this.snapshot.task)
        },
        (failure: unknown) => {
          if (isNetworkFailure(failure)) this.goOffline()
          else if (GONE_CODES.has(codeOf(failure) ?? "") && this.snapshot.task?.offer.assignmentId === id)
            this.timeUp(this.snapshot.task)
        },
      )
      .finally(() => {
        this.renewing = false
      })
  }

  /** The task's time ran out before an answer: on to the next one, or a pause when the worker is away. */
  private timeUp(task: ShownTask) {
    if (this.snapshot.task?.offer.assignmentId !== task.offer.assignmentId || task.sending) return
    this.giveBack(task.offer)
    if (Date.now() - this.lastActivity < ACTIVE_WITHIN_MS) {
      this.notify({ kind: "timeRanOut", type: task.offer.type })
      this.update({ task: null }, "timeRanOut")
      this.promote()
      return
    }
    // Nobody is there: stop taking tasks that would wait out their leases.
    this.update({ task: null })
    this.stop()
    this.notify({ kind: "paused" })
    this.announce("paused")
  }

  // ---- the connection ----

  private onOnline = () => this.retryNow()

  private retryNow() {
    this.lastRetry = 0
    void this.retry()
  }

  /** Sends kept answers again, or just asks whether the server can be reached. */
  private async retry() {
    if (this.retrying) return
    this.retrying = true
    this.lastRetry = Date.now()
    try {
      if (this.snapshot.kept.length > 0) await this.sendKept()
      else if (this.snapshot.offline) {
        await this.api.send<HeartbeatOutcome>("POST", workerApi.heartbeat.url(), {})
        this.markOnline()
      }
    } catch {
      // Still offline: tried again in a few seconds, or when the browser says it is back.
    } finally {
      this.retrying = false
    }
  }

  private async sendKept() {
    for (const kept of [...this.snapshot.kept]) {
      try {
        const outcome = await this.api.send<AnswerOutcome>(
          "POST",
          workerApi.answer.url({ id: kept.assignmentId }),
          {
            solution: kept.solution,
          },
        )
        this.unkeep(kept)
        this.markOnline()
        this.counted(outcome, kept.type)
        this.notify({ kind: "keptSent", type: kept.type })
        this.announce("keptSent")
      } catch (failure) {
        if (isNetworkFailure(failure)) {
          if (Date.now() > kept.leaseUntil) {
            // The lease is over: whenever the connection comes back, this answer can no longer count.
            this.unkeep(kept)
            this.notify({ kind: "keptLost", type: kept.type })
            this.announce("keptLost")
          }
          this.goOffline()
          throw failure
        }
        this.unkeep(kept)
        this.markOnline()
        const code = codeOf(failure)
        if (code && GONE_CODES.has(code)) this.notify({ kind: "keptLost", type: kept.type })
        else this.notify({ kind: "keptRefused", type: kept.type, message: messageOf(failure) })
        this.announce("keptLost")
      }
    }
  }

  private goOffline() {
    if (this.snapshot.offline) return
    this.lastRetry = Date.now()
    this.update({ offline: true, waiting: false }, "offline")
    this.syncTicker()
  }

  private markOnline() {
    if (!this.snapshot.offline) return
    this.update({ offline: false }, "online")
    if (this.snapshot.kept.length > 0) this.retryNow()
    this.promote()
  }

  private keep(answer: KeptAnswer) {
    this.update({ kept: [...this.snapshot.kept, answer] })
    this.saveKept()
    this.syncTicker()
  }

  private unkeep(answer: KeptAnswer) {
    this.update({ kept: this.snapshot.kept.filter((item) => item.assignmentId !== answer.assignmentId) })
    this.saveKept()
  }

  private saveKept() {
    try {
      if (this.snapshot.kept.length === 0) this.storage?.removeItem(KEPT_KEY)
      else this.storage?.setItem(KEPT_KEY, JSON.stringify(this.snapshot.kept))
    } catch {
      // Storage full or refused: the answers stay in memory.
    }
  }

  // ---- state ----

  private syncTicker() {
    const needed =
      this.connected && (this.snapshot.running || this.snapshot.offline || this.snapshot.kept.length > 0)
    if (needed && !this.ticker) this.ticker = setInterval(this.tick, 1_000)
    if (!needed && this.ticker) {
      clearInterval(this.ticker)
      this.ticker = null
    }
  }

  private patchTask(assignmentId: string, patch: Partial<ShownTask>) {
    const task = this.snapshot.task
    if (task?.offer.assignmentId !== assignmentId) return
    this.update({ task: { ...task, ...patch } })
  }

  private notify(notice: NoticeBody) {
    const next = { ...notice, id: ++this.noticeIds } as SessionNotice
    this.update({ notices: [next, ...this.snapshot.notices].slice(0, MAX_NOTICES) })
  }

  private announce(what: Announcement, type?: string) {
    this.update({}, what, type)
  }

  private update(patch: Partial<SessionSnapshot>, what?: Announcement, type?: string) {
    this.snapshot = {
      ...this.snapshot,
      ...patch,
      ...(what ? { announcement: { what, type, count: ++this.announcements } } : {}),
    }
    for (const listener of this.listeners) listener()
  }
}
