import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Field,
  RadioGroup,
  Select,
  Skeleton,
  SkeletonGroup,
  TextInput,
  cn,
  useFormatter,
} from "@manyhands/design-system"
import type { Form } from "../../forms"
import type { CaptchaSample } from "@manyhands/contract/captcha"
import { MAX_ANSWER_LENGTH, MAX_GRID, MAX_INSTRUCTIONS, type Source, type TestValues } from "./test-fields"

/** One part of the test form as an outlined card labelled by its h2. */
export function FormCard({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <Card asChild className="gap-5">
      <section aria-labelledby={id}>
        <CardHeader>
          <CardTitle as="h2" id={id} tabIndex={-1} className="outline-none">
            {title}
          </CardTitle>
          {description != null ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardBody className="flex flex-col gap-5">{children}</CardBody>
      </section>
    </Card>
  )
}

/** The samples as pressable thumbnails; picking one sets the type, the picture and the options. */
export function SamplePicker({
  samples,
  selected,
  onPick,
  disabled,
}: {
  /** Undefined while loading. */
  samples?: CaptchaSample[]
  selected: string | null
  onPick: (sample: CaptchaSample) => void
  disabled?: boolean
}) {
  const { t } = useTranslation("customer")
  if (samples && samples.length === 0) return null
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id="test-samples-title" className="font-semibold">
          {t("test.samples.title")}
        </h3>
        <p className="text-muted-foreground">{t("test.samples.text")}</p>
      </div>
      {samples ? (
        <ul
          aria-labelledby="test-samples-title"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"
        >
          {samples.map((sample, index) => {
            const pressed = sample.id === selected
            return (
              <li key={sample.id} className="flex">
                <button
                  type="button"
                  aria-pressed={pressed}
                  disabled={disabled}
                  onClick={() => onPick(sample)}
                  className={cn(
                    "flex w-full flex-col gap-2 rounded-lg border bg-surface p-2 text-left focus-ring",
                    "transition-colors hover:border-primary disabled:pointer-events-none disabled:opacity-50",
                    pressed ? "border-primary ring-2 ring-primary" : "border-border",
                  )}
                >
                  {sample.imageUrl ? (
                    <img
                      src={sample.imageUrl}
                      alt=""
                      className="h-16 w-full rounded-md bg-surface-muted object-contain"
                    />
                  ) : (
                    <span className="line-clamp-3 h-16 rounded-md bg-surface-muted px-2 py-1 text-xs">
                      {sample.fields.textcaptcha ?? ""}
                    </span>
                  )}
                  <span className="flex flex-col">
                    <span className="text-sm font-medium">
                      {t("test.samples.name", { number: index + 1 })}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t(`common:captchaTypes.${sample.type}`, { defaultValue: sample.type })}
                    </span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : (
        <SkeletonGroup className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} shape="rect" className="h-28" />
          ))}
        </SkeletonGroup>
      )}
    </div>
  )
}

/** The picture that will be sent, its size, and for a sample the answer it expects. */
export function PicturePreview({
  source,
  sampleNumber,
  onRemoveSample,
}: {
  source: Source
  sampleNumber: number
  onRemoveSample: () => void
}) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const src = source.kind === "file" ? source.dataUrl : source.sample.imageUrl
  return (
    <figure className="flex flex-col gap-3 rounded-lg border border-border bg-surface-muted p-4">
      {src ? (
        <img
          src={src}
          alt={t("test.picture.previewAlt")}
          className="max-h-48 w-auto max-w-full self-start rounded-md border border-border bg-surface object-contain"
        />
      ) : null}
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {source.kind === "file" ? (
          <span>
            {t("test.picture.file", { name: source.file.name, size: format.bytes(source.file.size) })}
          </span>
        ) : (
          <>
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">{t("test.samples.name", { number: sampleNumber })}</span>
              <span>
                {t("test.picture.expected")}{" "}
                <code className="font-mono text-[0.8125rem]">{source.sample.answer}</code>
              </span>
            </span>
            <Button variant="service" onClick={onRemoveSample}>
              {t("test.picture.removeSample")}
            </Button>
          </>
        )}
      </figcaption>
    </figure>
  )
}

const NUMERIC = ["0", "1", "2", "3", "4"] as const
const LANGUAGES = ["0", "1", "2"] as const

/** in.php's rules for the answer of a normal image: characters, length, words, case, arithmetic, alphabet. */
export function ImageOptions({ form }: { form: Form<TestValues> }) {
  const { t } = useTranslation("customer")
  const o = (key: string) => t(`test.options.${key}`)
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label={o("numeric")} {...form.field("numeric")}>
        <Select
          options={NUMERIC.map((value) => ({ value, label: t(`test.options.numericValues.${value}`) }))}
          value={form.values.numeric}
          onValueChange={(value) => form.set("numeric", value)}
          name="numeric"
        />
      </Field>
      <Field label={o("language")} {...form.field("language")}>
        <RadioGroup
          orientation="horizontal"
          options={LANGUAGES.map((value) => ({ value, label: t(`test.options.languageValues.${value}`) }))}
          value={form.values.language}
          onValueChange={(value) => form.set("language", value)}
          name="language"
        />
      </Field>
      <Field
        label={o("minLen")}
        hint={t("test.options.lengthHint", { max: MAX_ANSWER_LENGTH })}
        {...form.field("minLen")}
      >
        <TextInput inputMode="numeric" autoComplete="off" className="max-w-32" {...form.input("minLen")} />
      </Field>
      <Field
        label={o("maxLen")}
        hint={t("test.options.lengthHint", { max: MAX_ANSWER_LENGTH })}
        {...form.field("maxLen")}
      >
        <TextInput inputMode="numeric" autoComplete="off" className="max-w-32" {...form.input("maxLen")} />
      </Field>
      <div className="flex flex-col gap-3 sm:col-span-2">
        {(["phrase", "regsense", "calc"] as const).map((name) => (
          <Checkbox
            key={name}
            id={form.fieldId(name)}
            label={o(name)}
            description={t(`test.options.${name}Hint`)}
            checked={form.values[name]}
            onCheckedChange={(state) => form.set(name, state === true)}
          />
        ))}
      </div>
      <InstructionsField form={form} />
    </div>
  )
}

/** The grid's rows and columns, and what the worker must pick. */
export function GridOptions({ form }: { form: Form<TestValues> }) {
  const { t } = useTranslation("customer")
  const hint = t("test.options.gridHint", { max: MAX_GRID })
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label={t("test.options.rows")} hint={hint} {...form.field("rows")}>
        <TextInput inputMode="numeric" autoComplete="off" className="max-w-32" {...form.input("rows")} />
      </Field>
      <Field label={t("test.options.columns")} hint={hint} {...form.field("columns")}>
        <TextInput inputMode="numeric" autoComplete="off" className="max-w-32" {...form.input("columns")} />
      </Field>
      <InstructionsField form={form} required />
    </div>
  )
}

function InstructionsField({ form, required }: { form: Form<TestValues>; required?: boolean }) {
  const { t } = useTranslation("customer")
  return (
    <Field
      label={t("test.options.instructions")}
      hint={t(required ? "test.options.gridInstructionsHint" : "test.options.instructionsHint", {
        max: MAX_INSTRUCTIONS,
      })}
      required={required}
      className="sm:col-span-2"
      {...form.field("instructions")}
    >
      <TextInput maxLength={MAX_INSTRUCTIONS} autoComplete="off" {...form.input("instructions")} />
    </Field>
  )
}
