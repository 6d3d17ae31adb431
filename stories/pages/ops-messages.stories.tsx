import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  messagesApi,
  type BroadcastDetail,
  type BroadcastSummary,
  type MessageRecipient,
} from "@manyhands/contract/ops-messages"
import type { Page } from "@manyhands/contract"
import type { ShellUser } from "@manyhands/pages"
import { screens } from "@manyhands/pages/ops-messages/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: MessagesScreen }] = await Promise.all([screens.AdminMessages()])

const meta = {
  title: "Screens/System messages",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const admin: ShellUser = { ...storyUser, id: "1", email: "admin@example.com", permissions: { admin: true } }

const pending = () => new Promise<never>(() => {})
/** Ends a story on a clicked button without its focus ring in the screenshot. */
const blur = () => (document.activeElement as HTMLElement | null)?.blur()

const LIST = messagesApi.list.url()
const SEND = on(messagesApi.send)

const summary = (fields: Partial<BroadcastSummary>): BroadcastSummary => ({
  id: "12",
  title: "Maintenance on Sunday",
  audience: "accountType",
  accountType: "worker",
  recipientEmail: null,
  recipients: 1840,
  read: 1312,
  languages: ["en", "de", "ru", "zh"],
  senderEmail: "admin@example.com",
  createdAt: "2026-11-29T09:00:00Z",
  ...fields,
})

const sentPage: Page<BroadcastSummary> = {
  items: [
    summary({}),
    summary({
      id: "11",
      title: "Your invoice address",
      audience: "user",
      accountType: null,
      recipientEmail: "carlos.mendes@example.com.br",
      recipients: 1,
      read: 0,
      languages: ["en", "pt"],
      createdAt: "2026-11-27T16:20:00Z",
    }),
    summary({
      id: "10",
      title: "New prices for reCAPTCHA",
      audience: "users",
      accountType: null,
      recipients: 36,
      read: 36,
      languages: ["en"],
      senderEmail: null,
      createdAt: "2026-11-20T08:00:00Z",
    }),
  ],
  total: 3,
  page: 1,
  pageSize: 20,
}

const emptyPage: Page<BroadcastSummary> = { items: [], total: 0, page: 1, pageSize: 20 }

const readers: Page<MessageRecipient> = {
  items: [
    {
      userId: "1187",
      email: "mei.tanaka@example.jp",
      interfaceLanguage: "ja",
      readAt: "2026-11-29T09:14:00Z",
    },
    {
      userId: "2051",
      email: "carlos.mendes@example.com.br",
      interfaceLanguage: "pt",
      readAt: "2026-11-29T10:02:00Z",
    },
    { userId: "3302", email: "olena.k@example.ua", interfaceLanguage: "uk", readAt: null },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
}

const story =
  (data: Page<BroadcastSummary> | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: admin }} api={{ [`GET ${LIST}`]: data ?? pending, ...api }}>
      <MessagesScreen adminMessages={data} />
    </Shell>
  )

const sent = fn((body: unknown): BroadcastDetail => ({
  ...summary({ id: "13", title: "Welcome", read: 0, recipients: 1840, languages: ["en"] }),
  message: (body as { message: Record<string, string> }).message,
}))

/** The compose form over the messages sent, each with how many of its recipients read it. */
export const Messages: Story = {
  render: story(sentPage),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "System messages" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Sent messages" })
    const rows = within(table).getAllByRole("row")
    await expect(rows).toHaveLength(4)
    await expect(rows[1]).toHaveTextContent("Everyone: Workers")
    await expect(rows[1]).toHaveTextContent("1,312 of 1,840")
    await expect(rows[2]).toHaveTextContent("carlos.mendes@example.com.br")
    await expect(rows[3]).toHaveTextContent("a deleted account")
    await expect(canvas.getByRole("toolbar", { name: "Formatting" })).toBeVisible()
  },
}

/** Nothing sent yet. */
export const MessagesEmpty: Story = {
  render: story(emptyPage),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("No message sent yet")).toBeVisible()
  },
}

export const MessagesLoading: Story = {
  render: story(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "New message" })).toBeVisible()
  },
}

export const MessagesFailed: Story = {
  render: () => (
    <Shell
      services={{ user: admin }}
      api={{
        [`GET ${LIST}`]: () => {
          throw refusal("Only administrators can do this.", "FORBIDDEN", 403)
        },
      }}
    >
      <MessagesScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("The list could not be loaded")).toBeVisible()
  },
}

/** English and a label are required; nothing is sent without them. */
export const ComposeRequired: Story = {
  render: story(sentPage, { [SEND]: sent }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Send…" }))
    await expect(await canvas.findByText("Give the message a label.")).toBeVisible()
    await expect(canvas.getByText("Write the English text.")).toBeVisible()
    await expect(canvas.getByText("Enter an e-mail or an account ID.")).toBeVisible()
    await expect(sent).not.toHaveBeenCalled()
    blur()
  },
}

/**
 * To everyone of an account type: the editor's bold, a second language, the count of accounts it reaches, and
 * the confirmation before it goes.
 */
