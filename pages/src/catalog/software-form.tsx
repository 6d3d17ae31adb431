import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  Checkbox,
  ErrorState,
  Skeleton,
  Field,
  RadioGroup,
  Switch,
  TextArea,
  TextInput,
} from "@manyhands/design-system"
import {
  SOFTWARE_DESCRIPTION_MAX_LENGTH,
  SOFTWARE_MAX_CATEGORIES,
  SOFTWARE_MAX_SCREENSHOTS,
  SOFTWARE_PLATFORMS,
  SOFTWARE_PRICING,
  SOFTWARE_SLUG_PATTERN,
  SOFTWARE_SUMMARY_MAX_LENGTH,
  catalogApi,
  catalogLanguage,
  slugOf,
  type SoftwareCategories,
  type SoftwareCategory,
  type SoftwareDraftFields,
  type SoftwareEdit,
  type SoftwarePicture,
} from "@manyhands/contract/catalog"
import { useApi } from "../api"
import { PictureUploads, type PictureUploadsLabels } from "../blocks"
import { FormError, useForm, type FieldErrors } from "../forms"
import { ApiFailure, useShellServices } from "../shell-context"
import { NS } from "./software-card"

type Platform = (typeof SOFTWARE_PLATFORMS)[number]
type Pricing = (typeof SOFTWARE_PRICING)[number]

export interface SoftwareFormValues {
  name: string
  slug: string
  summaryEn: string
  descriptionEn: string
  russian: boolean
  summaryRu: string
  descriptionRu: string
  categories: string[]
  platforms: Platform[]
  pricing: Pricing | ""
  website: string
  logo: SoftwarePicture | null
  screenshots: SoftwarePicture[]
}

/** The form's values for a program's fields (empty for a new program). */
export function formValues(fields: SoftwareDraftFields | null): SoftwareFormValues {
  return {
    name: fields?.name ?? "",
    slug: "",
    summaryEn: fields?.texts.en.summary ?? "",
    descriptionEn: fields?.texts.en.description ?? "",
    russian: Boolean(fields?.texts.ru),
    summaryRu: fields?.texts.ru?.summary ?? "",
    descriptionRu: fields?.texts.ru?.description ?? "",
    categories: fields?.categories ?? [],
    platforms: fields?.platforms ?? [],
    pricing: fields?.pricing ?? "",
    website: fields?.website ?? "",
    logo: fields?.logo ?? null,
    screenshots: fields?.screenshots ?? [],
  }
}

/** The request body of the form's values (without `submit`). */
export function programBody(values: SoftwareFormValues): Omit<SoftwareEdit, "submit"> {
  return {
    name: values.name.trim(),
    texts: {
      en: { summary: values.summaryEn.trim(), description: values.descriptionEn.trim() },
      ru: values.russian
        ? { summary: values.summaryRu.trim(), description: values.descriptionRu.trim() }
        : null,
    },
    categories: values.categories,
    platforms: values.platforms,
    pricing: values.pricing as Pricing,
    website: values.website.trim() || null,
    logoId: values.logo?.id ?? null,
    screenshotIds: values.screenshots.map((picture) => picture.id),
  }
}

/** The server's field names (texts.en.summary, logoId …) as the form's. */
const SERVER_FIELDS: Record<string, keyof SoftwareFormValues> = {
  "texts.en.summary": "summaryEn",
  "texts.en.description": "descriptionEn",
  "texts.ru.summary": "summaryRu",
  "texts.ru.description": "descriptionRu",
  logoId: "logo",
  screenshotIds: "screenshots",
}

/** The catalogue's categories in the page's language (what the form offers), or why they could not be loaded. */
export function WithCategories({
  initial,
  children,
}: {
  /** The route's preloaded answer. */
  initial: SoftwareCategories | undefined
  children: (categories: SoftwareCategory[]) => ReactNode
}) {
  const { t } = useTranslation(NS)
  const { language } = useShellServices()
  const answer = useApi<SoftwareCategories>(
    catalogApi.categories.url({}, { language: catalogLanguage(language) }),
    { initial },
  )
  if (answer.failure)
    return (
      <ErrorState
        title={t("author.add.loadFailed")}
        description={answer.failure}
        onRetry={answer.retry}
        retryLabel={t("list.retry")}
      />
    )
  if (!answer.data) return <Skeleton shape="rect" className="h-96" />
  return children(answer.data.categories)
}

export interface SoftwareFormProps {
  /** "add": a new program (its address can be chosen); "edit": an existing one. */
  mode: "add" | "edit"
  categories: SoftwareCategory[]
  initial: SoftwareFormValues
  /** The program is published: its edit goes to the moderators as a revision, and there is no draft. */
  published?: boolean
  /** Sends the values; `submit` false keeps it as a draft. Rejects with the API's failure. */
  onSave: (values: SoftwareFormValues, submit: boolean) => Promise<void>
}

