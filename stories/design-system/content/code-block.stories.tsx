import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, spyOn, userEvent, waitFor, within } from "storybook/test"
import { CodeBlock, codeLanguages, type CodeSnippet } from "@manyhands/design-system"

/** Sending an image captcha to in.php, in every language the docs show. */
const sendCaptcha: CodeSnippet[] = [
  {
    language: "bash",
    title: "send-captcha.sh",
    code: `# Send an image captcha; the answer comes from res.php
curl -s https://manyhands.dev/in.php \\
  -F "key=$MANYHANDS_KEY" \\
  -F "method=post" \\
  -F "file=@captcha.png" \\
  -F "json=1"
# {"status":1,"request":"73920541"}`,
  },
  {
    language: "php",
    title: "send-captcha.php",
    code: `<?php
// Send an image captcha; the answer comes from res.php
$ch = curl_init("https://manyhands.dev/in.php");
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_POSTFIELDS => [
        "key" => getenv("MANYHANDS_KEY"),
        "method" => "base64",
        "body" => base64_encode(file_get_contents("captcha.png")),
        "json" => 1,
    ],
]);
$task = json_decode(curl_exec($ch), true);
echo $task["request"]; // 73920541`,
  },
  {
    language: "python",
    title: "send_captcha.py",
    code: `import base64, os, requests

# Send an image captcha; the answer comes from res.php
with open("captcha.png", "rb") as image:
    body = base64.b64encode(image.read()).decode()

task = requests.post("https://manyhands.dev/in.php", data={
    "key": os.environ["MANYHANDS_KEY"],
    "method": "base64",
    "body": body,
    "json": 1,
}).json()
print(task["request"])  # 73920541`,
  },
  {
    language: "csharp",
    title: "SendCaptcha.cs",
    code: `using var http = new HttpClient();
// Send an image captcha; the answer comes from res.php
var form = new FormUrlEncodedContent(new Dictionary<string, string>
{
    ["key"] = Environment.GetEnvironmentVariable("MANYHANDS_KEY"),
    ["method"] = "base64",
    ["body"] = Convert.ToBase64String(File.ReadAllBytes("captcha.png")),
    ["json"] = "1",
});
var response = await http.PostAsync("https://manyhands.dev/in.php", form);
Console.WriteLine(await response.Content.ReadAsStringAsync());`,
  },
  {
    language: "java",
    title: "SendCaptcha.java",
    code: `var client = HttpClient.newHttpClient();
// Send an image captcha; the answer comes from res.php
String image = Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of("captcha.png")));
String form = "key=" + System.getenv("MANYHANDS_KEY") + "&method=base64&json=1&body="
    + URLEncoder.encode(image, StandardCharsets.UTF_8);
var request = HttpRequest.newBuilder(URI.create("https://manyhands.dev/in.php"))
    .header("Content-Type", "application/x-www-form-urlencoded")
    .POST(HttpRequest.BodyPublishers.ofString(form))
    .build();
System.out.println(client.send(request, HttpResponse.BodyHandlers.ofString()).body());`,
  },
  {
    language: "go",
    title: "send_captcha.go",
    code: `// Send an image captcha; the answer comes from res.php
img, err := os.ReadFile("captcha.png")
if err != nil {
\treturn "", err
}
resp, err := http.PostForm("https://manyhands.dev/in.php", url.Values{
\t"key":    {os.Getenv("MANYHANDS_KEY")},
\t"method": {"base64"},
\t"body":   {base64.StdEncoding.EncodeToString(img)},
\t"json":   {"1"},
})`,
  },
  {
    language: "ruby",
    title: "send_captcha.rb",
    code: `require "net/http"
require "base64"
require "json"

# Send an image captcha; the answer comes from res.php
res = Net::HTTP.post_form(URI("https://manyhands.dev/in.php"),
  key: ENV["MANYHANDS_KEY"], method: "base64", json: 1,
  body: Base64.strict_encode64(File.binread("captcha.png")))
task = JSON.parse(res.body)
puts "Task #{task["request"]} is queued" if task["status"] == 1`,
  },
  {
    language: "javascript",
    title: "send-captcha.mjs",
    code: `import { readFile } from "node:fs/promises"

// Send an image captcha; the answer comes from res.php
const body = new URLSearchParams({
  key: process.env.MANYHANDS_KEY,
  method: "base64",
  body: (await readFile("captcha.png")).toString("base64"),
  json: "1",
})
const res = await fetch("https://manyhands.dev/in.php", { method: "POST", body })
const { status, request } = await res.json()
console.log(status === 1 ? \`Task \${request} is queued\` : \`Error: \${request}\`)`,
  },
]

