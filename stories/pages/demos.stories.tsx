import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fireEvent, fn, userEvent, waitFor, within } from "storybook/test"
import { customerApi } from "@manyhands/contract/captcha"
import {
  captchaDemoApi,
  type DemoChallenge,
  type DemoInfo,
  type DemoList,
  type DemoToken,
} from "@manyhands/contract/captcha-demo"
import { DemoWidget } from "@manyhands/pages/demos/widget"
import { screens } from "@manyhands/pages/demos/screens"
import fixtures from "./demos-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

/*
 * The captcha demos (pages/src/demos) with answers our server gave: the list; a demo page solved end to end
 * (checkbox, picture grid, token, verification); each widget's states — a wrong answer and the next challenge, the
 * slider by keyboard, the text alternative, the invisible widget run by the form, a v3 score refused, the callback;
 * an image demo answered by keyboard; a page that does not exist; the page on a phone.
 */

const [{ default: Index }, { default: Demo }] = await Promise.all([screens.DemoIndex(), screens.Demo()])

const meta = {
  title: "Screens/Demos",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type Fixtures = Record<string, unknown>
const all = fixtures as Fixtures
const info = (slug: string) => all[slug] as DemoInfo
const challengeOf = (slug: string) => all[`${slug}:challenge`] as DemoChallenge
const answerOf = (slug: string) => all[`${slug}:answer`] as Record<string, unknown>
/** A token as the server issues it, alive for its lifetime from now (the widget empties it when it lapses). */
const tokenOf = (slug: string): DemoToken => ({
  ...(all[`${slug}:token`] as DemoToken),
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
})
const verdict = (success: boolean, reason: string | null, score: number | null = null) => ({
  success,
  reason,
  message: "",
  score,
  action: null,
  siteKey: null,
  issuedAt: null,
})

/** The server of a token demo: its challenge, its token for the right answer, its verifier. */
function tokenApi(slug: string, extra: StoryApi = {}): StoryApi {
  return {
    [on(captchaDemoApi.challenge, { slug })]: challengeOf(slug),
    [on(captchaDemoApi.solve, { slug })]: () => tokenOf(slug),
    [on(captchaDemoApi.verify, { slug })]: verdict(true, null),
    ...extra,
  }
}

const WidgetFrame = ({ slug, api }: { slug: string; api: StoryApi }) => (
  <Shell api={api}>
    <form className="p-6" aria-label="Demo form">
      <DemoWidget demo={info(slug)} />
    </form>
  </Shell>
)

/** /demo: the token captchas and the picture captchas, each a card to its page. */
export const List: Story = {
  name: "Demo list",
  render: () => (
    <Shell>
      <Index demoList={all.list as DemoList} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Captcha demos" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: /reCAPTCHA v2 with a callback/ })).toHaveAttribute(
      "href",
      "/demo/recaptcha-v2-callback",
    )
    await expect(
      canvas
        .getAllByRole("link", { name: /./ })
        .filter((link) => link.getAttribute("href")?.startsWith("/demo/")),
    ).toHaveLength(19)
  },
}

/**
 * /demo/recaptcha-v2 solved by hand: the box opens the picture grid, the right squares give a token in
 * g-recaptcha-response, and Check has the server verify it.
 */
