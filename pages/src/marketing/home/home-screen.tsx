import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import type { CaptchaType } from "@manyhands/contract/captcha"
import type { CustomerPrices, PublicStatistics } from "@manyhands/contract/statistics"
import {
  Button,
  CodeBlock,
  FeatureGrid,
  onFirstUse,
  preload,
  reportLoadFailure,
  CheckIcon,
  EyeIcon,
  FileIcon,
  GlobeIcon,
  UserIcon,
  WalletIcon,
} from "@manyhands/design-system"
import {
  ctaTexts,
  heroTexts,
  iconItems,
  LinkButton,
  NumberedSteps,
  PageCta,
  PageHero,
  Panel,
  type Step,
  TextLink,
  titledItems,
  TitledSection,
} from "../../blocks"
import { LiveFigures } from "./live-figures"

export interface HomeScreenProps {
  /** GET /api/v1/captcha-types: the captcha types the API accepts, preloaded by the route. */
  captchaTypes?: CaptchaType[]
  /** GET /api/v2/public_statistics: the service's last 24 hours, preloaded by the route. */
  publicStatistics?: PublicStatistics
  /** GET /api/v2/customer/prices: the price list in the site's currency, preloaded by the route. */
  customerPrices?: CustomerPrices
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

export default function HomeScreen({ captchaTypes, publicStatistics, customerPrices }: HomeScreenProps) {
  const { t } = useTranslation(["home", "common"])
  const imageTypes = captchaTypes?.filter((type) => type.kind === "image") ?? []
  const tokenTypes = captchaTypes?.filter((type) => type.kind === "token") ?? []
  return (
    <>
      <PageHero
        id="hero-title"
        {...heroTexts(t, "hero")}
        action={<HowItWorksAction />}
        secondaryAction={{ href: "#order-captchas", label: t("hero.order") }}
        media={
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
        }
      >
        {t("hero.earnPrompt")} <TextLink to="/make-money-online">{t("hero.earnLink")}</TextLink>
        {" · "}
        <TextLink to="/about">{t("hero.about")}</TextLink>
      </PageHero>

      <LiveFigures statistics={publicStatistics} prices={customerPrices} />

      <TitledSection id="types-title" title={t("types.title")} lead={t("types.lead")}>
        {captchaTypes && captchaTypes.length === 0 ? (
          <p className="text-muted-foreground">{t("types.empty")}</p>
        ) : (
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <TypeList title={t("types.image")} types={imageTypes} />
            <TypeList title={t("types.token")} types={tokenTypes} />
          </div>
        )}
      </TitledSection>

      <TitledSection id="tracks-title" tone="surface" title={t("tracks.title")} lead={t("tracks.lead")}>
        <div className="grid gap-8 lg:grid-cols-2">
          <Track
            id="track-customers"
            title={t("tracks.customers.title")}
            items={titledItems(t, "tracks.customers.steps", customerSteps)}
            link={{ to: "/for-customer", label: t("tracks.customers.more") }}
          />
          <Track
            id="track-workers"
            title={t("tracks.workers.title")}
            items={titledItems(t, "tracks.workers.steps", workerSteps)}
            link={{ to: "/make-money-online", label: t("tracks.workers.more") }}
          />
        </div>
      </TitledSection>

      <TitledSection id="api-title" title={t("api.title")} lead={t("api.lead")}>
        <div className="grid gap-6 lg:grid-cols-2">
          <CodeBlock title={t("api.submit")} language="bash" code={submitExample} copyLabel={t("api.copy")} />
          <CodeBlock title={t("api.poll")} language="bash" code={pollExample} copyLabel={t("api.copy")} />
        </div>
        <p className="mt-6">
          <TextLink to="/for-customer">{t("api.more")}</TextLink>
        </p>
      </TitledSection>

      <TitledSection id="trust-title" tone="surface" title={t("trust.title")} lead={t("trust.lead")}>
        <FeatureGrid variant="card" items={iconItems(t, "trust.items", trustItems)} />
      </TitledSection>

      <TitledSection anchor="order-captchas" id="order-title" title={t("order.title")} lead={t("order.lead")}>
        <NumberedSteps columns={3} items={titledItems(t, "order.steps", orderSteps)} />
        <p className="mt-10 max-w-3xl rounded-lg bg-primary-soft p-4 text-foreground">
          {t("order.pricing")} <TextLink to="/pricing">{t("order.pricingLink")}</TextLink>
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LinkButton to="/auth/register?userType=customer">{t("order.cta")}</LinkButton>
          <LinkButton variant="secondary" to="/for-customer">
            {t("order.more")}
          </LinkButton>
        </div>
      </TitledSection>

      <PageCta
        id="workers-cta-title"
        {...ctaTexts(t, "workersCta")}
        action={{ to: "/make-money-online", label: t("workersCta.action") }}
        secondaryAction={{ to: "/jobs", label: t("workersCta.jobs") }}
      />
    </>
  )
}

/** One side of the marketplace: its steps and where to read more. */
function Track({
  id,
  title,
  items,
  link,
}: {
  id: string
  title: string
  items: Step[]
  link: { to: string; label: string }
}) {
  return (
    <Panel title={title} titleId={id} className="gap-6 bg-background">
      <NumberedSteps titleAs="h4" items={items} />
      <p className="mt-auto">
        <TextLink to={link.to}>{link.label}</TextLink>
      </p>
    </Panel>
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

function TypeList({ title, types }: { title: string; types: CaptchaType[] }) {
  const { t } = useTranslation(["home", "common"])
  return (
    <Panel title={title}>
      <ul className="flex flex-col divide-y divide-border">
        {types.map((type) => (
          <li key={type.code} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
            <span className="font-medium">{t(`common:captchaTypes.${type.code}`)}</span>
            <span className="text-sm text-muted-foreground">
              {t("types.deadline", { seconds: type.deadlineSeconds })}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

const howItWorks = onFirstUse(() => import("./how-it-works"))

/**
 * The hero's "How it works" button. Its window (Radix's dialog, about 12 KB) is fetched when the visitor first
 * points at, focuses or presses the button, and opens as soon as it is here; the button is the page's own
 * throughout, with the markup of a dialog's trigger.
 */
function HowItWorksAction() {
  const { t } = useTranslation("home")
  const [open, setOpen] = useState(false)
  const [part, setPart] = useState(howItWorks.loaded)
  const trigger = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open || part) return
    let asked = true
    howItWorks.load().then(
      (module) => asked && setPart(module),
      (error: unknown) => {
        // Not fetched (a new deploy, the network): the button is as it was, and its next press tries again.
        if (!asked) return
        setOpen(false)
        reportLoadFailure(error)
      },
    )
    return () => {
      asked = false
    }
  }, [open, part])
  return (
    <>
      <Button
        ref={trigger}
        size="lg"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        onPointerEnter={() => preload(howItWorks)}
        onFocus={() => preload(howItWorks)}
        onClick={() => {
          // A loaded window opens in this same update.
          if (!part && howItWorks.loaded) setPart(howItWorks.loaded)
          setOpen(true)
        }}
      >
        {t("hero.howItWorks")}
      </Button>
      {part ? <part.HowItWorksModal open={open} onOpenChange={setOpen} trigger={trigger} /> : null}
    </>
  )
}
