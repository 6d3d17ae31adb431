import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { pushApi, type PushDevice, type PushDevices, type PushKey } from "@manyhands/contract/push"
import {
  PushBrowserProvider,
  type BrowserSubscription,
  type PushBrowser,
} from "@manyhands/pages/push/push-browser"
import { screens } from "@manyhands/pages/push/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, storyUser, type StoryApi } from "./story-shell"

/*
 * /kb/send-push-notification (pages/src/push): the article with the block that turns push on in this browser — in
 * a browser without the Push API (it says so), signed in and not subscribed (turned on for ticket answers and a
 * low balance below $5.00: the browser subscribes with the server's key and the subscription is stored), and
 * subscribed (this browser and another one of the account; the other removed). The browser's Push API is a
 * stand-in (PushBrowserProvider): Chromium here has no push service to reach.
 */

const { default: PushScreen } = await screens.PushKnowledgeBase()

const meta = {
  title: "Screens/Push notifications",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const key: PushKey = {
  enabled: true,
  publicKey: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
}
const thisBrowser: BrowserSubscription = {
  endpoint: "https://fcm.googleapis.com/fcm/send/dRk3x1-this-browser",
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
}
const device = (overrides: Partial<PushDevice> & Pick<PushDevice, "id" | "endpoint">): PushDevice => ({
  service: new URL(overrides.endpoint).host,
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Safari/537.36",
  topics: ["ticketReplies", "lowBalance"],
  lowBalanceBelow: 5_000_000,
  currency: "USD",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastSuccessAt: "2026-11-30T11:05:00.000Z",
  failures: 0,
  ...overrides,
})
const mine = device({ id: "31", endpoint: thisBrowser.endpoint })
const phone = device({
  id: "27",
  endpoint: "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm-phone",
  userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0",
  topics: ["ticketReplies"],
  createdAt: "2026-10-02T08:30:00.000Z",
  failures: 2,
})

/** A browser's Push API as the story decides: its permission and subscription. */
function standIn(permission: ReturnType<PushBrowser["permission"]>, subscribed: boolean) {
  let current = subscribed ? thisBrowser : null
  const browser: PushBrowser = {
    permission: () => permission,
    current: async () => current,
    subscribe: fn(async () => {
      current = thisBrowser
      return thisBrowser
    }),
    unsubscribe: fn(async () => {
      current = null
    }),
  }
  return browser
}

const page = (browser: PushBrowser, api: StoryApi) => (
  <Shell services={{ user: storyUser }} api={{ [on(pushApi.key)]: key, ...api }}>
    <PushBrowserProvider value={browser}>
      <PushScreen />
    </PushBrowserProvider>
  </Shell>
)

/** Safari on an iPhone, not from the home screen: no Push API, and the block says what to do. */
export const Unsupported: Story = {
  name: "Push: a browser without the Push API",
  render: () =>
    page(standIn("unsupported", false), {
      [on(pushApi.devices)]: { records: [], currency: "USD" } satisfies PushDevices,
    }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Browser push notifications" })).toBeVisible()
    const block = within(canvas.getByRole("region", { name: "Push notifications in this browser" }))
    await expect(await block.findByText("This browser cannot receive push notifications")).toBeVisible()
    await expect(block.getByText(/add the site to the home screen/)).toBeVisible()
    await expect(block.queryByRole("button", { name: "Turn on notifications" })).toBeNull()
    // The article: users' part and developers' part.
    for (const name of ["What you get", "Turn them on and off", "What is sent and stored", "Troubleshooting"])
      await expect(canvas.getByRole("heading", { level: 2, name })).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 3, name: "iPhone and iPad" })).toBeVisible()
    await expect(
      canvas.getByRole("heading", { level: 2, name: "For developers: how Web Push with VAPID works" }),
    ).toBeVisible()
    await expect(
      canvas.getByLabelText("The request a push service receives from us looks like this:"),
    ).toHaveTextContent(
      /Authorization: vapid t=.+, k=.+Content-Encoding: aes128gcm|Content-Encoding: aes128gcm.+Authorization: vapid t=/,
    )
  },
}

/** Signed in, not subscribed: both topics and a $5.00 threshold, turned on; the browser subscribes with our key. */
const notSubscribed = standIn("default", false)
const stored = fn((body: unknown) => body)
export const NotSubscribed: Story = {
  name: "Push: turned on in this browser",
  render: () =>
    page(notSubscribed, {
      [on(pushApi.devices)]: { records: [], currency: "USD" } satisfies PushDevices,
      [on(pushApi.subscribe)]: (body: unknown) => {
        const { endpoint, topics, lowBalanceBelow } = stored(body) as PushDevice
        return { ...mine, endpoint, topics, lowBalanceBelow }
      },
    }),
  play: async ({ canvas }) => {
    const block = within(canvas.getByRole("region", { name: "Push notifications in this browser" }))
    await expect(await block.findByText("Notifications are off in this browser.")).toBeVisible()
    const group = within(block.getByRole("group", { name: "Notify me about" }))
    await expect(group.getByRole("checkbox", { name: "Answers to my support tickets" })).toBeChecked()
    await expect(group.getByRole("checkbox", { name: "A low balance" })).toBeChecked()
    const threshold = block.getByRole("textbox", { name: "Alert when the balance falls below" })
    await userEvent.clear(threshold)
    await userEvent.type(threshold, "5")
    await userEvent.click(block.getByRole("button", { name: "Turn on notifications" }))
    await waitFor(() => expect(block.getByText("Notifications are on in this browser.")).toBeVisible())
    await expect(notSubscribed.subscribe).toHaveBeenCalledWith(key.publicKey)
    await expect(stored).toHaveBeenCalledWith({
      ...thisBrowser,
      topics: ["ticketReplies", "lowBalance"],
      lowBalanceBelow: 5_000_000,
    })
    await expect(block.getByText("Saved.")).toBeVisible()
    await expect(block.getByRole("button", { name: "Turn off in this browser" })).toBeEnabled()
  },
}

/** Subscribed here and on a phone: the list of the account's browsers; the phone removed. */
const removed = fn(() => null)
export const Subscribed: Story = {
  name: "Push: on in this browser and a phone",
  render: () =>
    page(standIn("granted", true), {
      [on(pushApi.devices)]: { records: [phone, mine], currency: "USD" } satisfies PushDevices,
      [on(pushApi.unsubscribe, { id: phone.id })]: () => removed(),
    }),
  play: async ({ canvas }) => {
    const block = within(canvas.getByRole("region", { name: "Push notifications in this browser" }))
    await expect(await block.findByText("Notifications are on in this browser.")).toBeVisible()
    await expect(block.getByRole("textbox", { name: "Alert when the balance falls below" })).toHaveValue(
      "5.00",
    )
    const list = within(block.getByRole("region", { name: "Your browsers with notifications on" }))
    const items = list.getAllByRole("listitem")
    await expect(items).toHaveLength(2)
    await expect(within(items[0]!).getByText("Firefox · Android")).toBeVisible()
    await expect(within(items[0]!).getByText(/2 failed deliveries/)).toBeVisible()
    await expect(within(items[1]!).getByText("This browser")).toBeVisible()
    await userEvent.click(list.getByRole("button", { name: "Remove Firefox · Android" }))
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(1))
    await expect(removed).toHaveBeenCalledOnce()
  },
}
