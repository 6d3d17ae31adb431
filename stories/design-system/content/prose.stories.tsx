import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { Callout, CodeBlock, Prose, ProseHeading, type CalloutTone } from "@manyhands/design-system"

/** A distorted-text captcha, drawn inline so the story needs no network. */
const captchaImage = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="100" viewBox="0 0 320 100">
  <rect width="320" height="100" fill="#e9edf5"/>
  <path d="M0 70 C60 20 120 90 180 40 S280 70 320 30" stroke="#8a94ab" stroke-width="3" fill="none"/>
  <path d="M0 35 C80 80 160 10 240 60 S300 40 320 65" stroke="#aab2c5" stroke-width="2" fill="none"/>
  <g font-family="DejaVu Sans Mono, monospace" font-size="46" font-weight="700" fill="#1f2535">
    <text x="34" y="66" transform="rotate(-12 50 60)">W</text>
    <text x="88" y="70" transform="rotate(9 100 60)">7</text>
    <text x="136" y="62" transform="rotate(-6 150 60)">k</text>
    <text x="184" y="72" transform="rotate(14 200 60)">Q</text>
    <text x="236" y="64" transform="rotate(-10 250 60)">2</text>
  </g>
</svg>`,
)}`

const sendExample = `curl -s https://manyhands.dev/in.php \\
  -F "key=$MANYHANDS_KEY" -F "method=post" -F "file=@captcha.png" -F "json=1"`

/** A docs page as the help centre renders it: components and plain HTML side by side. */
function Article() {
  return (
    <>
      <ProseHeading level={1} hideAnchor>
        Image captchas
      </ProseHeading>
      <p>
        Send the picture to <code>in.php</code>, wait while a worker reads it, then collect the text from{" "}
        <code>res.php</code>. Each solved captcha is charged to your balance; failed ones are free.
      </p>
      <ProseHeading>Send the image</ProseHeading>
      <p>
        Post the file as <code>multipart/form-data</code> with <code>method=post</code>, or as a base64 string
        with <code>method=base64</code>. Add <code>json=1</code> to get JSON back instead of{" "}
        <code>OK|73920541</code>. Your key is on the <a href="#api-key">API key page</a>.
      </p>
      <CodeBlock language="bash" code={sendExample} title="Request" />
      <ProseHeading level={3}>Parameters</ProseHeading>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Required</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>key</code>
            </td>
            <td>Yes</td>
            <td>Your API key.</td>
          </tr>
          <tr>
            <td>
              <code>method</code>
            </td>
            <td>Yes</td>
            <td>
              <code>post</code> for a file, <code>base64</code> for an encoded image.
            </td>
          </tr>
          <tr>
            <td>
              <code>numeric</code>
            </td>
            <td>No</td>
            <td>1 — digits only, 2 — letters only, 0 — anything (default).</td>
          </tr>
        </tbody>
      </table>
      <Callout title="Wait before the first check">
        <p>
          Most image captchas are solved in 5 to 12 seconds. Ask <code>res.php</code> after 5 seconds, then
          every 5 seconds; faster polling does not make workers faster.
        </p>
      </Callout>
      <ProseHeading>Get the answer</ProseHeading>
      <ol>
        <li>
          Call <code>res.php?action=get&amp;id=73920541</code>.
        </li>
        <li>
          While the answer reads <code>CAPCHA_NOT_READY</code>, wait and ask again.
        </li>
        <li>
          <strong>Report wrong answers</strong> with <code>action=reportbad</code>: the charge comes back to
          your balance.
        </li>
      </ol>
      <figure>
        <img src={captchaImage} width={320} height={100} alt="A distorted captcha reading W7kQ2" />
        <figcaption>What a worker sees. The answer sent back is “W7kQ2”.</figcaption>
      </figure>
      <blockquote>
        <p>We switched our checkout monitoring to Manyhands and the median wait dropped to nine seconds.</p>
      </blockquote>
      <Callout tone="warning" title="Keep your API key secret">
        <p>Anyone with the key can spend your balance. Regenerate it at once if it leaks.</p>
      </Callout>
    </>
  )
}