/**
 * A program's listing as its author writes it: name and address, the English (and optional Russian) summary and
 * Markdown description, categories, platforms, pricing, website, a logo and screenshots uploaded to the
 * attachment store. Checked as the author types; the server's refusals show beside their fields.
 */
export function SoftwareForm({ mode, categories, initial, published = false, onSave }: SoftwareFormProps) {
  const { t } = useTranslation(NS)
  const [submit, setSubmit] = useState(true)
  const form = useForm<SoftwareFormValues>({
    initial,
    validate: (values) => {
      const errors: FieldErrors<SoftwareFormValues> = {}
      const name = values.name.trim()
      if ([...name].length < 2) errors.name = t("author.form.nameShort")
      if (mode === "add") {
        const slug = values.slug.trim() || slugOf(name)
        if (!new RegExp(SOFTWARE_SLUG_PATTERN).test(slug) || slug.length < 3 || slug.length > 60)
          errors.slug = t("author.form.slugInvalid")
      }
      if (!values.summaryEn.trim()) errors.summaryEn = t("author.form.summaryMissing")
      if (values.russian && !values.summaryRu.trim()) errors.summaryRu = t("author.form.summaryMissing")
      if (values.categories.length === 0) errors.categories = t("author.form.categoriesMissing")
      if (values.platforms.length === 0) errors.platforms = t("author.form.platformsMissing")
      if (!values.pricing) errors.pricing = t("author.form.pricingMissing")
      const website = values.website.trim()
      if (website && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(website))
        errors.website = t("author.form.websiteInvalid")
      return errors
    },
    submit: async (values) => {
      try {
        await onSave(values, submit)
      } catch (error) {
        // The server names its fields as the API does; the form shows them beside its own.
        if (!(error instanceof ApiFailure)) throw error
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([field, message]) => [SERVER_FIELDS[field] ?? field, message]),
        )
        throw new ApiFailure(error.message, error.code, error.status, fields, error.retryAfter)
      }
    },
  })
  const { values } = form
  const uploadLabels = (remove: string): PictureUploadsLabels => ({
    remove: (n) => `${remove} ${n}`,
    alt: (n) => t("author.form.pictureAlt", { n }),
    limits: t("author.form.pictureLimits"),
    failedTitle: t("author.form.uploadFailedTitle"),
    failed: (name, message) => t("author.form.uploadFailed", { name, message }),
  })
  const toggle = <T extends string>(list: T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((each) => each !== item)
  // A list of checkboxes in a Field: each box names itself (its own id), the group takes the Field's id (so an
  // invalid list gets the focus) and is named by the Field's label.
  const groupOf = (name: "categories" | "platforms") => ({
    id: form.fieldId(name),
    tabIndex: -1,
    "aria-labelledby": `${form.fieldId(name)}-label`,
  })

  return (
    <form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-labelledby="software-form-title"
      className="flex flex-col gap-6"
    >
      <h2 id="software-form-title" className="text-xl font-semibold text-foreground">
        {mode === "add" ? t("author.form.addTitle") : t("author.form.editTitle")}
      </h2>
      <Field label={t("author.form.name")} required {...form.field("name")}>
        <TextInput maxLength={80} autoComplete="off" {...form.input("name")} />
      </Field>
      {mode === "add" && (
        <Field
          label={t("author.form.slug")}
          hint={t("author.form.slugHint", { slug: values.slug.trim() || slugOf(values.name) || "…" })}
          {...form.field("slug")}
        >
          <TextInput
            maxLength={60}
            autoComplete="off"
            placeholder={slugOf(values.name)}
            {...form.input("slug")}
          />
        </Field>
      )}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-foreground">{t("author.form.english")}</legend>
        <Field
          label={t("author.form.summary")}
          hint={t("author.form.summaryHint", { max: SOFTWARE_SUMMARY_MAX_LENGTH })}
          required
          {...form.field("summaryEn")}
        >
          <TextInput maxLength={SOFTWARE_SUMMARY_MAX_LENGTH} {...form.input("summaryEn")} />
        </Field>
        <Field
          label={t("author.form.description")}
          hint={t("author.form.descriptionHint")}
          {...form.field("descriptionEn")}
        >
          <TextArea
            minRows={8}
            maxLength={SOFTWARE_DESCRIPTION_MAX_LENGTH}
            value={values.descriptionEn}
            onChange={(event) => form.set("descriptionEn", event.target.value)}
          />
        </Field>
      </fieldset>
      <div className="flex flex-col gap-4">
        <Switch
          label={t("author.form.russian")}
          checked={values.russian}
          onCheckedChange={(checked) => form.set("russian", checked)}
        />
        {values.russian && (
          <fieldset className="flex flex-col gap-4" lang="ru">
            <legend className="mb-2 text-base font-semibold text-foreground">
              {t("author.form.russianText")}
            </legend>
            <Field label={t("author.form.summary")} required {...form.field("summaryRu")}>
              <TextInput maxLength={SOFTWARE_SUMMARY_MAX_LENGTH} {...form.input("summaryRu")} />
            </Field>
            <Field
              label={t("author.form.description")}
              hint={t("author.form.descriptionHint")}
              {...form.field("descriptionRu")}
            >
              <TextArea
                minRows={6}
                maxLength={SOFTWARE_DESCRIPTION_MAX_LENGTH}
                value={values.descriptionRu}
                onChange={(event) => form.set("descriptionRu", event.target.value)}
              />
            </Field>
          </fieldset>
        )}
      </div>
      <Field
        label={t("author.form.categories")}
        hint={t("author.form.categoriesHint", { count: SOFTWARE_MAX_CATEGORIES })}
        required
        {...form.field("categories")}
      >
        <div role="group" {...groupOf("categories")} className="grid gap-2 sm:grid-cols-2">
          {categories.map((category) => {
            const checked = values.categories.includes(category.slug)
            return (
              <Checkbox
                key={category.slug}
                id={`${form.fieldId("categories")}-${category.slug}`}
                label={category.name}
                checked={checked}
                disabled={!checked && values.categories.length >= SOFTWARE_MAX_CATEGORIES}
                onCheckedChange={(on) =>
                  form.set("categories", toggle(values.categories, category.slug, on === true))
                }
              />
            )
          })}
        </div>
      </Field>
      <Field label={t("author.form.platforms")} required {...form.field("platforms")}>
        <div role="group" {...groupOf("platforms")} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {SOFTWARE_PLATFORMS.map((platform) => (
            <Checkbox
              key={platform}
              id={`${form.fieldId("platforms")}-${platform}`}
              label={t(`platforms.${platform}`)}
              checked={values.platforms.includes(platform)}
              onCheckedChange={(on) => form.set("platforms", toggle(values.platforms, platform, on === true))}
            />
          ))}
        </div>
      </Field>
      <Field label={t("author.form.pricing")} required {...form.field("pricing")}>
        <RadioGroup
          orientation="horizontal"
          value={values.pricing}
          onValueChange={(value) => form.set("pricing", value as Pricing)}
          options={SOFTWARE_PRICING.map((pricing) => ({ value: pricing, label: t(`pricing.${pricing}`) }))}
        />
      </Field>
      <Field label={t("author.form.website")} hint={t("author.form.websiteHint")} {...form.field("website")}>
        <TextInput
          type="url"
          inputMode="url"
          maxLength={500}
          placeholder="https://"
          {...form.input("website")}
        />
      </Field>
      <Field label={t("author.form.logo")} hint={t("author.form.logoHint")} {...form.field("logo")}>
        <PictureUploads
          pictures={values.logo ? [values.logo] : []}
          max={1}
          onChange={(pictures) => form.set("logo", pictures[0] ?? null)}
          uploadUrl={catalogApi.uploadPicture.url()}
          labels={uploadLabels(t("author.form.removeLogo"))}
        />
      </Field>
      <Field
        label={t("author.form.screenshots")}
        hint={t("author.form.screenshotsHint", { count: SOFTWARE_MAX_SCREENSHOTS })}
        {...form.field("screenshots")}
      >
        <PictureUploads
          pictures={values.screenshots}
          max={SOFTWARE_MAX_SCREENSHOTS}
          onChange={(pictures) => form.set("screenshots", pictures)}
          uploadUrl={catalogApi.uploadPicture.url()}
          labels={uploadLabels(t("author.form.removeScreenshot"))}
        />
      </Field>
      <p className="text-sm text-muted-foreground">
        {published ? t("author.form.revisionNote") : t("author.form.moderationNote")}
      </p>
      <FormError message={form.formError} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          loading={form.submitting && submit}
          disabled={form.submitting}
          onClick={() => setSubmit(true)}
        >
          {published ? t("author.form.sendChanges") : t("author.form.send")}
        </Button>
        {!published && (
          <Button
            type="submit"
            variant="secondary"
            loading={form.submitting && !submit}
            disabled={form.submitting}
            onClick={() => setSubmit(false)}
          >
            {t("author.form.saveDraft")}
          </Button>
        )}
      </div>
    </form>
  )
}
