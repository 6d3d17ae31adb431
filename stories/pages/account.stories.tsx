import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { screens, type AccountType } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell } from "./story-shell"

const { default: SelectRoleScreen } = await screens.SelectRole()

const meta = {
  title: "Screens/Account",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const choose = fn<(type: AccountType) => Promise<void>>(async () => {})
const goTo = fn<(href: string) => void>()

/** /select-role: a signed-in user without an account type chooses one; without return_to a worker goes to the cabinet. */
export const SelectRole: Story = {
  render: () => (
    <Shell services={{ chooseAccountType: choose, goTo }}>
      <SelectRoleScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("How will you use Manyhands?")
    await userEvent.click(canvas.getByRole("radio", { name: /Worker/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await waitFor(() => expect(choose).toHaveBeenCalledWith("worker"))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/cabinet"))
  },
}

/** Continue without a choice: the field says what is missing. */
export const SelectRoleMissingChoice: Story = {
  render: () => (
    <Shell services={{}}>
      <SelectRoleScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await expect(canvas.getByText("Choose one of the account types.")).toBeVisible()
  },
}

/** The server refused: its message is shown and the form stays usable. */
export const SelectRoleServerError: Story = {
  render: () => (
    <Shell
      services={{
        chooseAccountType: async () => {
          throw new Error("Your account type is already chosen.")
        },
      }}
    >
      <SelectRoleScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("radio", { name: /Customer/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await expect(await canvas.findByText("Your account type is already chosen.")).toBeVisible()
    await expect(canvas.getByText("Your choice was not saved")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Continue" })).toBeEnabled()
  },
}

/** A user who already has a type sees it and continues. */
export const SelectRoleAlreadyChosen: Story = {
  render: () => (
    <Shell services={{ accountType: "developer" }}>
      <SelectRoleScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Your account type is already chosen: Developer.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/enterpage")
  },
}