export const ComposeToAccountType: Story = {
  render: story(sentPage, {
    [SEND]: sent,
    [`GET ${messagesApi.audience.url(null, { accountType: "customer" })}`]: {
      accountType: "customer",
      count: 5210,
    },
    [`GET ${messagesApi.audience.url(null, { accountType: "worker" })}`]: {
      accountType: "worker",
      count: 1840,
    },
  }),
  play: async ({ canvas, step }) => {
    await userEvent.type(await canvas.findByRole("textbox", { name: /^Label/ }), "Welcome")
    const english = canvas.getByRole("textbox", { name: /Text in English/ })
    await step("English, with a bold word", async () => {
      await userEvent.click(english)
      await userEvent.keyboard("Hello and welcome.")
      // Select "Hello", then make it bold from the toolbar.
      const range = document.createRange()
      range.setStart(english.firstChild!, 0)
      range.setEnd(english.firstChild!, 5)
      window.getSelection()!.removeAllRanges()
      window.getSelection()!.addRange(range)
      await userEvent.click(canvas.getByRole("button", { name: "Bold" }))
      await expect(english.innerHTML).toContain("<b>Hello</b>")
    })
    await step("German too", async () => {
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Language" }), "German")
      const german = await canvas.findByRole("textbox", { name: /Text in German/ })
      await userEvent.click(german)
      await userEvent.keyboard("Hallo und willkommen.")
      await expect(canvas.getByText("Written in: English and German")).toBeVisible()
    })
    await step("to every worker", async () => {
      await userEvent.click(canvas.getByRole("radio", { name: "Everyone of an account type" }))
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Account type" }), "Workers")
      await expect(await canvas.findByText("Accounts it reaches now: 1,840")).toBeVisible()
    })
    const ask = canvas.getByRole("button", { name: "Send…" })
    await step("the focus starts on Cancel; Escape cancels, back to the button", async () => {
      await userEvent.click(ask)
      const asked = await screen.findByRole("alertdialog", { name: "Send the message?" })
      await waitFor(() => expect(within(asked).getByRole("button", { name: "Cancel" })).toHaveFocus())
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(ask).toHaveFocus())
      await expect(sent).not.toHaveBeenCalled()
    })
    await userEvent.click(ask)
    const dialog = await screen.findByRole("alertdialog", { name: "Send the message?" })
    await expect(dialog).toHaveAccessibleDescription(
      "“Welcome” goes to 1,840 accounts. It cannot be taken back.",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "Send now" }))
    await waitFor(() => expect(sent).toHaveBeenCalled())
    const body = sent.mock.calls[0]![0] as { message: Record<string, string> }
    await expect(body).toMatchObject({ title: "Welcome", audience: "accountType", accountType: "worker" })
    await expect(body.message.en).toContain("<b>Hello</b> and welcome.")
    await expect(body.message.de).toContain("Hallo und willkommen.")
    await expect(await canvas.findByText("“Welcome” sent. Recipients: 1,840.")).toBeVisible()
    blur()
  },
}

/** A list naming an account that does not exist: the server's refusal, at the field. */
export const ComposeUnknownRecipient: Story = {
  render: story(sentPage, {
    [SEND]: () => {
      throw refusal("No account is nobody@example.com.", "RECIPIENT_NOT_FOUND", 404, {
        users: "No account is nobody@example.com.",
      })
    },
  }),
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole("textbox", { name: /^Label/ }), "Prices")
    await userEvent.click(canvas.getByRole("textbox", { name: /Text in English/ }))
    await userEvent.keyboard("New prices from Monday.")
    await userEvent.click(canvas.getByRole("radio", { name: "A list of accounts" }))
    await userEvent.type(
      canvas.getByRole("textbox", { name: /E-mails or account IDs/ }),
      "mei.tanaka@example.jp, nobody@example.com",
    )
    await userEvent.click(canvas.getByRole("button", { name: "Send…" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Send the message?" })
    await expect(dialog).toHaveAccessibleDescription("“Prices” goes to 2 accounts. It cannot be taken back.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Send now" }))
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
    await expect((await canvas.findAllByText("No account is nobody@example.com.")).length).toBeGreaterThan(0)
    blur()
  },
}

/** Who read a message and when; the ones who have not yet. */
export const Readers: Story = {
  render: story(sentPage, {
    [`GET ${messagesApi.recipients.url({ id: "12" })}`]: readers,
    [`GET ${messagesApi.recipients.url({ id: "12" }, { state: "unread" })}`]: {
      ...readers,
      items: readers.items.slice(2),
      total: 1,
    },
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Readers: Maintenance on Sunday" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Readers of “Maintenance on Sunday”" }))
    await expect(await dialog.findByText("mei.tanaka@example.jp")).toBeVisible()
    await expect(dialog.getByText("Read by 1,312 of 1,840 recipients.")).toBeVisible()
    await userEvent.selectOptions(dialog.getByRole("combobox", { name: "Show" }), "Not read yet")
    await waitFor(() => expect(dialog.queryByText("mei.tanaka@example.jp")).toBeNull())
    await expect(dialog.getByText("olena.k@example.ua")).toBeVisible()
  },
}
