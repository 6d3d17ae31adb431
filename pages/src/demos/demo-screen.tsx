import { useEffect, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Banner,
  Breadcrumbs,
  Button,
  CodeBlock,
  CopyButton,
  KeyValueItem,
  KeyValueList,
  Link,
} from "@manyhands/design-system"
import {
  captchaDemoApi,
  demoAnswerOfText,
  demoBySlug,
  demoFieldsOfAnswer,
  type DemoInfo,
  type DemoList,
  type DemoToken,
  type DemoVerdict,
} from "@manyhands/contract/captcha-demo"
import { LinkCardGrid, TextLink, renderRouterLink } from "../blocks"
import { MissingItem } from "../layout/missing-item"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { SampleTabs } from "../docs/doc-screen"
import { ApiSolve } from "./api-solve"
import { ChallengePanel, DemoWidget, hiddenFieldNames, type DemoWidgetHandle } from "./demo-widget"

const NS = "demos"

/** The docs page of a demo's task type. */
const DOCS: Record<string, string> = {
  recaptcha: "/api-docs/recaptcha-v2",
  hcaptcha: "/api-docs/grid",
  turnstile: "/api-docs/cloudflare-turnstile",
  geetest: "/api-docs/geetest",
  lemin: "/api-docs/lemin",
  mtcaptcha: "/api-docs/mtcaptcha",
}
const IMAGE_DOCS: Record<string, string> = {
  "text-question": "/api-docs/text-captcha",
  "text-image": "/api-docs/normal-captcha",
  rotate: "/api-docs/rotate",
  click: "/api-docs/coordinates",
}
const docsOf = (demo: DemoInfo) =>
  demo.vendor === "image"
    ? (IMAGE_DOCS[demo.challenge] ?? "/api-docs")
    : demo.slug.startsWith("recaptcha-v3")
      ? "/api-docs/recaptcha-v3"
      : demo.enterprise
        ? "/api-docs/recaptcha-v2-enterprise"
        : (DOCS[demo.vendor] ?? "/api-docs")

/** The HTML a site writes to embed the vendor's widget, with this demo's values. */
function embedSnippet(demo: DemoInfo): string {
  const attributes = (pairs: [string, string | null | undefined][]) =>
    pairs
      .filter(([, value]) => value != null && value !== "")
      .map(([name, value]) => `\n  ${name}="${value}"`)
      .join("")
  switch (demo.vendor) {
    case "recaptcha":
      return demo.challenge === "score"
        ? `<script src="https://www.google.com/recaptcha/${demo.enterprise ? "enterprise.js" : "api.js"}?render=${demo.siteKey}"></script>\n<script>\n  grecaptcha${demo.enterprise ? ".enterprise" : ""}.ready(() =>\n    grecaptcha${demo.enterprise ? ".enterprise" : ""}.execute("${demo.siteKey}", { action: "${demo.action}" })\n      .then((token) => { document.querySelector("#g-recaptcha-response").value = token }))\n</script>`
        : `<div class="g-recaptcha"${attributes([
            ["data-sitekey", demo.siteKey],
            ["data-callback", demo.callback],
            ["data-size", demo.invisible ? "invisible" : null],
          ])}></div>`
    case "hcaptcha":
      return `<div class="h-captcha"${attributes([
        ["data-sitekey", demo.siteKey],
        ["data-callback", demo.callback],
        ["data-size", demo.invisible ? "invisible" : null],
      ])}></div>`
    case "turnstile":
      return `<div class="cf-turnstile"${attributes([
        ["data-sitekey", demo.siteKey],
        ["data-action", demo.action],
        ["data-cdata", demo.cData],
      ])}></div>`
    case "geetest":
      return demo.geetestVersion === 4
        ? `initGeetest4({ captchaId: "${demo.siteKey}" }, (captcha) => captcha.appendTo("#captcha-box"))`
        : `initGeetest(\n  { gt: "${demo.siteKey}", challenge: "${demo.geetestChallenge}", offline: false, new_captcha: true },\n  (captcha) => captcha.appendTo("#captcha-box"),\n)`
    case "lemin":
      return `<div id="lemin-cropped-captcha"></div>\n<script src="https://api.leminnow.com/captcha/v1/cropped/${demo.siteKey}/js"></script>`
    case "mtcaptcha":
      return `<div class="mtcaptcha"></div>\n<script>var mtcaptchaConfig = { sitekey: "${demo.siteKey}" }</script>`
    default:
      return ""
  }
}

