import type { ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { Combobox } from "../src/combobox"
import { ErrorState } from "../src/error-state"
import { Field } from "../src/field"
import { Link } from "../src/link"
import { ProgressSteps } from "../src/progress"
import { ProseHeading } from "../src/prose"
import { DesignSystemProvider } from "../src/provider"
import { catalog } from "../src/provider/messages"
import { splitMessage } from "../src/provider/provider"
import { RadioGroup } from "../src/radio-group"
import { RatingInput } from "../src/rating"
import { Slider } from "../src/slider"
import { Steps } from "../src/steps"
import { Tag } from "../src/tag"
import { TextInput } from "../src/text-input"

/** Server HTML without the comments React puts between adjacent texts. */
const render = (node: ReactNode) => renderToString(node).replaceAll("<!-- -->", "")

/** The opening tags carrying an attribute, e.g. every element with role="slider". */
const tagsWith = (html: string, attribute: string) =>
  Array.from(html.matchAll(new RegExp(`<[a-z]+[^>]*\\b${attribute}[^>]*>`, "g")), (match) => match[0])
const attr = (tag: string | undefined, name: string) =>
  tag === undefined ? undefined : new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

describe("Field labels in server-rendered HTML", () => {
  it("gives the label an id that non-labelable controls point at with aria-labelledby", () => {
    const html = render(
      <>
        <Field label="Payout frequency" id="frequency">
          <RadioGroup
            defaultValue="weekly"
            options={[
              { value: "daily", label: "Daily" },
              { value: "weekly", label: "Weekly" },
            ]}
          />
        </Field>
        <Field label="Minimum accuracy" id="accuracy">
          <Slider defaultValue={[90]} />
        </Field>
        <Field label="Accepted range" id="range">
          <Slider defaultValue={[20, 80]} />
        </Field>
        <Field label="Rate the support reply" id="rating">
          <RatingInput />
        </Field>
      </>,
    )
    expect(html).toContain('id="frequency-label"')
    expect(attr(tagsWith(html, 'role="radiogroup"')[0], "aria-labelledby")).toBe("frequency-label")

    const thumbs = tagsWith(html, 'role="slider"')
    expect(thumbs).toHaveLength(3)
    expect(attr(thumbs[0], "aria-labelledby")).toBe("accuracy-label")
    // Range thumbs: the Field's label, then "Minimum" / "Maximum".
    expect(attr(thumbs[1], "aria-labelledby")).toBe("range-label range-thumb-0")
    expect(attr(thumbs[2], "aria-labelledby")).toBe("range-label range-thumb-1")
    expect(html).toMatch(/id="range-thumb-0"[^>]*>Minimum</)
    expect(html).toMatch(/id="range-thumb-1"[^>]*>Maximum</)

    const rating = tagsWith(html, 'role="radiogroup"')[1]
    expect(attr(rating, "aria-labelledby")).toBe("rating-label")
    expect(attr(rating, "aria-label")).toBeUndefined()
  })

  it("keeps <label for> for text inputs and gives them no aria-labelledby", () => {
    const html = render(
      <Field label="Worker nickname" id="nickname">
        <TextInput defaultValue="night-owl-solver" />
      </Field>,
    )
    expect(html).toMatch(/<label[^>]*for="nickname"/)
    expect(html).toMatch(/<label[^>]*id="nickname-label"/)
    const input = tagsWith(html, 'id="nickname"')[0]
    expect(attr(input, "aria-labelledby")).toBeUndefined()
  })

  it("names a combobox's list with the Field's label but leaves the input to <label for>", () => {
    const html = render(
      <Field label="Country of payout" id="country">
        <Combobox options={[{ value: "id", label: "Indonesia" }]} aria-labelledby="extra" />
      </Field>,
    )
    expect(attr(tagsWith(html, 'role="listbox"')[0], "aria-labelledby")).toBe("country-label extra")
    expect(attr(tagsWith(html, 'role="combobox"')[0], "aria-labelledby")).toBe("extra")
  })

  it("adds the control's own aria-labelledby after the Field's label", () => {
    const html = render(
      <Field label="Payout frequency" id="frequency">
        <RadioGroup aria-labelledby="section-title" options={[{ value: "daily", label: "Daily" }]} />
      </Field>,
    )
    expect(attr(tagsWith(html, 'role="radiogroup"')[0], "aria-labelledby")).toBe(
      "frequency-label section-title",
    )
  })

  it("leaves controls outside a Field as they were given", () => {
    const html = render(<RadioGroup aria-label="Priority" options={[{ value: "a", label: "A" }]} />)
    const group = tagsWith(html, 'role="radiogroup"')[0]
    expect(attr(group, "aria-label")).toBe("Priority")
    expect(attr(group, "aria-labelledby")).toBeUndefined()
  })
})

describe("built-in texts as defaults", () => {
  it("names remove buttons, new-tab links, finished steps, details and heading anchors", () => {
    const html = render(
      <DesignSystemProvider locale="de" messages={catalog.de}>
        <Tag onRemove={() => {}}>Python</Tag>
        <Link href="https://example.com" target="_blank">
          API-Referenz
        </Link>
        <Steps steps={[{ title: "Konto" }, { title: "Guthaben" }]} current={1} />
        <ProgressSteps steps={["Konto", "Guthaben"]} current={1} />
        <ErrorState details="Request id: req_7f3a91c0e2b4" onRetry={() => {}} />
        <ProseHeading>Webhooks</ProseHeading>
      </DesignSystemProvider>,
    )
    expect(html).toContain('aria-label="Python entfernen"')
    expect(html).toContain("öffnet in einem neuen Tab")
    expect(html).toContain("(abgeschlossen)")
    expect(html).toContain(", abgeschlossen")
    expect(html).toMatch(/<summary[^>]*>Technische Details/)
    expect(html).toContain('aria-label="Link zum Abschnitt „Webhooks“"')
  })

  it("lets the props override or turn off the defaults", () => {
    const html = render(
      <>
        <Tag onRemove={() => {}} removeLabel="Remove the Python skill">
          Python
        </Tag>
        <Link href="https://example.com" target="_blank" newTabHint="">
          Docs
        </Link>
        <ErrorState details="Request id: req_1" detailsLabel={null} onRetry={() => {}} />
        <ProseHeading anchorLabel="Webhooks section">Webhooks</ProseHeading>
      </>,
    )
    expect(html).toContain('aria-label="Remove the Python skill"')
    expect(html).not.toContain("opens in a new tab")
    expect(html).not.toContain("<details")
    expect(html).toContain('aria-label="Webhooks section"')
  })

  it("splits a message around the slot shown as an element", () => {
    expect(splitMessage("Language: {name}", "name")).toEqual(["Language: ", ""])
    expect(splitMessage("「{title}」セクションへのリンク", "title")).toEqual(["「", "」セクションへのリンク"])
    expect(splitMessage("{count} of {max}", "count", { max: 5 })).toEqual(["", " of 5"])
  })
})
