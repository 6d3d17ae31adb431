import type { Meta, StoryObj } from "@storybook/react-vite"
import type { ReactNode } from "react"
import { expect, userEvent } from "storybook/test"
import { Button } from "@manyhands/design-system"

const meta = {
  title: "Foundations/Tokens",
  parameters: { layout: "padded" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const colorGroups: { title: string; tokens: string[] }[] = [
  {
    title: "Surfaces and text",
    tokens: [
      "background",
      "surface",
      "surface-muted",
      "foreground",
      "muted-foreground",
      "border",
      "border-strong",
    ],
  },
  { title: "Primary", tokens: ["primary", "primary-hover", "primary-foreground", "primary-soft", "ring"] },
  {
    title: "Brand colours behind the button variants",
    tokens: ["earls-green", "alice-blue", "danger", "warning", "light", "gray", "success"],
  },
  {
    title: "Notice tones (soft background, border, text)",
    tokens: [
      "info-soft",
      "info-text",
      "success-soft",
      "success-text",
      "warning-soft",
      "warning-text",
      "danger-soft",
      "danger-text",
      "promo-soft",
      "promo-text",
    ],
  },
  { title: "Charts", tokens: ["chart-1", "chart-2", "chart-3", "chart-4", "chart-5", "chart-6"] },
]

function Swatches() {
  return (
    <div className="flex flex-col gap-6">
      {colorGroups.map((group) => (
        <section key={group.title}>
          <h3 className="mb-2 text-sm font-semibold">{group.title}</h3>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-3">
            {group.tokens.map((token) => (
              <li key={token} className="flex flex-col gap-1">
                <span
                  className="h-12 rounded-md border border-border"
                  style={{ background: `var(--mh-${token})` }}
                  aria-hidden="true"
                />
                <code className="font-mono text-xs">--mh-{token}</code>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function Themed({ theme, children }: { theme: "light" | "dark"; children: ReactNode }) {
  return (
    <div data-theme={theme} className="rounded-lg bg-background p-5 text-foreground">
      <h2 className="mb-4 text-lg font-semibold">{theme === "light" ? "Light theme" : "Dark theme"}</h2>
      {children}
    </div>
  )
}

/** Every colour token, in the light and the dark theme: the same variables, two sets of values. */
export const Colours: Story = {
  render: () => (
    <div className="grid gap-6 lg:grid-cols-2">
      <Themed theme="light">
        <Swatches />
      </Themed>
      <Themed theme="dark">
        <Swatches />
      </Themed>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("--mh-earls-green")).toHaveLength(2)
    await expect(canvas.getByText("Dark theme")).toBeVisible()
  },
}

const typeScale = ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl"] as const
const typeClasses: Record<(typeof typeScale)[number], string> = {
  xs: "text-xs",
  sm: "text-sm",
  base: "text-base",
  lg: "text-lg",
  xl: "text-xl",
  "2xl": "text-2xl",
  "3xl": "text-3xl",
  "4xl": "text-4xl",
  "5xl": "text-5xl",
}

/** The type scale (Inter from npm) and the monospace face for code. */
export const Typography: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      {typeScale.map((step) => (
        <div key={step} className="flex items-baseline gap-6">
          <code className="w-16 shrink-0 font-mono text-xs text-muted-foreground">text-{step}</code>
          <p className={typeClasses[step]}>Captchas solved by people</p>
        </div>
      ))}
      <div className="flex items-baseline gap-6">
        <code className="w-16 shrink-0 font-mono text-xs text-muted-foreground">font-mono</code>
        <p className="font-mono text-sm">GET /res.php?action=get&amp;id=73920541 → OK|w9h5k</p>
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("Captchas solved by people")).toHaveLength(typeScale.length)
  },
}

const spacingSteps = [1, 2, 3, 4, 6, 8, 12, 16, 24] as const
const spacingWidth: Record<(typeof spacingSteps)[number], string> = {
  1: "w-1",
  2: "w-2",
  3: "w-3",
  4: "w-4",
  6: "w-6",
  8: "w-8",
  12: "w-12",
  16: "w-16",
  24: "w-24",
}

/** Spacing steps are multiples of 0.25 rem; radii and shadows. */
export const SpacingRadiiShadows: Story = {
  render: () => (
    <div className="grid gap-10 md:grid-cols-3">
      <section>
        <h3 className="mb-3 text-sm font-semibold">Spacing (--spacing × n)</h3>
        <ul className="flex flex-col gap-2">
          {spacingSteps.map((step) => (
            <li key={step} className="flex items-center gap-3">
              <code className="w-8 font-mono text-xs">{step}</code>
              <span className={`h-3 rounded-sm bg-primary ${spacingWidth[step]}`} aria-hidden="true" />
              <span className="text-xs text-muted-foreground">{step * 4} px</span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-3 text-sm font-semibold">Radii</h3>
        <ul className="flex flex-wrap gap-4">
          {(["rounded-sm", "rounded-md", "rounded-lg", "rounded-full"] as const).map((radius) => (
            <li key={radius} className="flex flex-col items-center gap-2">
              <span
                className={`size-14 border border-border-strong bg-surface ${radius}`}
                aria-hidden="true"
              />
              <code className="font-mono text-xs">{radius}</code>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-3 text-sm font-semibold">Shadows</h3>
        <ul className="flex flex-wrap gap-5">
          {(["shadow-sm", "shadow-card", "shadow-popover", "shadow-overlay"] as const).map((shadow) => (
            <li key={shadow} className="flex flex-col items-center gap-2">
              <span className={`size-16 rounded-md bg-surface ${shadow}`} aria-hidden="true" />
              <code className="font-mono text-xs">{shadow}</code>
            </li>
          ))}
        </ul>
      </section>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("shadow-overlay")).toBeVisible()
  },
}

/** Stacking layers (lowest first) and the breakpoints of responsive utilities. */
export const LayersAndBreakpoints: Story = {
  render: () => (
    <div className="grid gap-10 md:grid-cols-2">
      <section>
        <h3 className="mb-3 text-sm font-semibold">Layers</h3>
        <table className="text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="pr-6 font-medium">Utility</th>
              <th className="pr-6 font-medium">z-index</th>
              <th className="font-medium">Used by</th>
            </tr>
          </thead>
          <tbody>
            {[
              ["z-sticky", "100", "sticky table headers"],
              ["z-header", "200", "site header"],
              ["z-dropdown", "1000", "menus, selects"],
              ["z-overlay", "1100", "modal and drawer backdrops"],
              ["z-modal", "1110", "modals, drawers"],
              ["z-popover", "1200", "popovers, date pickers"],
              ["z-toast", "1300", "toasts"],
              ["z-tooltip", "1400", "tooltips"],
            ].map(([utility, value, use]) => (
              <tr key={utility}>
                <td className="pr-6 font-mono text-xs">{utility}</td>
                <td className="pr-6 tabular-nums">{value}</td>
                <td className="text-muted-foreground">{use}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="mb-3 text-sm font-semibold">Breakpoints</h3>
        <table className="text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="pr-6 font-medium">Prefix</th>
              <th className="font-medium">From</th>
            </tr>
          </thead>
          <tbody>
            {[
              ["sm:", "640 px (40 rem)"],
              ["md:", "768 px (48 rem)"],
              ["lg:", "1024 px (64 rem)"],
              ["xl:", "1280 px (80 rem)"],
            ].map(([prefix, from]) => (
              <tr key={prefix}>
                <td className="pr-6 font-mono text-xs">{prefix}</td>
                <td>{from}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("z-tooltip")).toBeVisible()
  },
}

/** Keyboard focus shows one ring everywhere (`focus-ring`); pointer clicks do not. */
export const FocusRing: Story = {
  render: () => (
    <div className="flex gap-4">
      <Button variant="secondary">Before</Button>
      <Button>Focused by keyboard</Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Focused by keyboard" })).toHaveFocus()
  },
}