export interface DemoScreenProps {
  /** GET /api/v1/captcha-demo/{slug}, preloaded by the route (an image demo's picture is fresh); missing: none. */
  demo?: DemoInfo
}

/**
 * /demo/{slug}: a captcha of our own in the vendor's embedding shape, solvable by hand or through the API, and a
 * Check button that verifies the result on our server like the vendor's siteverify; beside it the site key, the
 * page address, the embedding, the task in curl and seven languages, and the verification request.
 */
export function DemoScreen({ demo }: DemoScreenProps) {
  const { t } = useTranslation(NS)
  if (!demo)
    return (
      <MissingItem
        title={t("notFound.title")}
        lead={t("notFound.lead")}
        back={{ to: "/demo", label: t("notFound.back") }}
      />
    )
  const title = t(`demo.${demo.slug}.title`)
  return (
    <Section>
      <Breadcrumbs
        className="mb-4"
        items={[{ label: t("index.title"), href: "/demo" }, { label: title }]}
        renderLink={renderRouterLink}
      />
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">{title}</h1>
      <p className="mb-6 max-w-3xl text-base text-muted-foreground">{t(`demo.${demo.slug}.lead`)}</p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)]">
        <div>
          <h2 className="mb-3 text-xl font-semibold text-foreground">{t("page.try")}</h2>
          {demo.vendor === "image" ? (
            <ImageDemo key={demo.slug} demo={demo} />
          ) : (
            <TokenDemo key={demo.slug} demo={demo} />
          )}
        </div>
        <Integration demo={demo} />
      </div>
    </Section>
  )
}

function VerdictBanner({ verdict }: { verdict: DemoVerdict }) {
  const { t } = useTranslation(NS)
  return (
    <Banner
      tone={verdict.success ? "success" : "danger"}
      title={verdict.success ? t("verdict.ok") : t("verdict.refused")}
    >
      {verdict.reason ? t(`reasons.${verdict.reason}`) : t("verdict.okLead")}
      {verdict.score !== null && ` ${t("verdict.score", { score: verdict.score })}`}
    </Banner>
  )
}

/** A token demo: the widget in a form whose Check button verifies the token (executing it first when invisible). */
function TokenDemo({ demo }: { demo: DemoInfo }) {
  const { t } = useTranslation(NS)
  const { api, toFailure } = useShellServices()
  const widget = useRef<DemoWidgetHandle>(null)
  const [token, setToken] = useState<DemoToken | null>(null)
  const [verdict, setVerdict] = useState<DemoVerdict | null>(null)
  const [called, setCalled] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // The page's data-callback, as a site defines it for the vendor's script.
  useEffect(() => {
    if (!demo.callback) return
    const name = demo.callback
    const scope = window as unknown as Record<string, unknown>
    scope[name] = () => setCalled(true)
    return () => {
      delete scope[name]
    }
  }, [demo.callback])

  const check = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setVerdict(null)
    setBusy(true)
    try {
      const issued = token ?? (await widget.current!.execute())
      const fields = Object.fromEntries(
        hiddenFieldNames(demo).map((name) => [name, issued.fields[name] ?? ""]),
      )
      setVerdict(
        await api.send<DemoVerdict>("POST", captchaDemoApi.verify.url({ slug: demo.slug }), {
          fields,
          ...(demo.siteKey ? { siteKey: demo.siteKey } : {}),
          ...(demo.action && demo.challenge === "score" ? { action: demo.action } : {}),
        }),
      )
      setToken(null)
      widget.current?.reset()
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setBusy(false)
    }
  }

  const needsToken = !demo.invisible && demo.challenge !== "score"
  const definition = demoBySlug(demo.slug)
  // hCaptcha goes to the API as its picture grid: the widget's challenge is opened and sent, its cells come back.
  const apiFields = async (): Promise<Record<string, unknown>> => {
    if (demo.vendor !== "hcaptcha") return demo.inPhp ?? {}
    const challenge = await widget.current!.open()
    return {
      method: "base64",
      body: (challenge.image ?? "").replace(/^data:image\/png;base64,/, ""),
      textinstructions: challenge.prompt,
      recaptcha: 1,
      recaptcharows: challenge.rows ?? 3,
      recaptchacols: challenge.columns ?? 3,
    }
  }
  const apiAnswer = (answer: string) => {
    if (!definition) return
    if (demo.vendor === "hcaptcha") {
      const cells = demoAnswerOfText(definition, answer)
      if (Array.isArray(cells)) widget.current?.answer(cells)
      return
    }
    const fields = demoFieldsOfAnswer(definition, answer)
    if (fields) widget.current?.accept(fields)
  }
  return (
    <div className="space-y-6">
      <form onSubmit={(event) => void check(event)} className="space-y-4" aria-label={t("page.form")}>
        <DemoWidget
          ref={widget}
          demo={demo}
          onToken={(issued) => {
            setToken(issued)
            setVerdict(null)
          }}
          onExpired={() => setToken(null)}
        />
        {demo.callback && (
          <p className="text-sm text-muted-foreground" role="status">
            {called
              ? t("page.callbackCalled", { name: demo.callback })
              : t("page.callbackWaiting", { name: demo.callback })}
          </p>
        )}
        <Button type="submit" loading={busy} disabled={needsToken && !token && !busy}>
          {t("page.check")}
        </Button>
        {needsToken && !token && !verdict && (
          <p className="text-sm text-muted-foreground">{t("page.solveFirst")}</p>
        )}
        {error && (
          <p className="text-sm text-danger" role="alert">
            {error}
          </p>
        )}
        {verdict && <VerdictBanner verdict={verdict} />}
      </form>
      <ApiSolve
        fields={apiFields}
        onAnswer={apiAnswer}
        filledText={demo.vendor === "hcaptcha" ? t("api.filledGrid") : t("api.filled")}
      />
    </div>
  )
}

