import { Trans, useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  CtaBand,
  FeatureGrid,
  GlobeIcon,
  KeyValueItem,
  KeyValueList,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, FaqSection, NumberedList, PageHero, SectionHeader } from "../shared/page-parts"

const popupRows = ["key", "autoSolve", "types", "delay"] as const
const features = ["detect", "autoSolve", "manual", "image", "token", "status"] as const
const installSteps = ["account", "key", "install", "connect", "solve"] as const
const settings = ["apiKey", "autoSolve", "types", "delay", "autoSubmit", "sites"] as const
const sends = ["params", "image", "key"] as const
const neverSends = ["cookies", "forms", "history"] as const
const faqIds = ["cost", "browsers", "incognito", "notDetected", "rules", "offline"] as const

const linkClass = "font-medium text-primary underline underline-offset-2 focus-ring"

/** /captcha-bypass-extension: the Chrome and Firefox extension that solves captchas with the user's API key. */
export default function CaptchaBypassExtensionScreen() {
  const { t } = useTranslation("extension")
  return (
    <>
      <PageHero
        id="extension-title"
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        lead={t("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=developer">{t("hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href="#extension-install">{t("hero.install")}</a>
            </Button>
          </>
        }
        media={
          <Card variant="elevated" className="mx-auto w-full max-w-sm text-left">
            <CardHeader
              action={
                <Badge tone="success" dot>
                  {t("popup.status")}
                </Badge>
              }
            >
              <CardTitle as="p" className="flex items-center gap-2">
                <GlobeIcon size={20} className="text-primary" />
                {t("popup.title")}
              </CardTitle>
            </CardHeader>
            <CardBody>
              <KeyValueList divided>
                {popupRows.map((id) => (
                  <KeyValueItem key={id} label={t(`popup.${id}.label`)} mono={id === "key"}>
                    {t(`popup.${id}.value`)}
                  </KeyValueItem>
                ))}
              </KeyValueList>
            </CardBody>
          </Card>
        }
      >
        {t("hero.note")}
      </PageHero>

      <Section labelledBy="extension-features">
        <SectionHeader id="extension-features" title={t("features.title")} lead={t("features.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={3}
          variant="card"
          items={features.map((id) => ({
            title: t(`features.items.${id}.title`),
            text: t(`features.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="extension-install">
        <SectionHeader id="extension-install" title={t("install.title")} lead={t("install.lead")} />
        <NumberedList
          className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3"
          items={installSteps.map((id) => ({
            id,
            title: t(`install.steps.${id}.title`),
            text: t(`install.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="extension-settings">
        <SectionHeader id="extension-settings" title={t("settings.title")} lead={t("settings.lead")} />
        <dl className="mt-8 divide-y divide-border rounded-lg border border-border bg-surface px-6">
          {settings.map((id) => (
            <div key={id} className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
              <dt className="font-semibold text-foreground">{t(`settings.items.${id}.name`)}</dt>
              <dd className="text-sm leading-relaxed text-muted-foreground">
                {t(`settings.items.${id}.text`)}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section tone="surface" labelledBy="extension-privacy">
        <SectionHeader id="extension-privacy" title={t("privacy.title")} lead={t("privacy.lead")} />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-lg border border-border bg-background p-6">
            <h3 className="text-lg font-semibold">{t("privacy.sends.title")}</h3>
            <CheckList items={sends.map((id) => ({ id, text: t(`privacy.sends.items.${id}`) }))} />
          </div>
          <div className="rounded-lg border border-border bg-background p-6">
            <h3 className="text-lg font-semibold">{t("privacy.never.title")}</h3>
            <ul className="mt-4 flex list-disc flex-col gap-3 pl-5 text-sm leading-relaxed text-foreground marker:text-muted-foreground">
              {neverSends.map((id) => (
                <li key={id}>{t(`privacy.never.items.${id}`)}</li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mt-6 max-w-3xl text-sm leading-relaxed text-muted-foreground">
          <Trans
            t={t}
            i18nKey="privacy.storage"
            components={[<Link key="privacy" to="/privacy-policy" className={linkClass} />]}
          />
        </p>
      </Section>

      <FaqSection
        id="extension-faq"
        title={t("faq.title")}
        items={faqIds.map((id) => ({
          id,
          question: t(`faq.items.${id}.question`),
          answer: (
            <Trans
              t={t}
              i18nKey={`faq.items.${id}.answer`}
              components={[
                <Link key="workaround" to="/captcha-workaround" className={linkClass} />,
                <Link key="pay" to="/captcha-workaround/pay" className={linkClass} />,
              ]}
            />
          ),
        }))}
      />

      <Section>
        <CtaBand
          aria-labelledby="extension-cta"
          title={<span id="extension-cta">{t("cta.title")}</span>}
          text={t("cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/auth/register?userType=developer">{t("cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/captcha-workaround">{t("cta.api")}</Link>
              </Button>
            </>
          }
        />
      </Section>
    </>
  )
}