const pollPython = `import time, requests

# Ask res.php every 5 seconds until the worker has answered
while True:
    time.sleep(5)
    answer = requests.get("https://manyhands.dev/res.php", params={
        "key": API_KEY, "action": "get", "id": task_id, "json": 1,
    }).json()
    if answer["request"] != "CAPCHA_NOT_READY":
        break
print(answer["request"])  # w9h5k`

const createTask = `{
  "clientKey": "YOUR_API_KEY",
  "task": {
    "type": "RecaptchaV2TaskProxyless",
    "websiteURL": "https://shop.example.com/login",
    "websiteKey": "6Lc_manyhands_demo_site_key_0000000000",
    "isInvisible": false
  },
  "callbackUrl": null,
  "softId": 4580
}`

const rawRequest = `POST /in.php HTTP/1.1
Host: manyhands.dev
Content-Type: application/x-www-form-urlencoded
Content-Length: 94

key=YOUR_API_KEY&method=userrecaptcha&googlekey=6Lc_manyhands_demo&pageurl=https://shop.example.com&json=1`

const meta = {
  title: "Components/Content/CodeBlock",
  component: CodeBlock,
  parameters: { layout: "padded" },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
  args: { onCopied: fn(), onLanguageChange: fn() },
  argTypes: {
    language: { control: "select", options: codeLanguages },
    size: { control: "inline-radio", options: ["sm", "md"] },
  },
} satisfies Meta<typeof CodeBlock>

export default meta
type Story = StoryObj<typeof meta>

/** One language with a file name; the copy button puts exactly the code on the clipboard. */
export const Default: Story = {
  args: { language: "python", code: pollPython, title: "poll_answer.py" },
  play: async ({ canvas, args, step }) => {
    const block = canvas.getByText("poll_answer.py").closest<HTMLElement>("[data-slot=code-block]")!
    await expect(block).toHaveAttribute("data-language", "python")
    await step("keywords, strings and comments are coloured", async () => {
      await expect(within(block).getByText("import")).toHaveClass("text-promo-text")
      await expect(within(block).getByText('"CAPCHA_NOT_READY"')).toHaveClass("text-success-text")
      await expect(within(block).getByText("# w9h5k")).toHaveClass("text-muted-foreground")
    })
    await step("copy", async () => {
      const write = spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined)
      const button = canvas.getByRole("button", { name: "Copy" })
      await userEvent.click(button)
      await expect(write).toHaveBeenCalledWith(pollPython)
      await expect(args.onCopied).toHaveBeenCalledTimes(1)
      write.mockRestore()
      await waitFor(() => expect(button).toHaveAttribute("data-state", "idle"), { timeout: 4000 })
    })
  },
}