export const SolvedAndVerified: Story = {
  name: "reCAPTCHA v2 page: solved and verified",
  render: () => (
    <Shell api={tokenApi("recaptcha-v2")}>
      <Demo demoPage={info("recaptcha-v2")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Check" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("checkbox", { name: "I'm not a robot" }))
    const challenge = await canvas.findByRole("region", { name: "Challenge" })
    for (const cell of answerOf("recaptcha-v2").cells as number[])
      await userEvent.click(within(challenge).getByRole("button", { name: new RegExp(`^Square ${cell},`) }))
    await userEvent.click(within(challenge).getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(canvas.getByRole("img", { name: "Verified" })).toBeVisible())
    const field = canvas
      .getByRole("form", { name: "Demo form" })
      .querySelector("textarea[name=g-recaptcha-response]")
    await expect(field).toHaveValue(tokenOf("recaptcha-v2").token)
    await userEvent.click(canvas.getByRole("button", { name: "Check" }))
    await waitFor(() => expect(canvas.getByText("The server accepted the response.")).toBeVisible())
    // Signed out, the API button is replaced by what it needs.
    await expect(
      canvas.getByText("Sign in as a customer to send this demo's task with your own API key."),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Solve with my API key" })).toBeNull()
  },
}

const sentToApi = fn((_body: unknown) => ({
  taskId: "90017",
  exchange: { request: "POST /in.php", response: "OK|90017" },
}))
const geetestFields = tokenOf("geetest").fields

/**
 * GeeTest solved with the customer's API key: the page's own task goes through in.php as theirs, a worker's answer
 * (GeeTest's fields as JSON) fills the widget, and Check verifies it.
 */
export const SolvedWithApiKey: Story = {
  name: "GeeTest page: solved with my API key",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={tokenApi("geetest", {
        [on(customerApi.test)]: (body: unknown) => sentToApi(body),
        [on(customerApi.testTask, { id: "90017" })]: {
          id: "90017",
          stage: "solved",
          answer: JSON.stringify({
            challenge: geetestFields.geetest_challenge,
            validate: geetestFields.geetest_validate,
            seccode: geetestFields.geetest_seccode,
          }),
          errorCode: null,
          cost: 2_990,
          currency: "USD",
          solveSeconds: 12.5,
          report: null,
          refunded: false,
          reportableUntil: null,
          exchange: { request: "GET /res.php", response: "OK|…" },
        },
      })}
    >
      <Demo demoPage={info("geetest")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Solve with my API key" }))
    await waitFor(() =>
      expect(sentToApi).toHaveBeenCalledWith({
        fields: expect.objectContaining({ method: "geetest", gt: info("geetest").siteKey }),
      }),
    )
    // The page asks for the task's progress a second after sending it (use-test-task-progress.ts): more than
    // findByText's default wait of one second from here.
    await expect(
      await canvas.findByText(/^Solved in 12\.5 s for \$0\.00299\./, {}, { timeout: 5_000 }),
    ).toBeVisible()
    await expect(await canvas.findByText("Solved through the API")).toBeVisible()
    const root = canvas.getByRole("form", { name: "Demo form" })
    for (const name of ["geetest_challenge", "geetest_validate", "geetest_seccode"])
      await waitFor(() => expect(root.querySelector(`input[name=${name}]`)).toHaveValue(geetestFields[name]))
    await userEvent.click(canvas.getByRole("button", { name: "Check" }))
    await waitFor(() => expect(canvas.getByText("The server accepted the response.")).toBeVisible())
  },
}

/** A wrong answer: the widget says so and shows the next challenge; the grid's text alternative is one press away. */
export const WrongAnswer: Story = {
  name: "Widget: a wrong answer, then the text alternative",
  render: () => (
    <WidgetFrame
      slug="recaptcha-v2"
      api={tokenApi("recaptcha-v2", {
        [on(captchaDemoApi.solve, { slug: "recaptcha-v2" })]: () => {
          throw refusal("That is not the answer", "WRONG_ANSWER", 422)
        },
      })}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("checkbox", { name: "I'm not a robot" }))
    const challenge = await canvas.findByRole("region", { name: "Challenge" })
    await userEvent.click(within(challenge).getByRole("button", { name: /^Square 1,/ }))
    await expect(within(challenge).getByRole("button", { name: /^Square 1,/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
    await userEvent.click(within(challenge).getByRole("button", { name: "Verify" }))
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent("That was not right. Here is another one."),
    )
    await userEvent.click(canvas.getByRole("button", { name: "Text challenge instead" }))
    await expect(canvas.getByText(/^Type the digits: /)).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "Your answer" })).toBeVisible()
  },
}

/** GeeTest's slider with the piece moved into its gap; the right place gives the three GeeTest fields. */
export const SliderInPlace: Story = {
  name: "Widget: GeeTest slider, the piece in its gap",
  render: () => <WidgetFrame slug="geetest" api={tokenApi("geetest")} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("checkbox", { name: "I'm not a robot" }))
    const slider = await canvas.findByRole("slider", { name: /Position of the piece/ })
    fireEvent.change(slider, { target: { value: String(answerOf("geetest").x) } })
    await expect(slider).toHaveValue(String(answerOf("geetest").x))
    await userEvent.click(canvas.getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(canvas.getByRole("img", { name: "Verified" })).toBeVisible())
    const root = canvas.getByRole("form", { name: "Demo form" })
    for (const name of ["geetest_challenge", "geetest_validate", "geetest_seccode"])
      await expect(root.querySelector(`input[name=${name}]`)).not.toHaveValue("")
  },
}