/** An image demo: its picture, answered here and verified; "another picture" asks the server for a fresh one. */
function ImageDemo({ demo }: { demo: DemoInfo }) {
  const { t } = useTranslation(NS)
  const { api, toFailure } = useShellServices()
  // The picture of this visit; a refetch of the page's data must not swap it under the visitor's answer.
  const [current, setCurrent] = useState<DemoInfo>(demo)
  const task = current.task
  const [verdict, setVerdict] = useState<DemoVerdict | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const another = async () => {
    setBusy(true)
    setError(null)
    try {
      const fresh = await api.get<DemoInfo>(captchaDemoApi.demo.url({ slug: demo.slug }))
      setCurrent(fresh)
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setBusy(false)
    }
  }

  const answer = async (given: unknown) => {
    if (!task) return
    setBusy(true)
    setError(null)
    try {
      setVerdict(
        await api.send<DemoVerdict>("POST", captchaDemoApi.verify.url({ slug: demo.slug }), {
          challengeId: task.id,
          answer: given,
        }),
      )
      await another()
    } catch (failure) {
      setError(toFailure(failure).message)
      setBusy(false)
    }
  }

  return (
    <div className="space-y-4">
      {task && (
        <>
          <ChallengePanel
            key={task.id}
            challenge={task}
            wrong={false}
            busy={busy}
            alternativeOffered={false}
            onAnswer={(given) => void answer(given)}
            onNew={() => void another()}
          />
          {task.image && (
            <Link asChild>
              <a href={task.image} download="captcha.png">
                {t("page.download")}
              </a>
            </Link>
          )}
        </>
      )}
      {error && (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
      {verdict && <VerdictBanner verdict={verdict} />}
      <ApiSolve
        fields={async () => current.inPhp ?? {}}
        onAnswer={(text) => {
          const definition = demoBySlug(demo.slug)
          const given = definition ? demoAnswerOfText(definition, text) : null
          if (given !== null) void answer(given)
        }}
        filledText={t("api.checked")}
      />
    </div>
  )
}

function Integration({ demo }: { demo: DemoInfo }) {
  const { t } = useTranslation(NS)
  const snippet = embedSnippet(demo)
  const verifyBody =
    demo.vendor === "image"
      ? `{"challengeId": "${demo.task?.id ?? "…"}", "answer": "…"}`
      : `{"response": "TOKEN", "siteKey": "${demo.siteKey}"}`
  return (
    <div className="min-w-0 space-y-6">
      <section aria-labelledby="demo-values">
        <h2 id="demo-values" className="mb-3 text-xl font-semibold text-foreground">
          {t("page.values")}
        </h2>
        <KeyValueList divided>
          <KeyValueItem label={t("page.taskType")} mono>
            {demo.taskType}
          </KeyValueItem>
          {demo.classicMethod && (
            <KeyValueItem label={t("page.method")} mono>
              {demo.classicMethod}
            </KeyValueItem>
          )}
          {demo.siteKey && (
            <KeyValueItem label={t("page.siteKey")} mono>
              <span className="break-all">{demo.siteKey}</span>
            </KeyValueItem>
          )}
          <KeyValueItem label={t("page.pageUrl")} mono>
            <span className="break-all">{demo.pageUrl}</span>
          </KeyValueItem>
          {demo.action && (
            <KeyValueItem label={t("page.action")} mono>
              {demo.action}
            </KeyValueItem>
          )}
          {demo.minScore !== null && (
            <KeyValueItem label={t("page.minScore")} mono>
              {demo.minScore}
            </KeyValueItem>
          )}
          <KeyValueItem label={demo.vendor === "image" ? t("page.pictureLifetime") : t("page.lifetime")}>
            {t("page.seconds", { count: demo.lifetimeSeconds })}
          </KeyValueItem>
        </KeyValueList>
        <p className="mt-3 flex flex-wrap gap-2">
          {demo.siteKey && <CopyButton value={demo.siteKey} label={t("page.copySiteKey")} />}
          <CopyButton value={demo.pageUrl} label={t("page.copyPageUrl")} />
        </p>
        {(demo.invisible || demo.enterprise || demo.callback) && (
          <p className="mt-3 flex flex-wrap gap-2">
            {demo.invisible && <Badge tone="info">{t("page.invisible")}</Badge>}
            {demo.enterprise && <Badge tone="info">{t("page.enterprise")}</Badge>}
            {demo.callback && <Badge tone="info">{t("page.callback", { name: demo.callback })}</Badge>}
          </p>
        )}
      </section>
      {snippet && (
        <section aria-labelledby="demo-embed">
          <h2 id="demo-embed" className="mb-2 text-xl font-semibold text-foreground">
            {t("page.embed")}
          </h2>
          <p className="mb-2 text-sm text-muted-foreground">{t("page.embedLead")}</p>
          <CodeBlock
            snippets={[{ language: demo.vendor === "geetest" ? "javascript" : "text", code: snippet }]}
          />
        </section>
      )}
      {demo.samples && (
        <section aria-labelledby="demo-requests">
          <h2 id="demo-requests" className="mb-2 text-xl font-semibold text-foreground">
            {t("page.requests")}
          </h2>
          <p className="mb-2 text-sm text-muted-foreground">
            {demo.vendor === "hcaptcha" ? t("page.requestsGrid") : t("page.requestsLead")}{" "}
            <TextLink to={docsOf(demo)}>{t("page.docs")}</TextLink>
          </p>
          <h3 className="mb-2 text-base font-semibold text-foreground">{t("page.v2")}</h3>
          <SampleTabs samples={demo.samples.v2} title={t("page.v2")} />
          {demo.samples.v1 && (
            <>
              <h3 className="mb-2 mt-4 text-base font-semibold text-foreground">{t("page.v1")}</h3>
              <SampleTabs samples={demo.samples.v1} title={t("page.v1")} />
            </>
          )}
        </section>
      )}
      <section aria-labelledby="demo-verify">
        <h2 id="demo-verify" className="mb-2 text-xl font-semibold text-foreground">
          {t("page.verify")}
        </h2>
        <p className="mb-2 text-sm text-muted-foreground">{t("page.verifyLead")}</p>
        <CodeBlock
          snippets={[
            {
              language: "bash",
              code: `curl -s -X POST "${new URL(demo.pageUrl).origin}/api/v1/captcha-demo/${demo.slug}/verify" \\\n  -H "Content-Type: application/json" \\\n  -d '${verifyBody}'`,
            },
          ]}
        />
      </section>
    </div>
  )
}

export interface DemoIndexScreenProps {
  /** GET /api/v1/captcha-demo, preloaded by the route. */
  demos?: DemoList
}

/** /demo: every demo, token widgets and pictures, each a card to its page. */
export function DemoIndexScreen({ demos }: DemoIndexScreenProps) {
  const { t } = useTranslation(NS)
  const all = demos?.demos ?? []
  const card = (demo: DemoInfo) => ({
    id: demo.slug,
    title: t(`demo.${demo.slug}.title`),
    text: t(`demo.${demo.slug}.short`),
    to: `/demo/${demo.slug}`,
  })
  return (
    <Section>
      <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">{t("index.title")}</h1>
      <p className="mb-8 max-w-3xl text-base text-muted-foreground">{t("index.lead")}</p>
      <h2 className="mb-3 text-xl font-semibold text-foreground">{t("index.tokens")}</h2>
      <LinkCardGrid className="mb-8" items={all.filter((demo) => demo.vendor !== "image").map(card)} />
      <h2 className="mb-3 text-xl font-semibold text-foreground">{t("index.pictures")}</h2>
      <LinkCardGrid items={all.filter((demo) => demo.vendor === "image").map(card)} />
    </Section>
  )
}
