import { describe, expect, it } from "vitest"
import { tokenize, tokenizeLines } from "../src/code-block/highlight"
import { codeLanguages, type CodeLanguage, type Token } from "../src/code-block/languages"

/** The tokens of one type, as text. */
const of = (tokens: Token[], type: Token["type"]) => tokens.filter((t) => t.type === type).map((t) => t.text)

const samples: Record<CodeLanguage, string> = {
  php: `<?php\n$key = "YOUR_API_KEY"; // from the dashboard\n$ch = curl_init("https://manyhands.dev/in.php");\necho json_decode($body)->request;`,
  python: `import requests\n\n# Send the captcha\nr = requests.post("https://manyhands.dev/in.php", data={"key": KEY, "json": 1})\nprint(f"id={r.json()['request']}") if r.ok else None`,
  csharp: `using var client = new HttpClient();\nvar url = $"https://manyhands.dev/res.php?key={key}&action=get&id={id}";\n/* poll every 5 s */\nawait Task.Delay(5000);`,
  java: `HttpClient client = HttpClient.newHttpClient(); // Java 11+\nString body = "key=" + key + "&method=userrecaptcha";\nint timeout = 120;`,
  go: 'resp, err := http.PostForm("https://manyhands.dev/in.php", url.Values{"key": {key}})\nif err != nil {\n\treturn nil, err\n}\nraw := `{"status":1}`',
  ruby: `require "net/http"\n# poll for the answer\nres = Net::HTTP.get_response(URI("https://manyhands.dev/res.php?id=#{id}"))\nputs res.body if res.is_a?(Net::HTTPSuccess)\nparams = { method: :post, json: 1 }`,
  javascript: `// Node 20\nconst res = await fetch("https://manyhands.dev/in.php", { method: "POST", body })\nconst { status, request } = await res.json()\nif (status !== 1) throw new Error(request)`,
  bash: `# Send an image captcha\ncurl -X POST https://manyhands.dev/in.php \\\n  -F "key=$MANYHANDS_KEY" \\\n  -F 'file=@captcha.png' --form json=1`,
  json: `{\n  "clientKey": "YOUR_API_KEY",\n  "task": { "type": "ImageToTextTask", "case": true, "minLength": 4, "comment": null }\n}`,
  http: `POST /in.php HTTP/1.1\nHost: manyhands.dev\nContent-Type: application/x-www-form-urlencoded\n\nkey=YOUR_API_KEY&method=base64&json=1`,
  text: `OK|2122988149`,
}

