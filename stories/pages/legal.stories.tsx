import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { screens } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"

const { default: LegalDocumentScreen } = await screens.LegalDocument()

const meta = {
  title: "Screens/Legal",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** /terms-of-service: contents with anchor links, then numbered sections. */
export const TermsOfService: Story = {
  render: () => <LegalDocumentScreen document="terms" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Terms of Service")
    await expect(canvas.getByText("21 November 2026")).toHaveAttribute("datetime", "2026-11-21")
    const contents = canvas.getByRole("navigation", { name: "Contents" })
    await expect(within(contents).getAllByRole("listitem")).toHaveLength(18)
    await expect(within(contents).getByRole("link", { name: "Acceptable use" })).toHaveAttribute(
      "href",
      "#acceptable-use",
    )
    await expect(canvas.getByRole("heading", { level: 2, name: "4. Acceptable use" })).toHaveAttribute(
      "id",
      "acceptable-use",
    )
    await expect(canvas.getByText(/credential stuffing/)).toBeVisible()
    const emails = canvas.getAllByRole("link", { name: "support@manyhands.dev" })
    await expect(emails[0]).toHaveAttribute("href", "mailto:support@manyhands.dev")
  },
}

/** /payment-policy: the same screen with another namespace; links to the other two documents at the end. */
export const PaymentPolicy: Story = {
  render: () => <LegalDocumentScreen document="payment-policy" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Payment Policy")
    await expect(canvas.getByRole("heading", { level: 2, name: "4. How charges work" })).toBeVisible()
    const related = canvas.getByRole("navigation", { name: "Related documents" })
    await expect(within(related).getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    )
    await expect(within(related).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    )
    await expect(within(related).queryByRole("link", { name: "Payment Policy" })).toBeNull()
  },
}

/** /privacy-policy (English only): the cookie table lists every cookie with its lifetime. */
export const PrivacyPolicy: Story = {
  render: () => <LegalDocumentScreen document="privacy" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Privacy Policy")
    const cookies = canvas.getByRole("table", { name: "Cookies set by the Manyhands website" })
    await expect(within(cookies).getAllByRole("row")).toHaveLength(13)
    const regReferrer = within(cookies).getByRole("rowheader", { name: "reg_referrer" }).closest("tr")!
    await expect(regReferrer).toHaveTextContent("3 days")
    await expect(canvas.getByText(/argon2id/)).toBeVisible()
  },
}
