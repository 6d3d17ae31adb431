import { renderToString } from "react-dom/server"
import { I18nextProvider, useTranslation } from "react-i18next"
import { describe, expect, it, vi } from "vitest"
import { createI18n, rememberLookups } from "../src/i18n"

const texts = {
  common: { hello: "Hello", greet: "Hello, {{name}}", nested: { title: "Pricing" } },
  pricing: { heading: "Prices per 1,000 captchas", shared: "$t(common:hello) again" },
}

function Page() {
  const { t } = useTranslation("pricing")
  const { t: common } = useTranslation()
  const parts = [
    t("heading"),
    t("shared"),
    common("nested.title"),
    common("greet", { name: "Ann" }),
    t("missing"),
  ]
  return <p>{parts.join(" · ")}</p>
}

/** One server render with its own i18next instance, as entry-server makes them. */
function render(owner: object, translations: typeof texts | Pick<typeof texts, "common"> = texts) {
  const state = { language: "en", translations }
  const i18n = createI18n(state)
  rememberLookups(i18n, owner, state)
  const lookups = vi.spyOn(i18n, "t")
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Page />
    </I18nextProvider>,
  )
  return { html, asked: lookups.mock.calls.map(([key]) => key) }
}

describe("rememberLookups", () => {
  it("answers a plain lookup from an earlier render with the same texts, and asks i18next for the rest", () => {
    const owner = {}
    const first = render(owner)
    expect(first.html).toBe("<p>Prices per 1,000 captchas · Hello again · Pricing · Hello, Ann · missing</p>")
    expect(first.asked).toEqual(["heading", "shared", "nested.title", "greet", "missing"])
    // The next render asks only for what has options: the same page.
    const second = render(owner)
    expect(second.html).toBe(first.html)
    expect(second.asked).toEqual(["greet"])
  })

  it("keeps apart what other texts or other loaded namespaces would answer", () => {
    const owner = {}
    render(owner)
    // Without the pricing namespace loaded, its keys are missing: nothing remembered from the full texts answers.
    const fewer = render(owner, { common: texts.common })
    expect(fewer.html).toBe("<p>heading · shared · Pricing · Hello, Ann · missing</p>")
    expect(fewer.asked).toEqual(["heading", "shared", "nested.title", "greet", "missing"])
    // Another keeper of texts (new texts after a restart of their source) starts with nothing remembered.
    expect(render({}).asked).toHaveLength(5)
  })
})