/** One snippet per language: the tabs switch with a click or with the arrow keys (Radix Tabs). */
export const LanguageTabs: Story = {
  args: { snippets: sendCaptcha, tabsLabel: "Language of the example" },
  play: async ({ canvas, args, step }) => {
    const tabs = canvas.getByRole("tablist", { name: "Language of the example" })
    await expect(within(tabs).getAllByRole("tab")).toHaveLength(8)
    const curl = canvas.getByRole("tab", { name: "cURL" })
    await expect(curl).toHaveAttribute("aria-selected", "true")
    await expect(canvas.getByText("send-captcha.sh")).toBeVisible()
    await step("click a tab", async () => {
      await userEvent.click(canvas.getByRole("tab", { name: "Python" }))
      await expect(args.onLanguageChange).toHaveBeenLastCalledWith("python")
      await expect(canvas.getByRole("tabpanel")).toHaveTextContent("requests.post")
      await expect(canvas.getByText("send_captcha.py")).toBeVisible()
    })
    await step("arrow keys move between languages", async () => {
      await userEvent.keyboard("{ArrowRight}")
      await expect(canvas.getByRole("tab", { name: "C#" })).toHaveFocus()
      await expect(canvas.getByRole("tab", { name: "C#" })).toHaveAttribute("aria-selected", "true")
      await expect(canvas.getByRole("tabpanel")).toHaveTextContent("HttpClient")
      await userEvent.keyboard("{End}")
      await expect(canvas.getByRole("tab", { name: "JavaScript" })).toHaveAttribute("aria-selected", "true")
    })
    await step("the copy button copies the open language", async () => {
      const write = spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined)
      const button = canvas.getByRole("button", { name: "Copy" })
      await userEvent.click(button)
      await expect(write).toHaveBeenCalledWith(sendCaptcha[7]!.code)
      write.mockRestore()
      await waitFor(() => expect(button).toHaveAttribute("data-state", "idle"), { timeout: 4000 })
    })
    await step("Tab goes from the copy button to the open tab, then to the scrolling code", async () => {
      await userEvent.tab()
      await expect(canvas.getByRole("tab", { name: "JavaScript" })).toHaveFocus()
      await userEvent.tab()
      await expect(canvas.getByRole("tabpanel").querySelector("pre")).toHaveFocus()
    })
  },
}

/** Opens on a chosen language; the block remembers nothing between visits. */
export const DefaultLanguage: Story = {
  args: {
    snippets: sendCaptcha.map(({ title: _, ...snippet }) => snippet),
    defaultLanguage: "php",
    title: "Send a captcha",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("tablist", { name: "Send a captcha" })).toBeVisible()
    await expect(canvas.getByRole("tab", { name: "PHP" })).toHaveAttribute("aria-selected", "true")
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("curl_setopt_array")
  },
}

/** Line numbers sit in a gutter that is neither copied nor read aloud; marked lines stand out. */
export const LineNumbers: Story = {
  args: {
    language: "python",
    code: pollPython,
    title: "poll_answer.py",
    lineNumbers: true,
    highlightLines: [6, 7],
  },
  play: async ({ canvasElement }) => {
    const lines = canvasElement.querySelectorAll("[data-line]")
    await expect(lines).toHaveLength(11)
    await expect(lines[0]!.querySelector("[aria-hidden=true]")).toHaveTextContent("1")
    await expect(canvasElement.querySelectorAll("[data-highlighted]")).toHaveLength(2)
    await expect(lines[5]).toHaveAttribute("data-highlighted")
  },
}

/** The JSON v2 API; without a title the copy button floats in the corner. */
export const JsonWithoutTitle: Story = {
  args: { language: "json", code: createTask },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Copy" })).toBeVisible()
    await expect(canvas.getByText('"clientKey"')).toHaveClass("text-info-text")
    await expect(canvas.getByText("false")).toHaveClass("text-warning-text")
    await expect(canvas.getByText("4580")).toHaveClass("text-warning-text")
  },
}

/** A raw request to in.php: method, headers and the form body. */
export const HttpRequest: Story = {
  args: { language: "http", code: rawRequest, title: "Request" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("POST")).toHaveClass("text-promo-text")
    await expect(canvas.getByText("Content-Type")).toHaveClass("text-info-text")
    await expect(canvas.getByText("googlekey")).toHaveClass("text-info-text")
  },
}

