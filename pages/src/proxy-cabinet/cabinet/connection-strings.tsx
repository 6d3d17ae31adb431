import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  CopyButton,
  EmptyState,
  ErrorState,
  Field,
  Select,
  SkeletonGroup,
  SkeletonText,
  Switch,
  TextArea,
  TextInput,
  UserIcon,
} from "@manyhands/design-system"
import {
  CONNECTION_FORMATS,
  CONNECTION_PROTOCOLS,
  DEFAULT_SESSION_MINUTES,
  MAX_SESSION_MINUTES,
  proxyApi,
  type ConnectionFormat,
  type ConnectionProtocol,
  type ConnectionRequest,
  type ConnectionStrings as ConnectionStringsAnswer,
  type Subuser,
} from "@manyhands/contract/proxy"
import { LinkButton } from "../../blocks"
import { ProxyCard } from "../shared/proxy-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { PROXY_PAGES } from "../proxy-layout"
import { useProxyFailure } from "../shared/proxy-failure"

/** The most lines one request writes. */
const MAX_LINES = 1000

interface ConnectionValues {
  subuser: string
  protocol: ConnectionProtocol
  format: ConnectionFormat
  country: string
  sticky: boolean
  ttl: string
  count: string
}

const wholeIn = (text: string, min: number, max: number) => {
  const value = Number(text.trim())
  return text.trim() !== "" && Number.isInteger(value) && value >= min && value <= max ? value : null
}

