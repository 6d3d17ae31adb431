import type { TFunction } from "i18next"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Field, FileDrop, RadioGroup, TextArea, useFormatter } from "@manyhands/design-system"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { CustomerLayout } from "../customer-layout"
import {
  customerApi,
  type CaptchaSample,
  type SamplesData,
  type TestSubmission,
  type TestTaskProgress,
} from "@manyhands/contract/captcha"
import { FormCard, GridOptions, ImageOptions, PicturePreview, SamplePicker } from "./test-form-parts"
import {
  IMAGE_MIME_TYPES,
  INITIAL_VALUES,
  MAX_ANSWER_LENGTH,
  MAX_GRID,
  MAX_IMAGE_BYTES,
  MAX_INSTRUCTIONS,
  MAX_QUESTION,
  TEST_TYPES,
  base64Of,
  blobToDataUrl,
  errorCodeOf,
  inPhpFields,
  isTestType,
  valuesFromSample,
  wholeNumberIn,
  type Source,
  type TestType,
  type TestValues,
} from "./test-fields"
import { TestResult, isFinal, stageOf, type TestRun } from "./test-result"
import { withReport } from "../shared/report-answer"
import { useTestTaskProgress } from "./use-test-task-progress"

type Translate = TFunction<"customer">

/**
 * /testcaptcha: sends one captcha exactly as in.php takes it (a picture of the user's or a sample, the options
 * in in.php's names), follows it from the queue to its answer, and shows every request and answer.
 */
