import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Field,
  Select,
  DataTable,
  TextArea,
  TextInput,
  useFieldControl,
  type TableColumn,
} from "@manyhands/design-system"
import {
  GOLD_KIND_FILTERS,
  GOLD_STATE_FILTERS,
  moderationApi,
  type GoldKindFilter,
  type GoldStateFilter,
  type GoldTypeSummary,
  type ModerationGoldTask,
} from "@manyhands/contract/ops-moderation"
import { CABINET_TYPES, MAX_GOLD_ANSWERS } from "@manyhands/contract/worker"
import type { Page } from "@manyhands/contract"
import { useApi } from "../api"
import { FormError } from "../forms"
import { NoticeRegion, PagedListSection, oneOf, useAddressFilters, type Notice } from "../blocks"
import { ApiFailure, useShellServices } from "../shell-context"
import { ModerationLayout, useShare } from "./moderation-layout"
import { useNumber } from "./standing-parts"

type GoldPage = Page<ModerationGoldTask> & { types: GoldTypeSummary[] }

export interface GoldTasksScreenProps {
  /** GET /api/v2/moderation/gold-tasks without filters, preloaded by the route. */
  moderationGoldTasks?: GoldPage
}

const ALL = "all"

interface Filters {
  type: string
  kind: GoldKindFilter
  state: GoldStateFilter
}

/** Types a check task can be made for here: the cabinet's picture and question types. */
const CHECK_TYPES = CABINET_TYPES.filter((type) => type !== "AudioTask")

/** One accepted answer a line: a v2 solution as JSON ({"click":[1,4]}), or the text of a text answer. */
export function answersOf(text: string): unknown[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      if (!line.startsWith("{")) return { text: line }
      try {
        return JSON.parse(line) as unknown
      } catch {
        return { text: line }
      }
    })
}

/** A solution as moderators read it: a text answer's text, anything else as JSON. */
const answerText = (answer: Record<string, unknown>) =>
  typeof answer.text === "string" && Object.keys(answer).length === 1 ? answer.text : JSON.stringify(answer)

const readAsBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""))
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"))
    reader.readAsDataURL(file)
  })

/**
 * /moderation/gold-tasks: the check tasks — gold tasks mixed into workers' real work and the training sets new
 * workers pass — per type with how often they were given and answered right; add one, turn one off or on, or
 * move it between gold and training. Every change is audited.
 */
