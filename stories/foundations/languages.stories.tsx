import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import {
  Button,
  DesignSystemProvider,
  localeNames,
  Pagination,
  type SiteLocale,
  siteLocales,
  useFormatter,
  useMessages,
} from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

const meta = {
  title: "Foundations/Languages",
  parameters: { layout: "padded" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

function Row({ locale }: { locale: SiteLocale }) {
  const format = useFormatter()
  const { messages, t } = useMessages()
  return (
    <tr lang={locale} className="border-t border-border align-middle">
      <th scope="row" className="py-2 pr-4 text-left font-medium">
        {localeNames[locale]}
      </th>
      <td className="py-2 pr-4 tabular-nums">{format.money(1234567, "USD")}</td>
      <td className="py-2 pr-4 tabular-nums">{format.money(99900, "RUB")}</td>
      <td className="py-2 pr-4">{format.date("2026-11-21", "long")}</td>
      <td className="py-2 pr-4">{format.duration(3905)}</td>
      <td className="py-2 pr-4">{t("pageOf", { page: 3, total: 12 })}</td>
      <td className="py-2">
        <Button size="md" variant="secondary">
          {messages.copy}
        </Button>
      </td>
    </tr>
  )
}

/**
 * The 15 site languages side by side: money, dates and durations from Intl, built-in texts from the
 * provider. Chinese, Japanese, Korean and Thai need Debian's Noto CJK and Thai fonts (npm test installs them).
 */
export const AllLanguages: Story = {
  render: () => (
    <table className="text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          {["Language", "Money (USD)", "Money (RUB)", "Date", "Duration", "Pagination", "Button"].map(
            (heading) => (
              <th key={heading} scope="col" className="pb-2 pr-4 font-medium">
                {heading}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {siteLocales.map((locale) => (
          <DesignSystemProvider key={locale} locale={locale} messages={catalog[locale]}>
            <Row locale={locale} />
          </DesignSystemProvider>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("row")).toHaveLength(siteLocales.length + 1)
    await expect(canvas.getByRole("rowheader", { name: "ไทย" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "复制" })).toBeVisible()
  },
}

/** Pagination in Thai and Chinese, where the built-in texts meet the CJK and Thai fonts. */
export const ThaiAndChinese: Story = {
  render: () => (
    <div className="flex flex-col gap-6">
      {(["th", "zh"] as const).map((locale) => (
        <DesignSystemProvider key={locale} locale={locale} messages={catalog[locale]}>
          <div lang={locale}>
            <Pagination page={3} pageCount={12} onPageChange={() => {}} />
          </div>
        </DesignSystemProvider>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("navigation")).toHaveLength(2)
  },
}
