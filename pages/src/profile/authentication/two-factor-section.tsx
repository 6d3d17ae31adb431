import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Field,
  OtpInput,
  SkeletonGroup,
  SkeletonText,
  useFormatter,
} from "@manyhands/design-system"
import { FormError, isAppCode, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { ProfileCard } from "../profile-card"
import {
  profileApi,
  userApi,
  type RecoveryCodes as RecoveryCodesAnswer,
  type TwoFactorData,
  type TwoFactorSetup,
} from "@manyhands/contract/accounts"
import { CurrentPasswordField, SecondFactorField, placeFailure, secondFactorProblem } from "../profile-forms"
import { RecoveryCodes } from "./recovery-codes"

type Step =
  | { name: "status" }
  | { name: "password" }
  | { name: "scan"; setup: TwoFactorSetup }
  | { name: "codes"; codes: string[]; enabledNow: boolean }
  | { name: "disable" }
  | { name: "regenerate" }

/**
 * The server's SVG as an image address. An <img> never runs scripts in an SVG, so the markup cannot reach the
 * page (unlike inserting it as HTML).
 */
export function svgDataUrl(svg: string): string {
  let binary = ""
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte)
  return `data:image/svg+xml;base64,${btoa(binary)}`
}

/**
 * Two-factor authentication: turn it on (password → QR code and key → first code → recovery codes), turn it
 * off, or make new recovery codes (both behind the password and a code).
 */
export function TwoFactorSection({ twoFactor }: { twoFactor?: TwoFactorData }) {
  const { t } = useTranslation("profile")
  const format = useFormatter()
  const { refresh } = useShellServices()
  const [step, setStep] = useState<Step>({ name: "status" })
  // What this page changed, until the refreshed data says the same.
  const [enabledHere, setEnabledHere] = useState<boolean | null>(null)
  const [turnedOff, setTurnedOff] = useState(false)
  const enabled = enabledHere ?? twoFactor?.enabled ?? false

  const changed = async (nowEnabled: boolean) => {
    setEnabledHere(nowEnabled)
    await Promise.all([refresh(profileApi.twoFactor.url()), refresh(userApi.me.url())])
  }
  const back = () => setStep({ name: "status" })

  const status = twoFactor ? (
    enabled ? (
      <Badge tone="success" dot>
        {t("twoFactor.statusOn")}
      </Badge>
    ) : (
      <Badge tone="warning" dot>
        {t("twoFactor.statusOff")}
      </Badge>
    )
  ) : undefined

  let content
  if (!twoFactor) {
    content = (
      <SkeletonGroup>
        <SkeletonText lines={2} />
      </SkeletonGroup>
    )
  } else if (step.name === "password") {
    content = <SetupPasswordForm onCancel={back} onReady={(setup) => setStep({ name: "scan", setup })} />
  } else if (step.name === "scan") {
    content = (
      <EnableForm
        setup={step.setup}
        onCancel={back}
        onEnabled={async (codes) => {
          setStep({ name: "codes", codes, enabledNow: true })
          await changed(true)
        }}
      />
    )
  } else if (step.name === "codes") {
    content = <RecoveryCodes codes={step.codes} enabledNow={step.enabledNow} onDone={back} />
  } else if (step.name === "disable") {
    content = (
      <ReauthForm
        kind="disable"
        onCancel={back}
        onDone={async () => {
          setTurnedOff(true)
          back()
          await changed(false)
        }}
      />
    )
  } else if (step.name === "regenerate") {
    content = (
      <ReauthForm
        kind="regenerate"
        onCancel={back}
        onDone={async (codes) => {
          setStep({ name: "codes", codes: codes ?? [], enabledNow: false })
          await refresh(profileApi.twoFactor.url())
        }}
      />
    )
  } else {
    content = (
      <div className="flex flex-col gap-4">
        {turnedOff && !enabled ? <Alert tone="success">{t("twoFactor.disable.done")}</Alert> : null}
        {enabled ? (
          // The dates and counts come from the server; right after turning it on they follow with the refresh.
          twoFactor.enabled ? (
            <p>
              {twoFactor.enabledAt
                ? `${t("twoFactor.enabledSince", { date: format.date(twoFactor.enabledAt, "long") })} `
                : ""}
              {t("twoFactor.codesLeft", { count: twoFactor.recoveryCodesLeft })}
            </p>
          ) : null
        ) : (
          <p>{t("twoFactor.offText")}</p>
        )}
        <div className="flex flex-wrap gap-3">
          {enabled ? (
            <>
              <Button variant="secondary" onClick={() => setStep({ name: "regenerate" })}>
                {t("twoFactor.newCodes")}
              </Button>
              <Button variant="service" onClick={() => setStep({ name: "disable" })}>
                {t("twoFactor.turnOff")}
              </Button>
            </>
          ) : (
            <Button
              onClick={() => {
                setTurnedOff(false)
                setStep({ name: "password" })
              }}
            >
              {t("twoFactor.turnOn")}
            </Button>
          )}
        </div>
      </div>
    )
  }

  return (
    <ProfileCard
      id="two-factor-title"
      title={t("twoFactor.title")}
      description={t("twoFactor.description")}
      action={status}
    >
      {content}
    </ProfileCard>
  )
}