export default function GoldTasksScreen({ moderationGoldTasks }: GoldTasksScreenProps) {
  const { t } = useTranslation("ops-moderation")
  const share = useShare()
  const n = useNumber()
  const { api } = useShellServices()
  const { filters, page, query, change, setPage } = useAddressFilters<Filters>({
    names: ["type", "kind", "state"],
    read: (params) => ({
      type: params.get("type")?.match(/^[A-Za-z0-9]{1,64}$/) ? params.get("type")! : "",
      kind: oneOf(GOLD_KIND_FILTERS, params.get("kind")) || ALL,
      state: oneOf(GOLD_STATE_FILTERS, params.get("state")) || ALL,
    }),
    write: ({ type, kind, state }) => ({
      type,
      kind: kind === ALL ? "" : kind,
      state: state === ALL ? "" : state,
    }),
  })
  const url = query ? `${moderationApi.goldTasks.url()}?${query}` : moderationApi.goldTasks.url()
  const list = useApi<GoldPage>(url, { initial: query === "" ? moderationGoldTasks : undefined })
  const summary = (list.data ?? list.last ?? moderationGoldTasks)?.types
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const change_ = async (
    task: ModerationGoldTask,
    body: { enabled?: boolean; training?: boolean },
    done: string,
  ) => {
    setBusy(task.id)
    try {
      await api.send("PUT", moderationApi.updateGoldTask.url({ id: task.id }), body)
      setNotice({ tone: "success", text: t(`gold.done.${done}`, { id: task.id }) })
    } catch (caught) {
      if (!(caught instanceof ApiFailure)) throw caught
      setNotice({ tone: "warning", text: caught.message })
    } finally {
      setBusy(null)
      list.retry()
    }
  }

  const typeOptions = [
    { value: ALL, label: t("gold.anyType") },
    ...[...new Set([...CHECK_TYPES, ...(summary ?? []).map((row) => row.type)])].map((type) => ({
      value: type,
      label: type,
    })),
  ]

  const summaryColumns: TableColumn<GoldTypeSummary>[] = [
    {
      key: "type",
      header: t("columns.type"),
      rowHeader: true,
      cell: (row) => <code className="text-sm">{row.type}</code>,
    },
    { key: "gold", header: t("gold.columns.gold"), align: "numeric", cell: (row) => n(row.gold) },
    { key: "training", header: t("gold.columns.training"), align: "numeric", cell: (row) => n(row.training) },
    { key: "disabled", header: t("gold.columns.disabled"), align: "numeric", cell: (row) => n(row.disabled) },
    { key: "given", header: t("gold.columns.given"), align: "numeric", cell: (row) => n(row.given) },
    {
      key: "correct",
      header: t("gold.columns.correct"),
      align: "numeric",
      cell: (row) => share(row.given === 0 ? null : row.correct / row.given),
    },
  ]

  const columns: TableColumn<ModerationGoldTask>[] = [
    {
      key: "task",
      header: t("gold.columns.task"),
      rowHeader: true,
      cell: (task) => (
        <span className="flex items-start gap-3">
          {task.picture ? (
            <img
              src={task.picture}
              alt={t("gold.picture", { id: task.id })}
              className="h-10 max-w-32 rounded border border-border object-contain"
            />
          ) : null}
          <span className="flex flex-col">
            <span className="font-medium">{t("gold.taskId", { id: task.id })}</span>
            <code className="text-sm">{task.type}</code>
            {task.comment ? (
              <span className="text-sm break-words text-muted-foreground">{task.comment}</span>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      key: "kind",
      header: t("gold.columns.kind"),
      cell: (task) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={task.training ? "info" : "promo"}>
            {t(`gold.kind.${task.training ? "training" : "gold"}`)}
          </Badge>
          <Badge tone={task.enabled ? "success" : "neutral"} dot>
            {t(`gold.state.${task.enabled ? "enabled" : "disabled"}`)}
          </Badge>
        </span>
      ),
    },
    {
      key: "answers",
      header: t("gold.columns.answers"),
      cell: (task) => (
        <span className="flex flex-col font-mono text-sm break-all">
          {task.answers.map((answer, index) => (
            <span key={index}>{answerText(answer)}</span>
          ))}
        </span>
      ),
    },
    {
      key: "given",
      header: t("gold.columns.given"),
      align: "numeric",
      cell: (task) => (
        <span className="flex flex-col items-end">
          <span>{n(task.given)}</span>
          <span className="text-sm text-muted-foreground">{share(task.accuracy)}</span>
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      label: t("columns.actions"),
      align: "end",
      cell: (task) => (
        <span className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            disabled={busy === task.id}
            aria-label={t(`gold.actions.${task.enabled ? "disable" : "enable"}Of`, { id: task.id })}
            onClick={() =>
              void change_(task, { enabled: !task.enabled }, task.enabled ? "disabled" : "enabled")
            }
          >
            {t(`gold.actions.${task.enabled ? "disable" : "enable"}`)}
          </Button>
          <Button
            variant="secondary"
            disabled={busy === task.id}
            aria-label={t(`gold.actions.${task.training ? "makeGold" : "makeTraining"}Of`, { id: task.id })}
            onClick={() =>
              void change_(task, { training: !task.training }, task.training ? "madeGold" : "madeTraining")
            }
          >
            {t(`gold.actions.${task.training ? "makeGold" : "makeTraining"}`)}
          </Button>
        </span>
      ),
    },
  ]

  return (
    <ModerationLayout
      page="goldTasks"
      titleId="moderation-gold-title"
      title={t("gold.title")}
      lead={t("gold.lead")}
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("gold.byType")}</CardTitle>
        </CardHeader>
        <CardBody>
          <DataTable
            caption={t("gold.byType")}
            captionHidden
            columns={summaryColumns}
            rows={summary ?? []}
            loading={summary === undefined}
            loadingRows={3}
            getRowId={(row) => row.type}
            empty={{ titleAs: "h3", title: t("gold.noTypes") }}
          />
        </CardBody>
      </Card>
      <CreateGoldTask
        onCreated={(task) => {
          setNotice({ tone: "success", text: t("gold.done.created", { id: task.id, type: task.type }) })
          list.retry()
        }}
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("gold.listTitle")}</CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <div role="group" aria-label={t("gold.filters")} className="flex flex-wrap items-end gap-4">
            <Field label={t("workers.type")} className="w-full sm:w-52">
              <Select
                value={filters.type || ALL}
                onValueChange={(value) => change({ type: value === ALL ? "" : value })}
                options={typeOptions}
              />
            </Field>
            <Field label={t("gold.kindFilter")} className="w-full sm:w-44">
              <Select
                value={filters.kind}
                onValueChange={(value) => change({ kind: value as GoldKindFilter })}
                options={GOLD_KIND_FILTERS.map((kind) => ({
                  value: kind,
                  label: t(`gold.kindFilters.${kind}`),
                }))}
              />
            </Field>
            <Field label={t("gold.stateFilter")} className="w-full sm:w-44">
              <Select
                value={filters.state}
                onValueChange={(value) => change({ state: value as GoldStateFilter })}
                options={GOLD_STATE_FILTERS.map((state) => ({
                  value: state,
                  label: t(`gold.stateFilters.${state}`),
                }))}
              />
            </Field>
          </div>
          <PagedListSection
            list={list}
            page={page}
            onPageChange={setPage}
            labels={{ error: t("list.error"), retry: t("list.retry"), pagination: t("list.pagination") }}
            status={{ range: (shown) => t("list.range", shown), loading: t("list.loading"), live: true }}
            caption={t("gold.listTitle")}
            columns={columns}
            getRowId={(task) => task.id}
            empty={{ titleAs: "h3", title: t("gold.empty.title"), description: t("gold.empty.text") }}
          />
        </CardBody>
      </Card>
    </ModerationLayout>
  )
}

/** A picture file input wired to its Field's label and hint. */
function PictureInput({ onPick }: { onPick: (file: File | null) => void }) {
  const { required: _required, ...control } = useFieldControl({})
  return (
    <input
      {...control}
      type="file"
      accept="image/png,image/jpeg,image/gif,image/webp"
      className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5"
      onChange={(event) => onPick(event.target.files?.[0] ?? null)}
    />
  )
}

/** The form of a new check task: its type, picture and instruction, the accepted answers, gold or training. */
function CreateGoldTask({ onCreated }: { onCreated: (task: ModerationGoldTask) => void }) {
  const { t } = useTranslation("ops-moderation")
  const { api } = useShellServices()
  const [type, setType] = useState<string>("ImageToTextTask")
  const [picture, setPicture] = useState<File | null>(null)
  const [comment, setComment] = useState("")
  const [answers, setAnswers] = useState("")
  const [training, setTraining] = useState(false)
  const [reason, setReason] = useState("")
  const [failure, setFailure] = useState<string | null>(null)
  const [answersError, setAnswersError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [formKey, setFormKey] = useState(0)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const accepted = answersOf(answers)
    if (accepted.length === 0 || accepted.length > MAX_GOLD_ANSWERS) {
      setAnswersError(t("gold.create.answersRequired", { max: MAX_GOLD_ANSWERS }))
      document.getElementById("gold-answers")?.focus()
      return
    }
    setAnswersError(null)
    setBusy(true)
    setFailure(null)
    try {
      const task: Record<string, unknown> = { type }
      if (picture) task.body = await readAsBase64(picture)
      if (comment.trim()) task.comment = comment.trim()
      const created = await api.send<ModerationGoldTask>("POST", moderationApi.createGoldTask.url(), {
        task,
        answers: accepted,
        training,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      })
      setPicture(null)
      setComment("")
      setAnswers("")
      setReason("")
      setFormKey((key) => key + 1)
      onCreated(created)
    } catch (caught) {
      if (!(caught instanceof ApiFailure)) throw caught
      setFailure(caught.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("gold.create.title")}</CardTitle>
        <CardDescription>{t("gold.create.lead")}</CardDescription>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 md:grid-cols-2">
          <FormError message={failure} className="md:col-span-2" />
          <Field label={t("gold.create.type")} required>
            <Select
              value={type}
              onValueChange={setType}
              options={CHECK_TYPES.map((each) => ({ value: each, label: each }))}
            />
          </Field>
          <Field label={t("gold.create.picture")} hint={t("gold.create.pictureHint")}>
            <PictureInput key={formKey} onPick={setPicture} />
          </Field>
          <Field
            label={t("gold.create.comment")}
            hint={t("gold.create.commentHint")}
            className="md:col-span-2"
          >
            <TextInput
              value={comment}
              maxLength={1000}
              onChange={(event) => setComment(event.target.value)}
            />
          </Field>
          <Field
            id="gold-answers"
            label={t("gold.create.answers")}
            hint={t("gold.create.answersHint")}
            error={answersError ?? undefined}
            required
            className="md:col-span-2"
          >
            <TextArea
              value={answers}
              minRows={3}
              autosize
              className="font-mono"
              onChange={(event) => setAnswers(event.target.value)}
            />
          </Field>
          <Field label={t("gold.create.reason")} className="md:col-span-2">
            <TextInput value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <Checkbox
            id="gold-training"
            label={t("gold.create.training")}
            description={t("gold.create.trainingHint")}
            checked={training}
            onCheckedChange={(on) => setTraining(on === true)}
          />
          <div className="flex justify-end md:col-span-2">
            <Button type="submit" loading={busy} disabled={busy}>
              {t("gold.create.submit")}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  )
}