/** Lines longer than the block scroll sideways; the code area takes keyboard focus to scroll. */
export const LongLines: Story = {
  args: {
    language: "bash",
    title: "res.php",
    code: `curl -s "https://manyhands.dev/res.php?key=$MANYHANDS_KEY&action=get&id=73920541&json=1&header_acao=1" # {"status":1,"request":"03AGdBq25SxXT-pmSeBXjzScW-EiocHwwpwqJRCAI7Xn"}`,
  },
  play: async ({ canvasElement }) => {
    const pre = canvasElement.querySelector<HTMLElement>("pre")!
    await expect(pre).toHaveAttribute("tabindex", "0")
    await expect(pre.scrollWidth).toBeGreaterThan(pre.clientWidth)
    await userEvent.tab()
    await userEvent.tab()
    await expect(pre).toHaveFocus()
  },
}

/** A server's answer in plain text: no colours, still copyable. */
export const PlainText: Story = {
  args: { language: "text", code: "OK|73920541", title: "in.php answer" },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.querySelector("code")).toHaveTextContent("OK|73920541")
    await expect(canvasElement.querySelectorAll("code span span")).toHaveLength(0)
    await expect(canvas.getByRole("button", { name: "Copy" })).toBeVisible()
  },
}

/** Small text for side panels; the copy button can say what it copies. */
export const Small: Story = {
  args: { language: "bash", code: sendCaptcha[0]!.code, size: "sm", copyLabel: "Copy command" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=code-block]")).toHaveAttribute("data-size", "sm")
    await expect(canvas.getByRole("button", { name: "Copy command" })).toBeVisible()
  },
}

/** An empty block still renders its frame and copy button (for code that is still loading). */
export const Empty: Story = {
  args: { language: "json", code: "", title: "response.json" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("[data-line]")).toHaveLength(1)
  },
}

export const Dark: Story = {
  args: { snippets: sendCaptcha, defaultLanguage: "go", title: "Send a captcha", lineNumbers: true },
  globals: { theme: "dark" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("tab", { name: "Go" })).toHaveAttribute("aria-selected", "true")
    await expect(canvas.getByRole("button", { name: "Copy" })).toBeVisible()
  },
}

/** On a phone the tabs scroll sideways and so does the code. */
export const Mobile: Story = {
  args: { snippets: sendCaptcha, tabsLabel: "Language of the example" },
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas, canvasElement }) => {
    const tabs = canvas.getByRole("tablist")
    await expect(tabs.scrollWidth).toBeGreaterThan(tabs.clientWidth)
    await userEvent.click(canvas.getByRole("tab", { name: "PHP" }))
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("CURLOPT_POSTFIELDS")
    const pre = canvasElement.querySelector<HTMLElement>("[role=tabpanel] pre")!
    await expect(pre.scrollWidth).toBeGreaterThan(pre.clientWidth)
  },
}

const matrixSamples: CodeSnippet[] = [
  ...sendCaptcha.map((snippet) => ({ ...snippet, code: snippet.code.split("\n").slice(0, 4).join("\n") })),
  { language: "json", code: createTask.split("\n").slice(0, 5).join("\n"), title: "createTask.json" },
  { language: "http", code: rawRequest.split("\n").slice(0, 3).join("\n"), title: "request.http" },
  { language: "text", code: "OK|73920541", title: "answer.txt" },
]

/** Every language, both sizes, with and without line numbers, in one screenshot. */
export const Matrix: Story = {
  render: () => (
    <div className="grid gap-4">
      {matrixSamples.map((snippet, index) => (
        <CodeBlock
          key={snippet.language}
          language={snippet.language}
          code={snippet.code}
          title={snippet.title}
          size={index % 2 ? "sm" : "md"}
          lineNumbers={index % 3 === 0}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const blocks = canvasElement.querySelectorAll("[data-slot=code-block]")
    await expect(blocks).toHaveLength(codeLanguages.length)
    await expect(new Set([...blocks].map((b) => b.getAttribute("data-language")))).toEqual(
      new Set(codeLanguages),
    )
  },
}
