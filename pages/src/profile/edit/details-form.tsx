import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  Combobox,
  Field,
  Select,
  TextInput,
  localeNames,
  siteLocales,
} from "@manyhands/design-system"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices, type ShellUser } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import { DISPLAY_NAME_MAX, userApi, type UserUpdate } from "@manyhands/contract/accounts"
import { placeFailure } from "../profile-forms"
import { timeZoneOptions } from "./time-zones"

interface DetailsValues {
  displayName: string
  timezone: string
  interfaceLanguage: string
}

/** Display name, time zone and interface language → PUT /api/v2/user with the fields that changed. */
export function DetailsForm({ user }: { user: ShellUser }) {
  const { t } = useTranslation("profile")
  const { api, refresh, language, switchLanguage } = useShellServices()
  const [saved, setSaved] = useState(false)
  const zones = useMemo(() => timeZoneOptions(user.profile.timezone), [user.profile.timezone])
  const languages = siteLocales.map((locale) => ({ value: locale, label: localeNames[locale] }))

  const form = useForm<DetailsValues>({
    initial: {
      displayName: user.profile.displayName ?? "",
      timezone: user.profile.timezone,
      interfaceLanguage: user.interfaceLanguage,
    },
    validate: (values) => {
      const errors: FieldErrors<DetailsValues> = {}
      if ([...values.displayName.trim()].length > DISPLAY_NAME_MAX)
        errors.displayName = t("edit.details.displayNameTooLong")
      if (!values.timezone) errors.timezone = t("edit.details.timezoneRequired")
      return errors
    },
    submit: async (values) => {
      setSaved(false)
      const displayName = values.displayName.trim()
      const profile: NonNullable<UserUpdate["profile"]> = {}
      if (displayName !== (user.profile.displayName ?? "")) profile.displayName = displayName
      if (values.timezone !== user.profile.timezone) profile.timezone = values.timezone
      const body: { interfaceLanguage?: string; profile?: typeof profile } = {}
      if (values.interfaceLanguage !== user.interfaceLanguage)
        body.interfaceLanguage = values.interfaceLanguage
      if (Object.keys(profile).length > 0) body.profile = profile
      // Nothing changed: nothing to send, and nothing the server could refuse.
      if (Object.keys(body).length > 0) {
        try {
          await api.send("PUT", userApi.update.url(), body)
        } catch (error) {
          throw placeFailure(error, {
            fields: { "profile.displayName": "displayName", "profile.timezone": "timezone" },
          })
        }
        // The page's language wins over the stored one (spec §4), so a new language is shown by loading
        // this page in it.
        if (body.interfaceLanguage && body.interfaceLanguage !== language) {
          switchLanguage(body.interfaceLanguage)
          return
        }
        await refresh(userApi.me.url())
      }
      setSaved(true)
    },
  })

  return (
    <ProfileCard
      id="profile-details"
      title={t("edit.details.title")}
      description={t("edit.details.description")}
    >
      <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field
          label={t("edit.details.displayName")}
          hint={t("edit.details.displayNameHint")}
          {...form.field("displayName")}
        >
          <TextInput
            autoComplete="nickname"
            maxLength={DISPLAY_NAME_MAX + 20}
            {...form.input("displayName")}
          />
        </Field>
        <Field
          label={t("edit.details.language")}
          hint={t("edit.details.languageHint")}
          {...form.field("interfaceLanguage")}
        >
          <Select
            options={languages}
            value={form.values.interfaceLanguage}
            onValueChange={(value) => form.set("interfaceLanguage", value)}
            name="interfaceLanguage"
          />
        </Field>
        <Field
          label={t("edit.details.timezone")}
          hint={t("edit.details.timezoneHint")}
          required
          {...form.field("timezone")}
        >
          <Combobox
            options={zones}
            value={form.values.timezone || null}
            onValueChange={(value) => form.set("timezone", value ?? "")}
            onBlur={() => form.touch("timezone")}
            emptyText={t("edit.details.timezoneEmpty")}
            name="timezone"
          />
        </Field>
        <FormError message={form.formError} />
        {saved ? <Alert tone="success">{t("edit.details.saved")}</Alert> : null}
        <div>
          <Button type="submit" disabled={form.submitting}>
            {t("edit.details.submit")}
          </Button>
        </div>
      </form>
    </ProfileCard>
  )
}
