import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  CodeBlock,
  CtaBand,
  FeatureGrid,
  Modal,
  ModalClose,
  CheckIcon,
  EyeIcon,
  FileIcon,
  GlobeIcon,
  UserIcon,
  WalletIcon,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { NumberedList, SectionHeading } from "../shared/blocks"

export interface CaptchaTypeSummary {
  code: string
  kind: "image" | "token"
  deadlineSeconds: number
}

export interface HomeScreenProps {
  /** Captcha types the API accepts; undefined while loading. */
  captchaTypes?: CaptchaTypeSummary[]
}

const submitExample = `curl https://manyhands.dev/in.php \\
  -F key=YOUR_API_KEY \\
  -F method=post \\
  -F file=@captcha.png
OK|73920541`

const pollExample = `curl "https://manyhands.dev/res.php?key=YOUR_API_KEY&action=get&id=73920541"
CAPCHA_NOT_READY
OK|w9h5k`

const customerSteps = ["register", "topUp", "send", "receive"] as const
const workerSteps = ["register", "train", "solve", "payout"] as const
const orderSteps = ["register", "topUp", "send"] as const
const trustItems = [
  { id: "solvedOnly", icon: <CheckIcon /> },
  { id: "refunds", icon: <WalletIcon /> },
  { id: "ledger", icon: <FileIcon /> },
  { id: "people", icon: <UserIcon /> },
  { id: "privacy", icon: <EyeIcon /> },
  { id: "compatible", icon: <GlobeIcon /> },
] as const