/** MTCaptcha's picture of characters with its written-out alternative (what its audio challenge reads). */
export const TextAlternative: Story = {
  name: "Widget: MTCaptcha picture and its text alternative",
  render: () => <WidgetFrame slug="mtcaptcha" api={tokenApi("mtcaptcha")} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("checkbox", { name: "I'm not a robot" }))
    await expect(await canvas.findByRole("img", { name: "Distorted characters" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Text challenge instead" }))
    await expect(canvas.getByText(/^Type these characters: /)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Back to the picture" })).toHaveAttribute(
      "aria-pressed",
      "true",
    )
  },
}

/** The invisible hCaptcha: no box; the form's Check runs execute(), the grid appears, the answer sends the form. */
export const InvisibleRunByTheForm: Story = {
  name: "Invisible hCaptcha page: the form runs the challenge",
  render: () => (
    <Shell api={tokenApi("hcaptcha-invisible")}>
      <Demo demoPage={info("hcaptcha-invisible")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("checkbox")).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Check" }))
    const challenge = await canvas.findByRole("region", { name: "Challenge" })
    for (const cell of answerOf("hcaptcha-invisible").cells as number[])
      await userEvent.click(within(challenge).getByRole("button", { name: new RegExp(`^Square ${cell},`) }))
    await userEvent.click(within(challenge).getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(canvas.getByText("The server accepted the response.")).toBeVisible())
  },
}

/** reCAPTCHA v3 executed at once scores low: the verifier refuses it and says why. */
export const ScoreRefused: Story = {
  name: "reCAPTCHA v3 page: a low score refused",
  render: () => (
    <Shell
      api={tokenApi("recaptcha-v3", {
        [on(captchaDemoApi.verify, { slug: "recaptcha-v3" })]: verdict(false, "LOW_SCORE", 0.3),
      })}
    >
      <Demo demoPage={info("recaptcha-v3")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("This page is scored in the background (no challenge).")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Check" }))
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent("The score is below what this demo accepts."),
    )
    await expect(canvas.getByRole("alert")).toHaveTextContent("Score 0.3.")
  },
}

/** The callback demo: the page's onDemoSolved() hears of the token, as a site's script would. */
export const Callback: Story = {
  name: "reCAPTCHA v2 callback: the page's function is called",
  render: () => (
    <Shell api={tokenApi("recaptcha-v2-callback")}>
      <Demo demoPage={info("recaptcha-v2-callback")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("The page waits for onDemoSolved() to be called.")).toBeVisible()
    await userEvent.click(canvas.getByRole("checkbox", { name: "I'm not a robot" }))
    const challenge = await canvas.findByRole("region", { name: "Challenge" })
    for (const cell of answerOf("recaptcha-v2-callback").cells as number[])
      await userEvent.click(within(challenge).getByRole("button", { name: new RegExp(`^Square ${cell},`) }))
    await userEvent.click(within(challenge).getByRole("button", { name: "Verify" }))
    await waitFor(() =>
      expect(canvas.getByText("The page's onDemoSolved() was called with the token.")).toBeVisible(),
    )
  },
}

/** The click captcha answered by keyboard: arrows move the cross, Space marks; its samples read captcha.png. */
export const ClickByKeyboard: Story = {
  name: "Click captcha page: points marked by keyboard",
  render: () => (
    <Shell
      api={{
        [on(captchaDemoApi.verify, { slug: "clickcaptcha" })]: verdict(false, "WRONG_ANSWER"),
        [on(captchaDemoApi.demo, { slug: "clickcaptcha" })]: info("clickcaptcha"),
      }}
    >
      <Demo demoPage={info("clickcaptcha")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const picture = canvas.getByRole("application", { name: "Picture to click on" })
    picture.focus()
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}{ArrowUp} ")
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight} ")
    await expect(canvas.getByText("2 points")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Undo last point" }))
    await expect(canvas.getByText("1 point")).toBeVisible()
    await expect(canvas.getByRole("link", { name: /Download this picture/ })).toHaveAttribute(
      "download",
      "captcha.png",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(canvas.getByRole("alert")).toHaveTextContent("The answer is wrong."))
  },
}

/** The rotate captcha on a phone: the picture turns by the buttons, the angle announced. */
export const RotateOnPhone: Story = {
  name: "Rotate captcha page on a phone",
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell>
      <Demo demoPage={info("rotatecaptcha")} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Turn right 15°" }))
    await userEvent.click(canvas.getByRole("button", { name: "Turn right 15°" }))
    await expect(canvas.getByText("Turned 30°")).toBeVisible()
  },
}

/** An address with no demo. */
export const NotFound: Story = {
  name: "No such demo",
  render: () => (
    <Shell>
      <Demo />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "No such demo" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "All demos" })).toHaveAttribute("href", "/demo")
  },
}