export default function TestCaptchaScreen({ captchaSamples }: { captchaSamples?: SamplesData }) {
  const { t } = useTranslation("customer")
  const { api } = useShellServices()
  const [run, setRun] = useState<TestRun | null>(null)
  const [pollFailure, setPollFailure] = useState<string | null>(null)
  const [pollAttempt, setPollAttempt] = useState(0)
  const resultHeading = useRef<HTMLHeadingElement>(null)
  // The file whose preview is being read: a later choice (another file, a sample) makes it stale.
  const chosenFile = useRef<File | null>(null)
  const samples = captchaSamples?.samples.filter((sample) => isTestType(sample.type))

  const form = useForm<TestValues>({
    initial: INITIAL_VALUES,
    validate: (values) => validate(values, t),
    submit: async (values) => {
      const sample = values.source?.kind === "sample" ? values.source.sample : null
      const body =
        values.type !== "TextCaptchaTask" && values.source ? await pictureBase64(values.source, t) : null
      const submission = await api.send<TestSubmission>("POST", customerApi.test.url(), {
        fields: inPhpFields(values, sample, body),
      })
      setPollFailure(null)
      setRun((current) => ({
        key: (current?.key ?? 0) + 1,
        taskId: submission.taskId,
        refusal: submission.taskId === null ? errorCodeOf(submission.exchange.response) : null,
        sample,
        caseSensitive: values.type === "ImageToTextTask" && values.regsense,
        progress: null,
        exchanges: [submission.exchange],
      }))
    },
  })

  const stage = run ? stageOf(run) : null
  const running = stage !== null && !isFinal(stage)
  const taskId = run?.taskId ?? null

  // Each new result takes the focus, so keyboard and screen reader users land on it.
  const runKey = run?.key
  useEffect(() => {
    if (runKey !== undefined) resultHeading.current?.focus()
  }, [runKey])

  // Asks for the task's progress every second until it ends; an answer that differs from the last one goes
  // into the exchange log.
  useTestTaskProgress(
    running ? taskId : null,
    {
      onProgress: (progress) =>
        setRun((current) => (current?.taskId === taskId ? withProgress(current, progress) : current)),
      onGiveUp: (error) =>
        setPollFailure(error instanceof ApiFailure ? error.message : t("test.result.pollFailed")),
    },
    pollAttempt,
  )

  const chooseType = (type: TestType) => {
    form.set("type", type)
    const source = form.values.source
    if (source?.kind === "sample" && source.sample.type !== type) form.set("source", null)
  }

  const pick = (sample: CaptchaSample) => {
    if (!isTestType(sample.type)) return
    chosenFile.current = null
    form.reset(valuesFromSample({ ...sample, type: sample.type }))
  }

  const chooseFile = (file: File | null) => {
    chosenFile.current = file
    form.set("source", file ? { kind: "file", file, dataUrl: null } : null)
    form.touch("source")
    if (!file) return
    // The preview: read once, kept with the file (and reused for the submission).
    void blobToDataUrl(file)
      .then((dataUrl) => {
        if (chosenFile.current === file) form.set("source", { kind: "file", file, dataUrl })
      })
      .catch(() => {})
  }

  const again = () => {
    setRun(null)
    setPollFailure(null)
    form.reset({ ...form.values, source: null })
    document.getElementById("test-type-title")?.focus()
  }

  const { values } = form
  const source = values.source
  const sampleNumber =
    source?.kind === "sample" ? (samples?.findIndex((sample) => sample.id === source.sample.id) ?? -1) + 1 : 0

  return (
    <CustomerLayout page="testcaptcha" title={t("test.title")} lead={t("test.lead")}>
      <form method="post" className="flex flex-col gap-6" onSubmit={form.onSubmit} noValidate>
        <FormCard id="test-type-title" title={t("test.type.title")} description={t("test.type.description")}>
          <Field label={t("test.type.label")} {...form.field("type")}>
            <RadioGroup
              options={TEST_TYPES.map((type) => ({
                value: type,
                label: t(`common:captchaTypes.${type}`),
                description: t(`test.type.hints.${type}`),
              }))}
              value={values.type}
              onValueChange={(value) => chooseType(value as TestType)}
              name="type"
            />
          </Field>
          <SamplePicker
            samples={samples}
            selected={source?.kind === "sample" ? source.sample.id : null}
            onPick={pick}
            disabled={form.submitting}
          />
        </FormCard>

        {values.type === "TextCaptchaTask" ? (
          <FormCard id="test-question-title" title={t("test.question.title")}>
            <Field
              label={t("test.question.label")}
              hint={t("test.question.hint")}
              required
              {...form.field("question")}
            >
              <TextArea
                maxLength={MAX_QUESTION}
                {...form.input("question")}
                onChange={(event) => {
                  const question = event.target.value
                  form.set("question", question)
                  // An edited question is no longer the sample's: its expected answer no longer applies.
                  if (source?.kind === "sample" && source.sample.fields.textcaptcha !== question)
                    form.set("source", null)
                }}
              />
            </Field>
            <Field label={t("test.options.language")} {...form.field("language")}>
              <RadioGroup
                orientation="horizontal"
                options={(["0", "1", "2"] as const).map((value) => ({
                  value,
                  label: t(`test.options.languageValues.${value}`),
                }))}
                value={values.language}
                onValueChange={(value) => form.set("language", value)}
                name="language"
              />
            </Field>
          </FormCard>
        ) : (
          <>
            <FormCard
              id="test-picture-title"
              title={t("test.picture.title")}
              description={t("test.picture.description")}
            >
              <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
                <Field label={t("test.picture.upload")} required {...form.field("source")}>
                  <FileDrop
                    accept={IMAGE_MIME_TYPES}
                    acceptLabel={t("test.picture.types")}
                    maxSize={MAX_IMAGE_BYTES[values.type]}
                    title={t("test.picture.dropTitle")}
                    hint={<UploadHint type={values.type} />}
                    value={source?.kind === "file" ? [source.file] : []}
                    onChange={(files) => chooseFile(files[0] ?? null)}
                    disabled={form.submitting}
                  />
                </Field>
                {source && (source.kind === "file" || source.sample.imageUrl) ? (
                  <PicturePreview
                    source={source}
                    sampleNumber={sampleNumber}
                    onRemoveSample={() => {
                      form.set("source", null)
                      document.getElementById(form.fieldId("source"))?.focus()
                    }}
                  />
                ) : (
                  <p className="rounded-lg border border-dashed border-border p-4 text-muted-foreground lg:mt-7">
                    {t("test.picture.none")}
                  </p>
                )}
              </div>
            </FormCard>
            <FormCard
              id="test-options-title"
              title={t("test.options.title")}
              description={t(
                values.type === "GridTask" ? "test.options.gridDescription" : "test.options.description",
              )}
            >
              {values.type === "GridTask" ? <GridOptions form={form} /> : <ImageOptions form={form} />}
            </FormCard>
          </>
        )}

        <div className="flex flex-col gap-3">
          <FormError message={form.formError} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button type="submit" size="lg" loading={form.submitting} disabled={running}>
              {t("test.submit")}
            </Button>
            <p className="text-sm text-muted-foreground">
              {running ? t("test.submitWaiting") : t("test.submitHint")}
            </p>
          </div>
        </div>
      </form>

      <p role="status" className="sr-only">
        {run && stage ? announcement(run, stage, t) : ""}
      </p>

      {run ? (
        <TestResult
          run={run}
          headingRef={resultHeading}
          pollFailure={pollFailure}
          onRetry={() => {
            setPollFailure(null)
            setPollAttempt((n) => n + 1)
          }}
          onAgain={again}
          onReported={(report) =>
            setRun((current) =>
              current?.progress ? { ...current, progress: withReport(current.progress, report) } : current,
            )
          }
          onRefused={() => {
            if (!taskId) return
            void api.get<TestTaskProgress>(customerApi.testTask.url({ id: taskId })).then(
              (progress) =>
                setRun((current) => (current?.taskId === taskId ? withProgress(current, progress) : current)),
              () => {},
            )
          }}
        />
      ) : null}
    </CustomerLayout>
  )
}