export default function HomeScreen({ captchaTypes }: HomeScreenProps) {
  const { t } = useTranslation(["home", "common"])
  const imageTypes = captchaTypes?.filter((type) => type.kind === "image") ?? []
  const tokenTypes = captchaTypes?.filter((type) => type.kind === "token") ?? []
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr] lg:py-24">
          <div className="flex flex-col items-start gap-6">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("hero.eyebrow")}</p>
            <h1 id="hero-title" className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              {t("hero.title")}
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">{t("hero.lead")}</p>
            <div className="flex flex-wrap gap-3">
              <Modal
                size="md"
                title={t("modal.title")}
                description={t("modal.description")}
                trigger={<Button size="lg">{t("hero.howItWorks")}</Button>}
                footer={
                  <ModalClose asChild>
                    <Button>{t("modal.done")}</Button>
                  </ModalClose>
                }
              >
                <ol className="flex flex-col gap-4">
                  {([1, 2, 3] as const).map((step) => (
                    <li key={step} className="flex gap-3">
                      <span
                        aria-hidden="true"
                        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
                      >
                        {step}
                      </span>
                      <div>
                        <p className="font-semibold">{t(`modal.step${step}Title`)}</p>
                        <p className="text-muted-foreground">{t(`modal.step${step}`)}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </Modal>
              <Button asChild size="lg" variant="secondary">
                <a href="#order-captchas">{t("hero.order")}</a>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              {t("hero.earnPrompt")}{" "}
              <Link
                to="/make-money-online"
                className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
              >
                {t("hero.earnLink")}
              </Link>
              {" · "}
              <Link
                to="/about"
                className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
              >
                {t("hero.about")}
              </Link>
            </p>
          </div>
          <dl
            aria-label={t("facts.label")}
            className="grid content-center gap-4 rounded-lg border border-border bg-background p-6"
          >
            <Fact
              value={t("facts.typesValue", { count: captchaTypes?.length ?? 0 })}
              label={t("facts.types")}
            />
            <Fact value={t("facts.compatibleValue")} label={t("facts.compatible")} />
            <Fact value={t("facts.languagesValue")} label={t("facts.languages")} />
          </dl>
        </div>
      </section>

      <Section labelledBy="types-title">
        <h2 id="types-title" className="text-2xl font-bold tracking-tight">
          {t("types.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("types.lead")}</p>
        {captchaTypes && captchaTypes.length === 0 ? (
          <p className="mt-8 text-muted-foreground">{t("types.empty")}</p>
        ) : (
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <TypeList title={t("types.image")} types={imageTypes} />
            <TypeList title={t("types.token")} types={tokenTypes} />
          </div>
        )}
      </Section>

      <Section tone="surface" labelledBy="tracks-title">
        <SectionHeading id="tracks-title" title={t("tracks.title")} lead={t("tracks.lead")} />
        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <Track
            id="track-customers"
            title={t("tracks.customers.title")}
            items={customerSteps.map((id) => ({
              id,
              title: t(`tracks.customers.steps.${id}.title`),
              text: t(`tracks.customers.steps.${id}.text`),
            }))}
            link={{ to: "/for-customer", label: t("tracks.customers.more") }}
          />
          <Track
            id="track-workers"
            title={t("tracks.workers.title")}
            items={workerSteps.map((id) => ({
              id,
              title: t(`tracks.workers.steps.${id}.title`),
              text: t(`tracks.workers.steps.${id}.text`),
            }))}
            link={{ to: "/make-money-online", label: t("tracks.workers.more") }}
          />
        </div>
      </Section>

      <Section labelledBy="api-title">
        <h2 id="api-title" className="text-2xl font-bold tracking-tight">
          {t("api.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("api.lead")}</p>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <CodeBlock title={t("api.submit")} language="bash" code={submitExample} copyLabel={t("api.copy")} />
          <CodeBlock title={t("api.poll")} language="bash" code={pollExample} copyLabel={t("api.copy")} />
        </div>
        <p className="mt-6">
          <Link
            to="/for-customer"
            className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
          >
            {t("api.more")}
          </Link>
        </p>
      </Section>

      <Section tone="surface" labelledBy="trust-title">
        <SectionHeading id="trust-title" title={t("trust.title")} lead={t("trust.lead")} />
        <FeatureGrid
          className="mt-10"
          variant="card"
          items={trustItems.map(({ id, icon }) => ({
            icon,
            title: t(`trust.items.${id}.title`),
            text: t(`trust.items.${id}.text`),
          }))}
        />
      </Section>

      <section id="order-captchas" aria-labelledby="order-title" className="scroll-mt-20">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <SectionHeading id="order-title" title={t("order.title")} lead={t("order.lead")} />
          <NumberedList
            className="mt-10"
            columns={3}
            items={orderSteps.map((id) => ({
              id,
              title: t(`order.steps.${id}.title`),
              text: t(`order.steps.${id}.text`),
            }))}
          />
          <p className="mt-10 max-w-3xl rounded-lg bg-primary-soft p-4 text-foreground">
            {t("order.pricing")}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/auth/register?userType=customer">{t("order.cta")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/for-customer">{t("order.more")}</Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <CtaBand
          aria-labelledby="workers-cta-title"
          title={<span id="workers-cta-title">{t("workersCta.title")}</span>}
          text={t("workersCta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/make-money-online">{t("workersCta.action")}</Link>
              </Button>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/jobs">{t("workersCta.jobs")}</Link>
              </Button>
            </>
          }
        />
      </div>
    </>
  )
}

function Track({
  id,
  title,
  items,
  link,
}: {
  id: string
  title: string
  items: { id: string; title: string; text: string }[]
  link: { to: string; label: string }
}) {
  return (
    <div className="flex flex-col gap-6 rounded-lg border border-border bg-background p-6">
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      <NumberedList headingLevel={4} items={items} />
      <p className="mt-auto">
        <Link
          to={link.to}
          className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
        >
          {link.label}
        </Link>
      </p>
    </div>
  )
}

function Fact({ value, label }: { value: string; label: string }) {
  return (
    // The number reads first on screen; <dt> must still come first in the markup.
    <div className="flex items-baseline gap-3">
      <dt className="order-2 text-muted-foreground">{label}</dt>
      <dd className="order-1 min-w-20 text-3xl font-bold text-primary">{value}</dd>
    </div>
  )
}

function TypeList({ title, types }: { title: string; types: CaptchaTypeSummary[] }) {
  const { t } = useTranslation(["home", "common"])
  return (
    <div className="rounded-lg border border-border bg-surface p-6">
      <h3 className="text-lg font-semibold">{title}</h3>
      <ul className="mt-4 flex flex-col divide-y divide-border">
        {types.map((type) => (
          <li key={type.code} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
            <span className="font-medium">{t(`common:captchaTypes.${type.code}`)}</span>
            <span className="text-sm text-muted-foreground">
              {t("types.deadline", { seconds: type.deadlineSeconds })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
