import { renderToString } from "react-dom/server"
import { I18nextProvider, useTranslation } from "react-i18next"
import { describe, expect, it, vi } from "vitest"
import { createI18n, rememberLookups, serverI18n, type LooseGetFixedT } from "../src/i18n"

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
    // An option that is not a plain value: asked every time.
    t("heading", { postProcess: [] }),
  ]
  return <p>{parts.join(" · ")}</p>
}

type Texts = typeof texts | Pick<typeof texts, "common">

/** One server render with its own i18next instance, as entry-server makes them. */
function render(owner: object, translations: Texts = texts) {
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

const everyLookup = ["heading", "shared", "nested.title", "greet", "missing", "heading"]

describe("rememberLookups", () => {
  it("answers a lookup from an earlier render with the same texts, and asks i18next for the rest", () => {
    const owner = {}
    const first = render(owner)
    expect(first.html).toBe(
      "<p>Prices per 1,000 captchas · Hello again · Pricing · Hello, Ann · missing · Prices per 1,000 captchas</p>",
    )
    expect(first.asked).toEqual(everyLookup)
    // The next render asks only for what has an option that is not a plain value: the same page.
    const second = render(owner)
    expect(second.html).toBe(first.html)
    expect(second.asked).toEqual(["heading"])
    // Other plain values are other texts.
    const state = { language: "en", translations: texts }
    const i18n = createI18n(state)
    rememberLookups(i18n, owner, state)
    const t = (i18n.getFixedT as unknown as LooseGetFixedT)("en", "common", undefined, {
      scopeNs: ["common"],
    })
    expect([t("greet", { name: "Bo" }), t("greet", { name: "Ann" })]).toEqual(["Hello, Bo", "Hello, Ann"])
  })

  it("keeps apart what other texts or other loaded namespaces would answer", () => {
    const owner = {}
    render(owner)
    // Without the pricing namespace loaded, its keys are missing: nothing remembered from the full texts answers.
    const fewer = render(owner, { common: texts.common })
    expect(fewer.html).toBe("<p>heading · shared · Pricing · Hello, Ann · missing · heading</p>")
    expect(fewer.asked).toEqual(everyLookup)
    // Another keeper of texts (new texts after a restart of their source) starts with nothing remembered.
    expect(render({}).asked).toEqual(everyLookup)
  })
})

describe("serverI18n", () => {
  it("shares one instance per language and namespaces among renders, remembering lookups, at most 100", () => {
    const owner = {}
    const en = serverI18n(owner, { language: "en", translations: texts })
    expect(serverI18n(owner, { language: "en", translations: { ...texts } })).toBe(en)
    expect(serverI18n(owner, { language: "en", translations: { common: texts.common } })).not.toBe(en)
    expect(serverI18n({}, { language: "en", translations: texts })).not.toBe(en)
    expect(
      (en.getFixedT as unknown as LooseGetFixedT)("en", "pricing", undefined, { scopeNs: ["pricing"] })(
        "heading",
      ),
    ).toBe("Prices per 1,000 captchas")
    const asked = vi.spyOn(en, "t")
    expect(
      (en.getFixedT as unknown as LooseGetFixedT)("en", "pricing", undefined, { scopeNs: ["pricing"] })(
        "heading",
      ),
    ).toBe("Prices per 1,000 captchas")
    expect(asked).not.toHaveBeenCalled()
    // 100 other languages later the first is dropped; the one used since is kept.
    for (let n = 0; n < 99; n++) serverI18n(owner, { language: `l${n}`, translations: texts })
    const kept = serverI18n(owner, { language: "l0", translations: texts })
    serverI18n(owner, { language: "another", translations: texts })
    expect(serverI18n(owner, { language: "l0", translations: texts })).toBe(kept)
    expect(serverI18n(owner, { language: "en", translations: texts })).not.toBe(en)
  })
})