/** What a markdown renderer hands over: plain HTML, headings with ids from the renderer. */
const markdownHtml = `
<h2 id="rate-limits">Rate limits</h2>
<p>Each API key may send <strong>60 requests per second</strong> to <code>in.php</code> and <code>res.php</code> together. Above that the API answers <code>ERROR_TOO_MANY_REQUESTS</code>; press <kbd>Ctrl</kbd> + <kbd>R</kbd> in the dashboard to see the current rate.</p>
<ul>
  <li>Batch your <code>res.php</code> checks with <code>action=get&amp;ids=1,2,3</code>.</li>
  <li>Back off for 10 seconds after an error:
    <ul><li>the limit resets every second;</li><li>repeated errors block the key for a minute.</li></ul>
  </li>
</ul>
<table>
  <caption>Answers of in.php</caption>
  <thead><tr><th>Answer</th><th>Meaning</th><th>What to do</th><th>Charged</th></tr></thead>
  <tbody>
    <tr><td><code>OK|73920541</code></td><td>The captcha is queued with that id.</td><td>Poll res.php after five seconds.</td><td>When solved</td></tr>
    <tr><td><code>ERROR_ZERO_BALANCE</code></td><td>Your balance is empty.</td><td>Top up your balance in the dashboard.</td><td>No</td></tr>
    <tr><td><code>ERROR_NO_SLOT_AVAILABLE</code></td><td>Your maximum bid is below the current price.</td><td>Raise the bid or retry in five seconds.</td><td>No</td></tr>
  </tbody>
</table>
<pre><code>{"status":0,"request":"ERROR_TOO_MANY_REQUESTS"}</code></pre>
<dl>
  <dt>Soft id</dt><dd>Developers of tools that use Manyhands earn 10% of their users' spend.</dd>
</dl>
<hr>
<p>Last updated 14 May 2026.</p>`

const meta = {
  title: "Components/Content/Prose",
  component: Prose,
  parameters: { layout: "padded" },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
  args: { children: <Article /> },
  argTypes: { size: { control: "inline-radio", options: ["sm", "md"] } },
} satisfies Meta<typeof Prose>

export default meta
type Story = StoryObj<typeof meta>

/** A help-centre article: anchored headings, code, a table, callouts, a figure and a quote. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, step }) => {
    const heading = canvas.getByRole("heading", { level: 2, name: "Send the image" })
    await expect(heading).toHaveAttribute("id", "send-the-image")
    await step("the # link has a name and shows on keyboard focus", async () => {
      // The provider's "Link to the section “{title}”": not the same name as the heading it sits in.
      const anchor = canvas.getByRole("link", { name: "Link to the section “Send the image”" })
      await expect(anchor).toHaveAttribute("href", "#send-the-image")
      await expect(getComputedStyle(anchor).opacity).toBe("0")
      await userEvent.tab()
      await expect(anchor).toHaveFocus()
      await waitFor(() => expect(getComputedStyle(anchor).opacity).toBe("1"))
      anchor.blur()
    })
    await step("the h1 has no anchor", async () => {
      const title = canvas.getByRole("heading", { level: 1, name: "Image captchas" })
      await expect(within(title).queryByRole("link")).toBeNull()
    })
    await step("a component inside keeps its own look", async () => {
      const pre = canvasElement.querySelector<HTMLElement>("[data-slot=code-block] pre")!
      await expect(getComputedStyle(pre).marginTop).toBe("0px")
      await expect(getComputedStyle(pre).borderTopWidth).toBe("0px")
    })
    await expect(canvas.getAllByRole("note")).toHaveLength(2)
    await expect(canvas.getByRole("figure")).toContainElement(canvas.getByText(/What a worker sees/))
  },
}

/** The four tones, with and without a title. */
export const Callouts: Story = {
  args: {
    children: (
      <>
        <Callout tone="info" title="Answers arrive in about 9 seconds">
          <p>The median over the last 24 hours. Token captchas such as reCAPTCHA take 20 to 40 seconds.</p>
        </Callout>
        <Callout tone="success" title="Your key works">
          <p>
            <code>in.php</code> accepted a test captcha. Nothing was charged.
          </p>
        </Callout>
        <Callout tone="warning" title="The v1 JSON format ends on 1 September 2026">
          <p>
            Move to <a href="#createtask">createTask</a> before then; old requests will get{" "}
            <code>ERROR_WRONG_METHOD</code>.
          </p>
        </Callout>
        <Callout tone="danger">
          <p>Never put the API key in browser code: anyone can read it and spend your balance.</p>
        </Callout>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const notes = canvas.getAllByRole("note")
    await expect(notes.map((note) => note.dataset.tone)).toEqual(["info", "success", "warning", "danger"])
    await expect(within(notes[2]!).getByRole("link", { name: "createTask" })).toBeVisible()
  },
}

/** Plain HTML from a markdown renderer, styled by the wrapper alone. */
export const RenderedMarkdown: Story = {
  args: { children: undefined, dangerouslySetInnerHTML: { __html: markdownHtml } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { name: "Rate limits" })).toHaveAttribute("id", "rate-limits")
    const table = canvas.getByRole("table", { name: "Answers of in.php" })
    await expect(getComputedStyle(table).overflowX).toBe("auto")
    const code = canvasElement.querySelector<HTMLElement>("p code")!
    await expect(getComputedStyle(code).fontFamily).toMatch(/JetBrains Mono/)
    await expect(canvasElement.querySelectorAll("kbd")).toHaveLength(2)
  },
}