function UploadHint({ type }: { type: Exclude<TestType, "TextCaptchaTask"> }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  return <>{t("test.picture.hint", { size: format.bytes(MAX_IMAGE_BYTES[type]) })}</>
}

/** The progress of a poll, logged when its answer differs from the previous poll's. */
function withProgress(run: TestRun, progress: TestTaskProgress): TestRun {
  const last = run.exchanges.length > 1 ? run.exchanges[run.exchanges.length - 1] : undefined
  const changed = last?.response !== progress.exchange.response
  return { ...run, progress, exchanges: changed ? [...run.exchanges, progress.exchange] : run.exchanges }
}

/** What the live region says: the task's stage, or that it was refused. */
function announcement(run: TestRun, stage: ReturnType<typeof stageOf>, t: Translate): string {
  if (stage === "refused") return t("test.announce.refused", { code: run.refusal })
  return t("test.announce.stage", { id: run.taskId, stage: t(`test.stages.${stage}`) })
}

/** The picture as base64: a chosen file, or a sample fetched from its address. */
async function pictureBase64(source: Source, t: Translate): Promise<string> {
  if (source.kind === "file") return base64Of(source.dataUrl ?? (await blobToDataUrl(source.file)))
  try {
    if (!source.sample.imageUrl) throw new Error("no picture")
    const response = await fetch(source.sample.imageUrl)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return base64Of(await blobToDataUrl(await response.blob()))
  } catch {
    throw new ApiFailure(t("test.picture.sampleFailed"), "SAMPLE_UNAVAILABLE", undefined)
  }
}

function validate(values: TestValues, t: Translate): FieldErrors<TestValues> {
  const errors: FieldErrors<TestValues> = {}
  if (values.type === "TextCaptchaTask") {
    if (!values.question.trim()) errors.question = t("test.question.required")
    return errors
  }
  const picture = values.source?.kind === "file" || Boolean(values.source?.sample.imageUrl)
  if (!picture) errors.source = t("test.picture.required")
  if (values.instructions.length > MAX_INSTRUCTIONS)
    errors.instructions = t("test.options.instructionsTooLong", { max: MAX_INSTRUCTIONS })
  if (values.type === "GridTask") {
    if (!values.instructions.trim()) errors.instructions = t("test.options.instructionsRequired")
    for (const name of ["rows", "columns"] as const)
      if (!wholeNumberIn(values[name], 1, MAX_GRID))
        errors[name] = t("test.options.gridInvalid", { max: MAX_GRID })
    return errors
  }
  for (const name of ["minLen", "maxLen"] as const)
    if (!wholeNumberIn(values[name], 0, MAX_ANSWER_LENGTH))
      errors[name] = t("test.options.lengthInvalid", { max: MAX_ANSWER_LENGTH })
  if (
    !errors.minLen &&
    !errors.maxLen &&
    Number(values.maxLen) > 0 &&
    Number(values.minLen) > Number(values.maxLen)
  )
    errors.maxLen = t("test.options.lengthOrder")
  return errors
}
