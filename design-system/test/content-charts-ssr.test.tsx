import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { AreaChart, BarChart, LineChart } from "../src/chart"
import { CodeBlock, loadCodeHighlighter } from "../src/code-block"
import { Callout, Prose, ProseHeading } from "../src/prose"
import { DesignSystemProvider } from "../src/provider"

const data = [
  { date: "2026-05-01", solved: 1204, failed: 31, spent: 361_20 },
  { date: "2026-05-02", solved: 1388, failed: null, spent: 416_40 },
  { date: "2026-05-03", solved: 997, failed: 18, spent: 299_10 },
]

describe("server rendering", () => {
  it("renders the charts without a browser", () => {
    const html = renderToString(
      <DesignSystemProvider locale="en">
        <LineChart
          title="Solved per day"
          data={data}
          x="date"
          series={[{ key: "solved", label: "Solved" }]}
        />
        <AreaChart
          title="Spend"
          data={data}
          x="date"
          format="currency"
          currency="USD"
          series={[{ key: "spent", label: "Spent" }]}
        />
        <BarChart
          stacked
          title="Tasks"
          data={data}
          x="date"
          series={[
            { key: "solved", label: "Solved" },
            { key: "failed", label: "Failed" },
          ]}
        />
      </DesignSystemProvider>,
    )
    expect(html).toContain('data-slot="line-chart"')
    expect(html).toContain('data-slot="area-chart"')
    expect(html).toContain('data-slot="bar-chart"')
    expect(html).toContain("$416.40")
    expect(html).toContain("Show as a table")
    // The same markup twice: nothing depends on the moment or the screen.
    expect(
      renderToString(
        <LineChart title="t" data={data} x="date" series={[{ key: "solved", label: "Solved" }]} />,
      ),
    ).toBe(
      renderToString(
        <LineChart title="t" data={data} x="date" series={[{ key: "solved", label: "Solved" }]} />,
      ),
    )
  })

  it("renders code and prose without a browser", async () => {
    await loadCodeHighlighter() // as the app's server does before rendering: code in colour from the first render
    const html = renderToString(
      <Prose>
        <ProseHeading>Send a captcha</ProseHeading>
        <Callout tone="warning">Keep your API key secret.</Callout>
        <CodeBlock
          snippets={[
            { language: "php", code: '$key = "YOUR_API_KEY";' },
            { language: "python", code: 'key = "YOUR_API_KEY"' },
          ]}
        />
      </Prose>,
    )
    expect(html).toContain('id="send-a-captcha"')
    expect(html).toContain('href="#send-a-captcha"')
    expect(html).toContain('role="note"')
    expect(html).toContain("text-danger-text")
  })
})