/** The small size for side panels and help popovers. */
export const Small: Story = {
  args: { size: "sm" },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.querySelector("[data-slot=prose]")).toHaveAttribute("data-size", "sm")
    const paragraph = canvas.getByText(/Send the picture to/)
    await expect(getComputedStyle(paragraph).fontSize).toBe("14px")
  },
}

/** The anchors' names are in the site language; `anchorLabel` replaces one. */
export const AnchorNamesRussian: Story = {
  globals: { locale: "ru" },
  args: {
    children: (
      <>
        <ProseHeading>Отправка изображения</ProseHeading>
        <p>Отправьте картинку методом createTask и сохраните номер задачи.</p>
        <ProseHeading anchorLabel="Ссылка на ответы сервера">Ответ</ProseHeading>
        <p>Через пять секунд запросите результат методом getTaskResult.</p>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const anchor = canvas.getByRole("link", { name: "Ссылка на раздел «Отправка изображения»" })
    await expect(anchor).toHaveAttribute("href", "#отправка-изображения")
    await expect(canvas.getByRole("link", { name: "Ссылка на ответы сервера" })).toHaveAttribute(
      "href",
      "#ответ",
    )
    await expect(canvas.getByRole("heading", { name: "Ответ" })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("note")).toHaveLength(2)
  },
}

/** On a phone a wide table scrolls sideways and becomes a tab stop so the keyboard can scroll it. */
export const Mobile: Story = {
  args: { children: undefined, dangerouslySetInnerHTML: { __html: markdownHtml } },
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Answers of in.php" })
    await expect(table.scrollWidth).toBeGreaterThan(table.clientWidth)
    await waitFor(() => expect(table).toHaveAttribute("tabindex", "0"))
  },
}

const tones: Record<CalloutTone, string> = {
  info: "Payouts are sent at 12:00 UTC",
  success: "Your payout is on its way",
  warning: "Your accuracy is close to the limit",
  danger: "Withdrawals are paused",
}

/** Both sizes with every element, and every callout tone, in one screenshot. */
export const Matrix: Story = {
  render: () => (
    <div className="grid gap-8 md:grid-cols-2">
      {(["sm", "md"] as const).map((size) => (
        <Prose key={size} size={size}>
          <ProseHeading id={`matrix-${size}`}>{`Size ${size}: withdraw your earnings`}</ProseHeading>
          <p>
            Workers can withdraw once they have earned <strong>$5.00</strong>. Payouts go out every day at{" "}
            <code>12:00 UTC</code>; see <a href="#payouts">payout methods</a>.
          </p>
          <ProseHeading level={3} id={`matrix-${size}-methods`}>
            Methods
          </ProseHeading>
          <ul>
            <li>USDT (TRC-20) — no fee</li>
            <li>Payeer — 1% fee</li>
          </ul>
          <blockquote>
            <p>Got my first payout the same day.</p>
          </blockquote>
          {(Object.keys(tones) as CalloutTone[]).map((tone) => (
            <Callout key={tone} tone={tone} title={tones[tone]}>
              <p>Your accuracy this week is 97.4%.</p>
            </Callout>
          ))}
        </Prose>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("note")).toHaveLength(8)
    await expect(canvas.getByRole("heading", { name: "Size sm: withdraw your earnings" })).toHaveAttribute(
      "id",
      "matrix-sm",
    )
  },
}