describe("tokenize", () => {
  it.each(codeLanguages)("keeps every character of %s", (language) => {
    const code = samples[language]
    expect(
      tokenize(code, language)
        .map((t) => t.text)
        .join(""),
    ).toBe(code)
  })

  it("never merges neighbours of the same type into separate tokens", () => {
    for (const language of codeLanguages) {
      const tokens = tokenize(samples[language], language)
      tokens.forEach((token, i) => expect(token.type).not.toBe(tokens[i + 1]?.type))
    }
  })

  it("finds PHP variables, strings, comments and the open tag", () => {
    const tokens = tokenize(samples.php, "php")
    expect(of(tokens, "keyword")).toEqual(expect.arrayContaining(["<?php", "echo"]))
    expect(of(tokens, "variable")).toEqual(expect.arrayContaining(["$key", "$ch", "$body"]))
    expect(of(tokens, "string")).toContain('"YOUR_API_KEY"')
    expect(of(tokens, "comment")).toContain("// from the dashboard")
    expect(of(tokens, "function")).toEqual(expect.arrayContaining(["curl_init", "json_decode"]))
  })

  it("reads Python prefixed strings, comments and literals", () => {
    const tokens = tokenize(samples.python, "python")
    expect(of(tokens, "comment")).toEqual(["# Send the captcha"])
    expect(of(tokens, "string")).toContain(`f"id={r.json()['request']}"`)
    expect(of(tokens, "literal")).toEqual(["None"])
    expect(of(tokens, "number")).toEqual(["1"])
    expect(of(tokens, "function")).toEqual(expect.arrayContaining(["post", "print"]))
  })

  it("reads C# interpolated strings and block comments", () => {
    const tokens = tokenize(samples.csharp, "csharp")
    expect(of(tokens, "string")[0]).toMatch(/^\$"https/)
    expect(of(tokens, "comment")).toEqual(["/* poll every 5 s */"])
    expect(of(tokens, "keyword")).toEqual(expect.arrayContaining(["using", "var", "new", "await"]))
    expect(of(tokens, "number")).toEqual(["5000"])
  })

  it("reads Go raw strings across lines and keeps tabs", () => {
    const tokens = tokenize(samples.go, "go")
    expect(of(tokens, "string")).toContain('`{"status":1}`')
    expect(of(tokens, "literal")).toContain("nil")
    expect(of(tokens, "keyword")).toEqual(expect.arrayContaining(["if", "return"]))
  })

  it("reads Ruby symbols and keeps #{} inside strings", () => {
    const tokens = tokenize(samples.ruby, "ruby")
    expect(of(tokens, "comment")).toEqual(["# poll for the answer"])
    expect(of(tokens, "string").some((s) => s.includes("#{id}"))).toBe(true)
    expect(of(tokens, "variable")).toContain(":post")
    expect(of(tokens, "keyword")).toEqual(expect.arrayContaining(["require", "puts", "if"]))
  })

  it("tells shell options, variables and a # inside a word apart", () => {
    const tokens = tokenize(samples.bash, "bash")
    expect(of(tokens, "comment")).toEqual(["# Send an image captcha"])
    expect(of(tokens, "variable")).toEqual(["-X", "-F", "-F", "--form"])
    expect(of(tokens, "string")).toEqual(['"key=$MANYHANDS_KEY"', "'file=@captcha.png'"])
    expect(tokenize("echo a#b", "bash").some((t) => t.type === "comment")).toBe(false)
  })

  it("does not colour words in a path as keywords", () => {
    const tokens = tokenize("curl https://manyhands.dev/in.php", "bash")
    expect(of(tokens, "keyword")).toEqual([])
  })

  it("marks JSON keys as properties and values as strings", () => {
    const tokens = tokenize(samples.json, "json")
    expect(of(tokens, "property")).toEqual([
      '"clientKey"',
      '"task"',
      '"type"',
      '"case"',
      '"minLength"',
      '"comment"',
    ])
    expect(of(tokens, "string")).toEqual(['"YOUR_API_KEY"', '"ImageToTextTask"'])
    expect(of(tokens, "literal")).toEqual(["true", "null"])
    expect(of(tokens, "number")).toEqual(["4"])
  })

  it("reads an HTTP request with a form body", () => {
    const tokens = tokenize(samples.http, "http")
    expect(of(tokens, "keyword")).toEqual(["POST"])
    expect(of(tokens, "string")[0]).toBe("/in.php")
    expect(of(tokens, "property")).toEqual(["Host", "Content-Type", "key", "method", "json"])
  })

  it("reads an HTTP response with a JSON body", () => {
    const tokens = tokenize(
      'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"status":1,"request":"2122988149"}',
      "http",
    )
    expect(of(tokens, "keyword")).toEqual(["HTTP/1.1"])
    expect(of(tokens, "number")).toEqual(["200", "1"])
    expect(of(tokens, "property")).toEqual(["Content-Type", '"status"', '"request"'])
  })

  it("treats a minus after a name as an operator, not a sign", () => {
    expect(of(tokenize("attempts-1", "javascript"), "number")).toEqual(["1"])
    expect(of(tokenize("x = -1", "javascript"), "number")).toEqual(["-1"])
  })

  it("survives unterminated strings and comments", () => {
    expect(tokenize('"never closed\nnext', "javascript").map((t) => t.type)).toEqual(["string", "plain"])
    expect(tokenize("/* open", "java")).toEqual([{ type: "comment", text: "/* open" }])
    expect(tokenize("", "php")).toEqual([])
    expect(tokenize("OK|2122988149", "text")).toEqual([{ type: "plain", text: "OK|2122988149" }])
  })
})

describe("tokenizeLines", () => {
  it("cuts multi-line tokens at line breaks", () => {
    const lines = tokenizeLines('a = """one\ntwo"""\n\nb = 1', "python")
    expect(lines).toHaveLength(4)
    expect(lines[0]!.at(-1)).toEqual({ type: "string", text: '"""one' })
    expect(lines[1]).toEqual([{ type: "string", text: 'two"""' }])
    expect(lines[2]).toEqual([])
  })
})
