import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { Breadcrumbs } from "../src/breadcrumbs"
import { Container } from "../src/container"
import { CtaBand } from "../src/cta-band"
import { Faq } from "../src/faq"
import { FeatureGrid } from "../src/feature-grid"
import { Footer } from "../src/footer"
import { Grid } from "../src/grid"
import { Header } from "../src/header"
import { Hero } from "../src/hero"
import { PriceList, PricingTable } from "../src/pricing-table"
import { DesignSystemProvider, siteLocales } from "../src/provider"
import { catalog } from "../src/provider/messages"
import { Sidebar } from "../src/sidebar"
import { Stack } from "../src/stack"
import { Steps } from "../src/steps"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../src/tabs"
import { Testimonial } from "../src/testimonial"

const languages = siteLocales.map((locale) => ({ locale, href: `/${locale}/` }))

describe("server rendering of navigation, layout and marketing blocks", () => {
  it("renders the header, footer and sidebar without a browser, in the page's language", () => {
    const html = renderToString(
      <DesignSystemProvider locale="de" messages={catalog.de}>
        <Header
          logo={<a href="/">Manyhands</a>}
          navigation={[
            { label: "API", href: "/api", active: true },
            { label: "Blog", href: "/blog" },
          ]}
          languages={languages}
          sticky
        />
        <Sidebar
          sections={[
            { title: "Geld", items: [{ label: "Auszahlungen", href: "/payouts", icon: null, badge: 1200 }] },
          ]}
        />
        <Footer languages={languages} legal="© 2026 Manyhands" />
      </DesignSystemProvider>,
    )
    expect(html).toContain('aria-current="page"')
    expect(html).toContain('href="#main"')
    expect(html).toContain('lang="de"')
    // Numbers follow the language: 1.200 in German.
    expect(html).toContain("1.200")
    for (const { href } of languages) expect(html).toContain(`href="${href}"`)
  })

  it("renders the navigation parts and the layout primitives", () => {
    const html = renderToString(
      <DesignSystemProvider locale="en">
        <Container size="sm">
          <Stack direction={{ base: "column", md: "row" }} gap={{ base: 2, lg: 6 }}>
            <Breadcrumbs items={[{ label: "Docs", href: "/docs" }, { label: "API" }]} />
            <Steps steps={[{ title: "Sign up" }, { title: "Top up" }]} current={1} />
          </Stack>
          <Grid columns={{ base: 1, md: 3 }}>
            <Tabs defaultValue="solved">
              <TabsList aria-label="Status">
                <TabsTrigger value="solved" count={2418}>
                  Solved
                </TabsTrigger>
              </TabsList>
              <TabsContent value="solved">Solved captchas</TabsContent>
            </Tabs>
          </Grid>
        </Container>
      </DesignSystemProvider>,
    )
    expect(html).toContain("flex-col md:flex-row gap-2 lg:gap-6")
    expect(html).toContain("grid-cols-1 md:grid-cols-3")
    expect(html).toContain("Step 2 of 2")
    expect(html).toContain("2,418")
  })

  it("renders the marketing blocks with money in minor units", () => {
    const html = renderToString(
      <DesignSystemProvider locale="en">
        <Hero title="Captchas solved by people" lead="Pay per solved captcha." />
        <FeatureGrid items={[{ title: "Drop-in for 2captcha", text: "Same endpoints." }]} />
        <PricingTable
          tiers={[
            { id: "payg", name: "Pay as you go", price: { amount: 99, currency: "USD" }, highlighted: true },
          ]}
        />
        <PriceList
          caption="Per 1000"
          columns={{ name: "Type", price: "Price" }}
          rows={[{ id: "image", name: "Image", price: { amount: 50, currency: "USD" } }]}
        />
        <Faq items={[{ question: "How do I pay?", answer: "From your balance." }]} headingLevel={2} />
        <Testimonial quote="Fast answers." author="Daniel Weber" />
        <CtaBand title="Start today" />
      </DesignSystemProvider>,
    )
    expect(html).toContain("$0.99")
    expect(html).toContain("$0.50")
    expect(html).toMatch(/<h2[^>]*>.*How do I pay\?/)
    expect(html).toContain("<h1")
  })
})