/** Step 1 of turning it on: the password → POST setup. */
function SetupPasswordForm({
  onCancel,
  onReady,
}: {
  onCancel: () => void
  onReady: (setup: TwoFactorSetup) => void
}) {
  const { t } = useTranslation("profile")
  const { api } = useShellServices()
  const form = useForm({
    initial: { password: "" },
    validate: ({ password }) => (password ? {} : { password: t("fields.passwordRequired") }),
    submit: async ({ password }) => {
      const setup = await api.send<TwoFactorSetup>("POST", profileApi.twoFactorSetup.url(), { password })
      onReady(setup)
    },
  })
  return (
    <form method="post" className="flex max-w-md flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{t("twoFactor.setup.passwordTitle")}</h3>
        <p className="text-muted-foreground">{t("twoFactor.setup.passwordText")}</p>
      </div>
      <CurrentPasswordField form={form} name="password" />
      <FormError message={form.formError} />
      <FormButtons submit={t("twoFactor.setup.continue")} submitting={form.submitting} onCancel={onCancel} />
    </form>
  )
}

/** Step 2: scan the QR code (or type the key), then prove it works with a first code → POST enable. */
function EnableForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup
  onCancel: () => void
  onEnabled: (codes: string[]) => Promise<void>
}) {
  const { t } = useTranslation("profile")
  const { api } = useShellServices()
  const form = useForm({
    initial: { code: "" },
    validate: ({ code }) => (isAppCode(code) ? {} : { code: t("twoFactor.setup.codeRequired") }),
    submit: async ({ code }) => {
      let answer: RecoveryCodesAnswer
      try {
        answer = await api.send<RecoveryCodesAnswer>("POST", profileApi.twoFactorEnable.url(), { code })
      } catch (error) {
        throw placeFailure(error, { codes: { TWO_FACTOR_CODE_INVALID: "code" } })
      }
      await onEnabled(answer.recoveryCodes)
    },
  })
  return (
    <form method="post" className="flex flex-col gap-6" onSubmit={form.onSubmit} noValidate>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">{t("twoFactor.setup.scanTitle")}</h3>
        <p className="text-muted-foreground">{t("twoFactor.setup.scanText")}</p>
        <img
          src={svgDataUrl(setup.qrSvg)}
          alt={t("twoFactor.setup.qrAlt")}
          width={192}
          height={192}
          className="size-48 rounded-md border border-border bg-white p-2"
        />
        <p className="text-sm">{t("twoFactor.setup.manual")}</p>
        <div className="flex flex-wrap items-center gap-3">
          <code className="break-all rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-sm tracking-wider">
            {setup.secret}
          </code>
          <CopyButton value={setup.secret} label={t("twoFactor.setup.copySecret")} />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">{t("twoFactor.setup.codeTitle")}</h3>
        <Field label={t("twoFactor.setup.code")} required {...form.field("code")}>
          <OtpInput value={form.values.code} onChange={(code) => form.set("code", code)} name="code" />
        </Field>
      </div>
      <FormError message={form.formError} />
      <FormButtons submit={t("twoFactor.setup.enable")} submitting={form.submitting} onCancel={onCancel} />
    </form>
  )
}

/** Turning it off, or new recovery codes: both need the password and a code. */
function ReauthForm({
  kind,
  onCancel,
  onDone,
}: {
  kind: "disable" | "regenerate"
  onCancel: () => void
  onDone: (codes: string[] | undefined) => void | Promise<void>
}) {
  const { t } = useTranslation("profile")
  const { api } = useShellServices()
  const form = useForm({
    initial: { password: "", code: "" },
    validate: ({ password, code }) => {
      const errors: FieldErrors<{ password: string; code: string }> = {}
      if (!password) errors.password = t("fields.passwordRequired")
      errors.code = secondFactorProblem(code, t)
      return errors
    },
    submit: async ({ password, code }) => {
      const url = (kind === "disable" ? profileApi.twoFactorDisable : profileApi.recoveryCodes).url()
      let answer: RecoveryCodesAnswer | undefined
      try {
        answer = await api.send<RecoveryCodesAnswer | undefined>("POST", url, {
          password,
          code: code.trim(),
        })
      } catch (error) {
        throw placeFailure(error, { codes: { TWO_FACTOR_CODE_INVALID: "code" } })
      }
      await onDone(answer?.recoveryCodes)
    },
  })
  return (
    <form method="post" className="flex max-w-md flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{t(`twoFactor.${kind}.title`)}</h3>
        <p className="text-muted-foreground">{t(`twoFactor.${kind}.text`)}</p>
      </div>
      <CurrentPasswordField form={form} name="password" />
      <SecondFactorField form={form} name="code" />
      <FormError message={form.formError} />
      <FormButtons
        submit={t(`twoFactor.${kind}.submit`)}
        submitting={form.submitting}
        onCancel={onCancel}
        danger={kind === "disable"}
      />
    </form>
  )
}

function FormButtons({
  submit,
  submitting,
  onCancel,
  danger = false,
}: {
  submit: string
  submitting: boolean
  onCancel: () => void
  danger?: boolean
}) {
  const { t } = useTranslation("profile")
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" variant={danger ? "primary-danger" : "primary"} disabled={submitting}>
        {submit}
      </Button>
      <Button type="button" variant="service" onClick={onCancel} disabled={submitting}>
        {t("twoFactor.cancel")}
      </Button>
    </div>
  )
}
