import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  Container,
  CtaBand,
  Faq,
  FeatureGrid,
  Footer,
  Grid,
  Header,
  Hero,
  PriceList,
  PricingTable,
  Stack,
  Testimonial,
} from "@manyhands/design-system"
import {
  Logo,
  footerColumns,
  languageLinks,
  legalLinks,
  routerLink,
  siteNavigation,
} from "../navigation/story-content"
import {
  ApiSample,
  FiveStars,
  customerFeatures,
  faqItems,
  heroActions,
  priceColumns,
  priceRows,
  pricingTiers,
} from "./marketing-content"

/**
 * The blocks of this group put together: the API landing page of the public site. `short` leaves out
 * the features, plans, reviews and questions (a phone screenshot must stay under 4000 px).
 */
function LandingPage({ short = false }: { short?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header
        logo={<Logo />}
        navigation={siteNavigation}
        languages={languageLinks}
        renderLink={routerLink}
        collapseBelow="lg"
        actions={
          <>
            <Button variant="tertiary" asChild>
              <a href="/login">Log in</a>
            </Button>
            <Button asChild>
              <a href="/signup">Sign up</a>
            </Button>
          </>
        }
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Hero
          layout="split"
          tone="tinted"
          eyebrow="2captcha-compatible API"
          title="Captchas solved by people, in seconds"
          lead="Send reCAPTCHA, hCaptcha, Turnstile and image captchas to Manyhands and get answers from workers in 120 countries. Pay only for what is solved."
          actions={heroActions}
          media={<ApiSample />}
        >
          No subscription. From $0.50 per 1000 captchas.
        </Hero>
        {short ? null : (
          <Container asChild size="xl">
            <section aria-labelledby="why" className="flex flex-col gap-10 py-16">
              <h2 id="why" className="text-3xl font-bold tracking-tight">
                Why developers switch to Manyhands
              </h2>
              <FeatureGrid items={customerFeatures} />
            </section>
          </Container>
        )}
        <div className="bg-surface-muted">
          <Container asChild size="xl">
            <section aria-labelledby="prices" className="flex flex-col gap-10 py-16">
              <Stack gap={3} align="center" className="text-center">
                <h2 id="prices" className="text-3xl font-bold tracking-tight">
                  Prices
                </h2>
                <p className="max-w-2xl text-muted-foreground">
                  Pay per solved captcha from your balance. Volume plans lower every price.
                </p>
              </Stack>
              {short ? null : <PricingTable tiers={pricingTiers} />}
              <PriceList
                rows={priceRows}
                caption="Prices per 1000 solved captchas"
                columns={priceColumns}
                className="mx-auto max-w-4xl"
              />
            </section>
          </Container>
        </div>
        {short ? null : (
          <>
            <Container asChild size="xl">
              <section aria-labelledby="reviews" className="flex flex-col gap-10 py-16">
                <h2 id="reviews" className="text-3xl font-bold tracking-tight">
                  What customers and workers say
                </h2>
                <Grid asChild columns={{ base: 1, md: 3 }}>
                  <ul>
                    <li className="flex">
                      <Testimonial
                        className="w-full"
                        quote="We moved our price monitoring from 2captcha in an afternoon: we changed the host name and the key, nothing else."
                        author="Daniel Weber"
                        role="CTO, PriceWatch GmbH"
                        avatar="DW"
                      />
                    </li>
                    <li className="flex">
                      <Testimonial
                        className="w-full"
                        quote="Reported answers are refunded without arguing. That alone saved us money."
                        author="Carlos Méndez"
                        role="Founder, SEO Parser Pro"
                        avatar="CM"
                      />
                    </li>
                    <li className="flex">
                      <Testimonial
                        className="w-full"
                        quote="I solve captchas in the evenings and withdraw to USDT every Friday. Payouts have never been late."
                        author="Mai Tran"
                        role="Worker since 2023, Hanoi"
                        avatar="MT"
                        rating={<FiveStars />}
                      />
                    </li>
                  </ul>
                </Grid>
              </section>
            </Container>
            <Container asChild size="md">
              <section aria-labelledby="faq" className="flex flex-col gap-6 py-16">
                <h2 id="faq" className="text-3xl font-bold tracking-tight">
                  Questions about paying and solving
                </h2>
                <Faq items={faqItems} defaultValue="pay" />
              </section>
            </Container>
          </>
        )}
        <Container size="xl" className="pb-16">
          <CtaBand
            title="Start solving captchas in five minutes"
            text="Sign up, top up from $1 and send the first captcha with the code you already use for 2captcha."
            actions={
              <Button size="lg" variant="primary-light" asChild>
                <a href="/signup">Get an API key</a>
              </Button>
            }
          />
        </Container>
      </main>
      <Footer
        logo={<Logo />}
        about="People solve captchas and label data for businesses around the world."
        columns={footerColumns}
        languages={languageLinks}
        legal="© 2026 Manyhands OÜ, Tallinn, Estonia."
        legalLinks={legalLinks}
        renderLink={routerLink}
      />
    </div>
  )
}

const meta = {
  title: "Patterns/Landing page",
  component: LandingPage,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof LandingPage>

export default meta
type Story = StoryObj<typeof meta>

/** One banner, one main and one footer landmark; one h1, then h2 sections with h3 inside. */
export const Desktop: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("banner")).toHaveLength(1)
    await expect(canvas.getAllByRole("main")).toHaveLength(1)
    await expect(canvas.getAllByRole("contentinfo")).toHaveLength(1)
    await expect(canvas.getAllByRole("heading", { level: 1 })).toHaveLength(1)
    const main = canvas.getByRole("main")
    await expect(
      within(main)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      "Why developers switch to Manyhands",
      "Prices",
      "What customers and workers say",
      "Questions about paying and solving",
      "Start solving captchas in five minutes",
    ])
    // The skip link shows when focused and points at the main landmark (following it would leave the test page).
    await userEvent.tab()
    const skip = canvas.getByRole("link", { name: "Skip to content" })
    await expect(skip).toHaveFocus()
    await expect(skip.getBoundingClientRect().width).toBeGreaterThan(1)
    await expect(document.querySelector(skip.getAttribute("href") ?? "")).toBe(main)
    skip.blur()
  },
}

/** A phone, in the dark theme: the menu opens over the page and closes with Escape. */
export const MobileDark: Story = {
  args: { short: true },
  globals: { viewport: { value: "mobile" }, theme: "dark" },
  play: async ({ canvas }) => {
    const button = canvas.getByRole("button", { name: "Open menu" })
    await userEvent.click(button)
    await screen.findByRole("dialog", { name: "Main navigation" })
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await waitFor(() => expect(button).toHaveFocus())
    await expect(canvas.getByRole("table", { name: "Prices per 1000 solved captchas" })).toBeVisible()
    await expect(canvas.queryByRole("heading", { name: "Questions about paying and solving" })).toBeNull()
  },
}