/** Connection strings for a sub-user in the format a proxy client takes, to copy. */
export function ConnectionStrings({
  subusers,
  failure,
  onRetry,
}: {
  /** The account's sub-users; undefined while they load. */
  subusers: Subuser[] | undefined
  failure: string | null
  onRetry: () => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  return (
    <ProxyCard
      id="proxy-connections"
      title={t("overview.connections.title")}
      description={t("overview.connections.description")}
    >
      {failure ? (
        <ErrorState
          size="section"
          titleAs="h3"
          title={t("overview.connections.loadFailed")}
          description={failure}
          onRetry={onRetry}
          retryLabel={t("retry")}
        />
      ) : subusers === undefined ? (
        <SkeletonGroup>
          <SkeletonText lines={4} />
        </SkeletonGroup>
      ) : subusers.length === 0 ? (
        <EmptyState
          size="sm"
          variant="dashed"
          icon={<UserIcon />}
          titleAs="h3"
          title={t("overview.connections.noSubusers")}
          description={t("overview.connections.noSubusersText")}
          action={
            <LinkButton to={PROXY_PAGES.users.href}>{t("overview.connections.createSubuser")}</LinkButton>
          }
        />
      ) : (
        <ConnectionForm subusers={subusers} />
      )}
    </ProxyCard>
  )
}

function ConnectionForm({ subusers }: { subusers: Subuser[] }) {
  const { t } = useTranslation("proxy-cabinet")
  const { api } = useShellServices()
  const proxyFailure = useProxyFailure()
  const [lines, setLines] = useState<string[] | null>(null)

  const form = useForm<ConnectionValues>({
    initial: {
      subuser: subusers[0]!.id,
      protocol: "http",
      format: "url",
      country: "",
      sticky: false,
      ttl: String(DEFAULT_SESSION_MINUTES),
      count: "10",
    },
    validate: (values) => {
      const errors: FieldErrors<ConnectionValues> = {}
      if (values.country.trim() !== "" && !/^[a-z]{2}$/i.test(values.country.trim()))
        errors.country = t("overview.connections.countryInvalid")
      if (values.sticky && wholeIn(values.ttl, 1, MAX_SESSION_MINUTES) === null)
        errors.ttl = t("overview.connections.ttlInvalid", { max: MAX_SESSION_MINUTES })
      if (wholeIn(values.count, 1, MAX_LINES) === null)
        errors.count = t("overview.connections.countInvalid", { max: MAX_LINES })
      return errors
    },
    submit: async (values) => {
      const country = values.country.trim().toLowerCase()
      const body: ConnectionRequest = {
        subuser: values.subuser,
        protocol: values.protocol,
        format: values.format,
        ...(country ? { country } : {}),
        sticky: values.sticky,
        ...(values.sticky ? { ttlMinutes: wholeIn(values.ttl, 1, MAX_SESSION_MINUTES)! } : {}),
        count: wholeIn(values.count, 1, MAX_LINES)!,
      }
      try {
        const answer = await api.send<ConnectionStringsAnswer>("POST", proxyApi.connections.url(), body)
        setLines(answer.lines)
      } catch (error) {
        throw proxyFailure(error)
      }
    },
  })

  const chosen = subusers.find((item) => item.id === form.values.subuser)
  const text = lines?.join("\n") ?? ""

  return (
    <div className="flex flex-col gap-5">
      <form method="post" className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <Field
            label={t("overview.connections.subuser")}
            hint={chosen?.paused ? t("overview.connections.paused") : undefined}
            {...form.field("subuser")}
          >
            <Select
              value={form.values.subuser}
              onValueChange={(value) => form.set("subuser", value)}
              options={subusers.map((item) => ({
                value: item.id,
                label: t("overview.connections.subuserOption", {
                  name: item.name,
                  pool: t(`pools.${item.pool}`),
                }),
              }))}
            />
          </Field>
          <Field label={t("overview.connections.protocol")} {...form.field("protocol")}>
            <Select
              value={form.values.protocol}
              onValueChange={(value) => form.set("protocol", value as ConnectionProtocol)}
              options={CONNECTION_PROTOCOLS.map((value) => ({
                value,
                label: t(`overview.connections.protocols.${value}`),
              }))}
            />
          </Field>
          <Field label={t("overview.connections.format")} {...form.field("format")}>
            <Select
              value={form.values.format}
              onValueChange={(value) => form.set("format", value as ConnectionFormat)}
              options={CONNECTION_FORMATS.map((value) => ({
                value,
                // The two formats that are patterns read the same in every language (a colon would end an i18next key).
                label:
                  value === "url" || value === "curl" ? t(`overview.connections.formats.${value}`) : value,
              }))}
            />
          </Field>
          <Field
            label={t("overview.connections.country")}
            hint={t("overview.connections.countryHint")}
            {...form.field("country")}
          >
            <TextInput
              maxLength={2}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder="de"
              className="font-mono"
              {...form.input("country")}
            />
          </Field>
          <Field
            label={t("overview.connections.count")}
            hint={t("overview.connections.countHint", { max: MAX_LINES })}
            {...form.field("count")}
          >
            <TextInput
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINES}
              step={1}
              {...form.input("count")}
            />
          </Field>
        </div>
        <div className="flex flex-wrap items-start gap-x-8 gap-y-4">
          <Switch
            id={form.fieldId("sticky")}
            checked={form.values.sticky}
            onCheckedChange={(checked) => form.set("sticky", checked)}
            label={t("overview.connections.sticky")}
            description={t("overview.connections.stickyHint")}
            className="max-w-md"
          />
          {form.values.sticky ? (
            <Field
              label={t("overview.connections.ttl")}
              hint={t("overview.connections.ttlHint", { max: MAX_SESSION_MINUTES })}
              className="w-56"
              {...form.field("ttl")}
            >
              <TextInput
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_SESSION_MINUTES}
                step={1}
                suffix={t("overview.connections.minutes")}
                {...form.input("ttl")}
              />
            </Field>
          ) : null}
        </div>
        <FormError message={form.formError} />
        <div>
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            {t("overview.connections.generate")}
          </Button>
        </div>
      </form>
      <div role="status" className="empty:hidden">
        {lines ? (
          <p className="text-sm text-muted-foreground">
            {t("overview.connections.written", { count: lines.length })}
          </p>
        ) : null}
      </div>
      {lines ? (
        <div className="flex flex-col gap-2">
          <Field label={t("overview.connections.lines")}>
            <TextArea
              readOnly
              value={text}
              minRows={Math.min(Math.max(lines.length, 2), 8)}
              wrap="off"
              spellCheck={false}
              className="font-mono text-sm"
            />
          </Field>
          <div>
            <CopyButton value={text} label={t("overview.connections.copy")} />
          </div>
        </div>
      ) : null}
    </div>
  )
}
