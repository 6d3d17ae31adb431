/*
 * The docs' code samples: complete programs in curl (bash) and seven languages, generated from one description
 * of the request, so every language sends the same fields. Each uses the language's standard library only (the
 * curl one: curl and jq), reads the server's address from API_URL (the host the reader is on) and the key from
 * API_KEY, and behaves the same way:
 *
 *   solve  sends a task (createTask, or in.php with json=1), prints "Task <id> sent", polls every POLL_SECONDS
 *          (getTaskResult, or res.php?action=get) until the answer comes: "Solved: <answer as JSON>", exit 0; an
 *          API error prints "<ERROR_CODE>: <description>" (version 1: the code) and exits 1; no answer within
 *          TIMEOUT_SECONDS prints "No answer within <n> s" and exits 1.
 *   call   one method: get-balance prints "Balance: <amount>"; get-task-result and the reports take the task id
 *          as their first argument and print the answer / "Reported"; get-pingback prints the registered addresses.
 *
 * server/test/docs-samples.test.ts runs every sample of every page against a listening server.
 */
import type { ApiVersion, SampleLanguage } from "@manyhands/contract/api-docs"

/** A file read from beside the program and sent as base64 (a list: as a list of one). */
export class FileRef {
  constructor(
    readonly file: string,
    readonly list = false,
  ) {}
}

export type SampleValue = string | number | boolean | FileRef | SampleValue[] | { [key: string]: SampleValue }
export type SampleObject = Record<string, SampleValue>

export type SampleCall =
  "get-balance" | "get-task-result" | "report-correct" | "report-incorrect" | "get-pingback"

export type SampleSpec =
  | {
      scenario: "solve"
      version: ApiVersion
      /** What the program solves, for its first comment line ("a reCAPTCHA v2"). */
      what: string
      /** Version 2: the task object. Version 1: the in.php fields (key and json are added). */
      fields: SampleObject
      timeoutSeconds: number
    }
  | { scenario: "call"; version: ApiVersion; call: SampleCall }

export interface GeneratedSample {
  language: SampleLanguage
  file: string
  code: string
}

export const POLL_SECONDS = 5

const FILES: Record<SampleLanguage, string> = {
  curl: "solve.sh",
  php: "solve.php",
  python: "solve.py",
  csharp: "Program.cs",
  java: "Solve.java",
  go: "main.go",
  ruby: "solve.rb",
  javascript: "solve.mjs",
}

const CALL_FILES: Record<SampleCall, string> = {
  "get-balance": "balance",
  "get-task-result": "result",
  "report-correct": "report",
  "report-incorrect": "report",
  "get-pingback": "pingback",
}

/** The file a sample is saved as: solve.py, balance.py, Balance.java … (Go: main.go in a folder of its own). */
export function sampleFile(language: SampleLanguage, spec: SampleSpec): string {
  const base = FILES[language]
  if (spec.scenario === "solve" || language === "go" || language === "csharp") return base
  const name = CALL_FILES[spec.call]
  return language === "java" ? `${name[0]!.toUpperCase()}${name.slice(1)}.java` : base.replace("solve", name)
}

/** Version 2's method and version 1's res.php action of each call. */
const CALLS: Record<SampleCall, { v2?: string; action: string }> = {
  "get-balance": { v2: "getBalance", action: "getbalance" },
  "get-task-result": { v2: "getTaskResult", action: "get" },
  "report-correct": { v2: "reportCorrect", action: "reportgood" },
  "report-incorrect": { v2: "reportIncorrect", action: "reportbad" },
  "get-pingback": { action: "get_pingback" },
}

const takesId = (call: SampleCall) => call !== "get-balance" && call !== "get-pingback"

/** The line a call program ends with: the balance, the answer it got (result, pingbacks), or "Reported". */
const callOutput = (call: SampleCall, lines: { balance: string; result: string; reported: string }) =>
  call === "get-balance"
    ? lines.balance
    : call === "report-correct" || call === "report-incorrect"
      ? lines.reported
      : lines.result

// ---- literals ----------------------------------------------------------------------------------------------

const quote = (text: string) => JSON.stringify(text)
const single = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`

interface LiteralStyle {
  string: (text: string) => string
  number?: (value: number) => string
  boolean: (value: boolean) => string
  file: (ref: FileRef) => string
  list: (items: string[], indent: string) => string
  object: (entries: [string, string][], indent: string) => string
}

function literal(value: SampleValue, style: LiteralStyle, indent = ""): string {
  if (value instanceof FileRef) return style.file(value)
  if (typeof value === "string") return style.string(value)
  if (typeof value === "number") return style.number ? style.number(value) : String(value)
  if (typeof value === "boolean") return style.boolean(value)
  const inner = `${indent}    `
  if (Array.isArray(value))
    return style.list(
      value.map((item) => literal(item, style, inner)),
      indent,
    )
  return style.object(
    Object.entries(value).map(([key, item]) => [key, literal(item, style, inner)]),
    indent,
  )
}

const block = (open: string, close: string, lines: string[], indent: string) =>
  lines.length === 0
    ? `${open}${close}`
    : `${open}\n${lines.map((line) => `${indent}    ${line},`).join("\n")}\n${indent}${close}`
const inline = (open: string, close: string, items: string[]) => `${open}${items.join(", ")}${close}`

const STYLES: Record<Exclude<SampleLanguage, "curl">, LiteralStyle> = {
  python: {
    string: quote,
    boolean: (value) => (value ? "True" : "False"),
    file: (ref) => (ref.list ? `[file_base64(${quote(ref.file)})]` : `file_base64(${quote(ref.file)})`),
    list: (items) => inline("[", "]", items),
    object: (entries, indent) =>
      block(
        "{",
        "}",
        entries.map(([key, value]) => `${quote(key)}: ${value}`),
        indent,
      ),
  },
  javascript: {
    string: quote,
    boolean: String,
    file: (ref) => (ref.list ? `[fileBase64(${quote(ref.file)})]` : `fileBase64(${quote(ref.file)})`),
    list: (items) => inline("[", "]", items),
    object: (entries, indent) =>
      block(
        "{",
        "}",
        entries.map(([key, value]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ${value}`),
        indent,
      ),
  },
  php: {
    string: single,
    boolean: String,
    file: (ref) => (ref.list ? `[file_base64(${single(ref.file)})]` : `file_base64(${single(ref.file)})`),
    list: (items) => inline("[", "]", items),
    object: (entries, indent) =>
      block(
        "[",
        "]",
        entries.map(([key, value]) => `${single(key)} => ${value}`),
        indent,
      ),
  },
  ruby: {
    string: quote,
    boolean: String,
    file: (ref) => (ref.list ? `[file_base64(${quote(ref.file)})]` : `file_base64(${quote(ref.file)})`),
    list: (items) => inline("[", "]", items),
    object: (entries, indent) =>
      block(
        "{",
        "}",
        entries.map(([key, value]) => `${quote(key)} => ${value}`),
        indent,
      ),
  },
  go: {
    string: quote,
    boolean: String,
    file: (ref) => (ref.list ? `[]any{fileBase64(${quote(ref.file)})}` : `fileBase64(${quote(ref.file)})`),
    list: (items) => inline("[]any{", "}", items),
    object: (entries, indent) =>
      block(
        "map[string]any{",
        "}",
        entries.map(([key, value]) => `${quote(key)}: ${value}`),
        indent,
      ),
  },
  java: {
    string: quote,
    boolean: String,
    file: (ref) => (ref.list ? `List.of(fileBase64(${quote(ref.file)}))` : `fileBase64(${quote(ref.file)})`),
    list: (items) => inline("List.of(", ")", items),
    object: (entries, indent) =>
      entries.length === 0
        ? "map()"
        : `map(\n${entries.map(([key, value], index) => `${indent}    ${quote(key)}, ${value}${index < entries.length - 1 ? "," : ""}`).join("\n")}\n${indent})`,
  },
  csharp: {
    string: quote,
    boolean: (value) => (value ? "true" : "false"),
    file: (ref) =>
      ref.list ? `new object[] { FileBase64(${quote(ref.file)}) }` : `FileBase64(${quote(ref.file)})`,
    list: (items) => inline("new object[] { ", " }", items),
    object: (entries, indent) =>
      block(
        "new Dictionary<string, object>\n" + indent + "{",
        "}",
        entries.map(([key, value]) => `[${quote(key)}] = ${value}`),
        indent,
      ),
  },
}

/** jq's object syntax: files become $variables given with --arg. */
function jqLiteral(value: SampleValue, files: Map<string, string>, indent = ""): string {
  if (value instanceof FileRef) {
    const name = files.get(value.file) ?? `file${files.size + 1}`
    files.set(value.file, name)
    return value.list ? `[$${name}]` : `$${name}`
  }
  if (typeof value !== "object") return JSON.stringify(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) return `[${value.map((item) => jqLiteral(item, files, inner)).join(", ")}]`
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${quote(key)}: ${jqLiteral(item, files, inner)}`,
  )
  return entries.length === 0 ? "{}" : `{\n${entries.join(",\n")}\n${indent}}`
}

/** in.php fields are text: numbers and flags as their digits, objects as JSON. */
function formValue(value: SampleValue): SampleValue {
  if (typeof value === "boolean") return value ? "1" : "0"
  if (typeof value === "number") return String(value)
  // A list of files is comma-joined base64: one file is just its base64.
  if (value instanceof FileRef) return new FileRef(value.file)
  if (typeof value === "string") return value
  return JSON.stringify(value)
}

const formFields = (fields: SampleObject): SampleObject =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, formValue(value)]))

const hasFiles = (value: SampleValue): boolean =>
  value instanceof FileRef || (typeof value === "object" && Object.values(value).some(hasFiles))

// ---- the programs ------------------------------------------------------------------------------------------

interface Context {
  base: string
  spec: SampleSpec
  title: string
}

function title(spec: SampleSpec): string {
  if (spec.scenario === "solve")
    return `Solves ${spec.what} through Manyhands (${spec.version === 2 ? "API v2: createTask, getTaskResult" : "in.php and res.php"}).`
  const method = spec.version === 2 ? CALLS[spec.call].v2! : `res.php?action=${CALLS[spec.call].action}`
  const what: Record<SampleCall, string> = {
    "get-balance": "Prints your balance",
    "get-task-result": "Prints the result of the task whose id is the first argument",
    "report-correct": "Reports the answer of the task whose id is the first argument as correct",
    "report-incorrect": "Reports the answer of the task whose id is the first argument as wrong",
    "get-pingback": "Prints the pingback addresses registered for your key",
  }
  return `${what[spec.call]} (${method}).`
}

function python({ base, spec, title }: Context): string {
  const head = [
    `# ${title}`,
    "import base64, json, sys, time, urllib.parse, urllib.request",
    "",
    `API_URL = ${quote(base)}`,
    `API_KEY = "YOUR_API_KEY"`,
  ]
  const v2Call = [
    "def call(method, payload):",
    `    request = urllib.request.Request(f"{API_URL}/{method}", data=json.dumps(payload).encode(),`,
    `                                     headers={"Content-Type": "application/json"})`,
    "    with urllib.request.urlopen(request, timeout=30) as response:",
    "        answer = json.load(response)",
    '    if answer.get("errorId"):',
    `        sys.exit(f"{answer['errorCode']}: {answer.get('errorDescription', '')}")`,
    "    return answer",
  ]
  const v1Call = [
    "def res(params):",
    '    query = urllib.parse.urlencode({"key": API_KEY, "json": 1, **params})',
    '    with urllib.request.urlopen(f"{API_URL}/res.php?{query}", timeout=30) as response:',
    "        return json.load(response)",
  ]
  if (spec.scenario === "call") {
    const { v2, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["task_id = sys.argv[1]"] : []
    if (spec.version === 2) {
      const payload = takesId(spec.call)
        ? `{"clientKey": API_KEY, "taskId": int(task_id)}`
        : `{"clientKey": API_KEY}`
      const output = callOutput(spec.call, {
        balance: `print("Balance:", answer["balance"])`,
        result: "print(json.dumps(answer))",
        reported: 'print("Reported")',
      })
      return [
        ...head,
        "",
        "",
        ...v2Call,
        "",
        "",
        ...id,
        `answer = call(${quote(v2!)}, ${payload})`,
        output,
        "",
      ].join("\n")
    }
    const params = takesId(spec.call)
      ? `{"action": ${quote(action)}, "id": task_id}`
      : `{"action": ${quote(action)}}`
    const output = callOutput(spec.call, {
      balance: 'print("Balance:", answer["request"])',
      reported: 'print("Reported")',
      result: 'print(json.dumps(answer["request"]))',
    })
    return [
      ...head,
      "",
      "",
      ...v1Call,
      "",
      "",
      ...id,
      `answer = res(${params})`,
      'if answer["status"] != 1:',
      '    sys.exit(answer["request"])',
      output,
      "",
    ].join("\n")
  }
  const files = hasFiles(spec.fields)
    ? [
        "",
        "",
        "def file_base64(name):",
        '    with open(name, "rb") as file:',
        "        return base64.b64encode(file.read()).decode()",
      ]
    : []
  const consts = [`POLL_SECONDS = ${POLL_SECONDS}`, `TIMEOUT_SECONDS = ${spec.timeoutSeconds}`]
  if (spec.version === 2)
    return [
      ...head,
      ...consts,
      "",
      "",
      ...v2Call,
      ...files,
      "",
      "",
      `task = ${literal(spec.fields, STYLES.python)}`,
      'task_id = call("createTask", {"clientKey": API_KEY, "task": task})["taskId"]',
      'print(f"Task {task_id} sent")',
      "deadline = time.monotonic() + TIMEOUT_SECONDS",
      "while time.monotonic() < deadline:",
      "    time.sleep(POLL_SECONDS)",
      '    result = call("getTaskResult", {"clientKey": API_KEY, "taskId": task_id})',
      '    if result["status"] == "ready":',
      '        print("Solved:", json.dumps(result["solution"]))',
      "        sys.exit(0)",
      'sys.exit(f"No answer within {TIMEOUT_SECONDS} s")',
      "",
    ].join("\n")
  return [
    ...head,
    ...consts,
    "",
    "",
    ...v1Call,
    ...files,
    "",
    "",
    `fields = ${literal(formFields(spec.fields), STYLES.python)}`,
    'body = urllib.parse.urlencode({"key": API_KEY, "json": 1, **fields}).encode()',
    'with urllib.request.urlopen(f"{API_URL}/in.php", data=body, timeout=30) as response:',
    "    sent = json.load(response)",
    'if sent["status"] != 1:',
    '    sys.exit(sent["request"])',
    'task_id = sent["request"]',
    'print(f"Task {task_id} sent")',
    "deadline = time.monotonic() + TIMEOUT_SECONDS",
    "while time.monotonic() < deadline:",
    "    time.sleep(POLL_SECONDS)",
    '    result = res({"action": "get", "id": task_id})',
    '    if result["status"] == 1:',
    '        print("Solved:", json.dumps(result["request"]))',
    "        sys.exit(0)",
    '    if result["request"] != "CAPCHA_NOT_READY":',
    '        sys.exit(result["request"])',
    'sys.exit(f"No answer within {TIMEOUT_SECONDS} s")',
    "",
  ].join("\n")
}

function javascript({ base, spec, title }: Context): string {
  const head = [`// ${title}`]
  const imports =
    spec.scenario === "solve" && hasFiles(spec.fields) ? ['import { readFileSync } from "node:fs"', ""] : []
  const consts = [`const API_URL = ${quote(base)}`, `const API_KEY = "YOUR_API_KEY"`]
  const fail = ["function fail(message) {", "  console.error(message)", "  process.exit(1)", "}"]
  const v2Call = [
    "async function call(method, payload) {",
    "  const response = await fetch(`${API_URL}/${method}`, {",
    '    method: "POST",',
    '    headers: { "Content-Type": "application/json" },',
    "    body: JSON.stringify(payload),",
    "  })",
    "  const answer = await response.json()",
    '  if (answer.errorId) fail(`${answer.errorCode}: ${answer.errorDescription ?? ""}`)',
    "  return answer",
    "}",
  ]
  const v1Call = [
    "async function res(params) {",
    "  const query = new URLSearchParams({ key: API_KEY, json: 1, ...params })",
    "  const response = await fetch(`${API_URL}/res.php?${query}`)",
    "  return response.json()",
    "}",
  ]
  if (spec.scenario === "call") {
    const { v2, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["const taskId = process.argv[2]"] : []
    if (spec.version === 2) {
      const payload = takesId(spec.call)
        ? "{ clientKey: API_KEY, taskId: Number(taskId) }"
        : "{ clientKey: API_KEY }"
      const output = callOutput(spec.call, {
        balance: 'console.log("Balance:", answer.balance)',
        result: "console.log(JSON.stringify(answer))",
        reported: 'console.log("Reported")',
      })
      return [
        ...head,
        ...imports,
        ...consts,
        "",
        ...fail,
        "",
        ...v2Call,
        "",
        ...id,
        `const answer = await call(${quote(v2!)}, ${payload})`,
        output,
        "",
      ].join("\n")
    }
    const params = takesId(spec.call)
      ? `{ action: ${quote(action)}, id: taskId }`
      : `{ action: ${quote(action)} }`
    const output = callOutput(spec.call, {
      balance: 'console.log("Balance:", answer.request)',
      reported: 'console.log("Reported")',
      result: "console.log(JSON.stringify(answer.request))",
    })
    return [
      ...head,
      ...consts,
      "",
      ...fail,
      "",
      ...v1Call,
      "",
      ...id,
      `const answer = await res(${params})`,
      "if (answer.status !== 1) fail(answer.request)",
      output,
      "",
    ].join("\n")
  }
  const files = hasFiles(spec.fields)
    ? ["", 'const fileBase64 = (name) => readFileSync(name).toString("base64")']
    : []
  const loopHead = [
    "const deadline = Date.now() + TIMEOUT_SECONDS * 1000",
    "while (Date.now() < deadline) {",
    "  await new Promise((resolve) => setTimeout(resolve, POLL_SECONDS * 1000))",
  ]
  const timing = [`const POLL_SECONDS = ${POLL_SECONDS}`, `const TIMEOUT_SECONDS = ${spec.timeoutSeconds}`]
  if (spec.version === 2)
    return [
      ...head,
      ...imports,
      ...consts,
      ...timing,
      "",
      ...fail,
      "",
      ...v2Call,
      ...files,
      "",
      `const task = ${literal(spec.fields, STYLES.javascript)}`,
      'const { taskId } = await call("createTask", { clientKey: API_KEY, task })',
      "console.log(`Task ${taskId} sent`)",
      ...loopHead,
      '  const result = await call("getTaskResult", { clientKey: API_KEY, taskId })',
      '  if (result.status === "ready") {',
      '    console.log("Solved:", JSON.stringify(result.solution))',
      "    process.exit(0)",
      "  }",
      "}",
      "fail(`No answer within ${TIMEOUT_SECONDS} s`)",
      "",
    ].join("\n")
  return [
    ...head,
    ...imports,
    ...consts,
    ...timing,
    "",
    ...fail,
    "",
    ...v1Call,
    ...files,
    "",
    `const fields = ${literal(formFields(spec.fields), STYLES.javascript)}`,
    "const sent = await (",
    '  await fetch(`${API_URL}/in.php`, { method: "POST", body: new URLSearchParams({ key: API_KEY, json: 1, ...fields }) })',
    ").json()",
    "if (sent.status !== 1) fail(sent.request)",
    "const taskId = sent.request",
    "console.log(`Task ${taskId} sent`)",
    ...loopHead,
    '  const result = await res({ action: "get", id: taskId })',
    "  if (result.status === 1) {",
    '    console.log("Solved:", JSON.stringify(result.request))',
    "    process.exit(0)",
    "  }",
    '  if (result.request !== "CAPCHA_NOT_READY") fail(result.request)',
    "}",
    "fail(`No answer within ${TIMEOUT_SECONDS} s`)",
    "",
  ].join("\n")
}

function php({ base, spec, title }: Context): string {
  const head = ["<?php", `// ${title}`, `const API_URL = ${single(base)};`, `const API_KEY = 'YOUR_API_KEY';`]
  const fail = [
    "function fail(string $message): never",
    "{",
    "    fwrite(STDERR, $message . PHP_EOL);",
    "    exit(1);",
    "}",
  ]
  const v2Call = [
    "function call(string $method, array $payload): array",
    "{",
    "    $context = stream_context_create(['http' => [",
    "        'method' => 'POST',",
    "        'header' => \"Content-Type: application/json\\r\\n\",",
    "        'content' => json_encode($payload),",
    "        'ignore_errors' => true,",
    "    ]]);",
    "    $answer = json_decode(file_get_contents(API_URL . '/' . $method, false, $context), true);",
    "    if ($answer['errorId'] !== 0) {",
    "        fail($answer['errorCode'] . ': ' . ($answer['errorDescription'] ?? ''));",
    "    }",
    "    return $answer;",
    "}",
  ]
  const v1Call = [
    "function res(array $params): array",
    "{",
    "    $query = http_build_query(['key' => API_KEY, 'json' => 1] + $params);",
    "    return json_decode(file_get_contents(API_URL . '/res.php?' . $query), true);",
    "}",
  ]
  if (spec.scenario === "call") {
    const { v2, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["$taskId = $argv[1];"] : []
    if (spec.version === 2) {
      const payload = takesId(spec.call)
        ? "['clientKey' => API_KEY, 'taskId' => (int) $taskId]"
        : "['clientKey' => API_KEY]"
      const output = callOutput(spec.call, {
        balance: "echo 'Balance: ', $answer['balance'], PHP_EOL;",
        result: "echo json_encode($answer), PHP_EOL;",
        reported: "echo 'Reported', PHP_EOL;",
      })
      return [
        ...head,
        "",
        ...fail,
        "",
        ...v2Call,
        "",
        ...id,
        `$answer = call(${single(v2!)}, ${payload});`,
        output,
        "",
      ].join("\n")
    }
    const params = takesId(spec.call)
      ? `['action' => ${single(action)}, 'id' => $taskId]`
      : `['action' => ${single(action)}]`
    const output = callOutput(spec.call, {
      balance: "echo 'Balance: ', $answer['request'], PHP_EOL;",
      reported: "echo 'Reported', PHP_EOL;",
      result: "echo json_encode($answer['request']), PHP_EOL;",
    })
    return [
      ...head,
      "",
      ...fail,
      "",
      ...v1Call,
      "",
      ...id,
      `$answer = res(${params});`,
      "if ($answer['status'] !== 1) {",
      "    fail($answer['request']);",
      "}",
      output,
      "",
    ].join("\n")
  }
  const files = hasFiles(spec.fields)
    ? [
        "",
        "function file_base64(string $name): string",
        "{",
        "    return base64_encode(file_get_contents(__DIR__ . '/' . $name));",
        "}",
      ]
    : []
  const timing = [`const POLL_SECONDS = ${POLL_SECONDS};`, `const TIMEOUT_SECONDS = ${spec.timeoutSeconds};`]
  const loopHead = [
    "$deadline = microtime(true) + TIMEOUT_SECONDS;",
    "while (microtime(true) < $deadline) {",
    "    usleep((int) (POLL_SECONDS * 1e6));",
  ]
  if (spec.version === 2)
    return [
      ...head,
      ...timing,
      "",
      ...fail,
      "",
      ...v2Call,
      ...files,
      "",
      `$task = ${literal(spec.fields, STYLES.php)};`,
      "$taskId = call('createTask', ['clientKey' => API_KEY, 'task' => $task])['taskId'];",
      'echo "Task $taskId sent", PHP_EOL;',
      ...loopHead,
      "    $result = call('getTaskResult', ['clientKey' => API_KEY, 'taskId' => $taskId]);",
      "    if ($result['status'] === 'ready') {",
      "        echo 'Solved: ', json_encode($result['solution']), PHP_EOL;",
      "        exit(0);",
      "    }",
      "}",
      "fail('No answer within ' . TIMEOUT_SECONDS . ' s');",
      "",
    ].join("\n")
  return [
    ...head,
    ...timing,
    "",
    ...fail,
    "",
    ...v1Call,
    ...files,
    "",
    `$fields = ${literal(formFields(spec.fields), STYLES.php)};`,
    "$context = stream_context_create(['http' => [",
    "    'method' => 'POST',",
    "    'header' => \"Content-Type: application/x-www-form-urlencoded\\r\\n\",",
    "    'content' => http_build_query(['key' => API_KEY, 'json' => 1] + $fields),",
    "]]);",
    "$sent = json_decode(file_get_contents(API_URL . '/in.php', false, $context), true);",
    "if ($sent['status'] !== 1) {",
    "    fail($sent['request']);",
    "}",
    "$taskId = $sent['request'];",
    'echo "Task $taskId sent", PHP_EOL;',
    ...loopHead,
    "    $result = res(['action' => 'get', 'id' => $taskId]);",
    "    if ($result['status'] === 1) {",
    "        echo 'Solved: ', json_encode($result['request']), PHP_EOL;",
    "        exit(0);",
    "    }",
    "    if ($result['request'] !== 'CAPCHA_NOT_READY') {",
    "        fail($result['request']);",
    "    }",
    "}",
    "fail('No answer within ' . TIMEOUT_SECONDS . ' s');",
    "",
  ].join("\n")
}

function ruby({ base, spec, title }: Context): string {
  const head = [
    `# ${title}`,
    'require "base64"',
    'require "json"',
    'require "net/http"',
    "",
    `API_URL = ${quote(base)}`,
    'API_KEY = "YOUR_API_KEY"',
  ]
  const v2Call = [
    "def call(method, payload)",
    '  response = Net::HTTP.post(URI("#{API_URL}/#{method}"), payload.to_json, "Content-Type" => "application/json")',
    "  answer = JSON.parse(response.body)",
    '  abort "#{answer["errorCode"]}: #{answer["errorDescription"]}" if answer["errorId"] != 0',
    "  answer",
    "end",
  ]
  const v1Call = [
    "def res(params)",
    '  uri = URI("#{API_URL}/res.php")',
    '  uri.query = URI.encode_www_form({ "key" => API_KEY, "json" => 1 }.merge(params))',
    "  JSON.parse(Net::HTTP.get(uri))",
    "end",
  ]
  if (spec.scenario === "call") {
    const { v2, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["task_id = ARGV.fetch(0)"] : []
    if (spec.version === 2) {
      const payload = takesId(spec.call)
        ? '{ "clientKey" => API_KEY, "taskId" => Integer(task_id) }'
        : '{ "clientKey" => API_KEY }'
      const output = callOutput(spec.call, {
        balance: 'puts "Balance: #{answer["balance"]}"',
        result: "puts answer.to_json",
        reported: 'puts "Reported"',
      })
      return [...head, "", ...v2Call, "", ...id, `answer = call(${quote(v2!)}, ${payload})`, output, ""].join(
        "\n",
      )
    }
    const params = takesId(spec.call)
      ? `{ "action" => ${quote(action)}, "id" => task_id }`
      : `{ "action" => ${quote(action)} }`
    const output = callOutput(spec.call, {
      balance: 'puts "Balance: #{answer["request"]}"',
      reported: 'puts "Reported"',
      result: 'puts answer["request"].to_json',
    })
    return [
      ...head,
      "",
      ...v1Call,
      "",
      ...id,
      `answer = res(${params})`,
      'abort answer["request"].to_s if answer["status"] != 1',
      output,
      "",
    ].join("\n")
  }
  const files = hasFiles(spec.fields)
    ? ["", "def file_base64(name)", "  Base64.strict_encode64(File.binread(File.join(__dir__, name)))", "end"]
    : []
  const timing = [`POLL_SECONDS = ${POLL_SECONDS}`, `TIMEOUT_SECONDS = ${spec.timeoutSeconds}`]
  const loopHead = [
    "deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + TIMEOUT_SECONDS",
    "while Process.clock_gettime(Process::CLOCK_MONOTONIC) < deadline",
    "  sleep POLL_SECONDS",
  ]
  if (spec.version === 2)
    return [
      ...head,
      ...timing,
      "",
      ...v2Call,
      ...files,
      "",
      `task = ${literal(spec.fields, STYLES.ruby)}`,
      'task_id = call("createTask", { "clientKey" => API_KEY, "task" => task })["taskId"]',
      'puts "Task #{task_id} sent"',
      ...loopHead,
      '  result = call("getTaskResult", { "clientKey" => API_KEY, "taskId" => task_id })',
      '  if result["status"] == "ready"',
      '    puts "Solved: #{result["solution"].to_json}"',
      "    exit 0",
      "  end",
      "end",
      'abort "No answer within #{TIMEOUT_SECONDS} s"',
      "",
    ].join("\n")
  return [
    ...head,
    ...timing,
    "",
    ...v1Call,
    ...files,
    "",
    `fields = ${literal(formFields(spec.fields), STYLES.ruby)}`,
    'response = Net::HTTP.post_form(URI("#{API_URL}/in.php"), { "key" => API_KEY, "json" => 1 }.merge(fields))',
    "sent = JSON.parse(response.body)",
    'abort sent["request"].to_s if sent["status"] != 1',
    'task_id = sent["request"]',
    'puts "Task #{task_id} sent"',
    ...loopHead,
    '  result = res({ "action" => "get", "id" => task_id })',
    '  if result["status"] == 1',
    '    puts "Solved: #{result["request"].to_json}"',
    "    exit 0",
    "  end",
    '  abort result["request"].to_s if result["request"] != "CAPCHA_NOT_READY"',
    "end",
    'abort "No answer within #{TIMEOUT_SECONDS} s"',
    "",
  ].join("\n")
}

function go({ base, spec, title }: Context): string {
  const solve = spec.scenario === "solve"
  const files = solve && hasFiles(spec.fields)
  const v2 = spec.version === 2
  const imports = [
    ...(files ? ['"encoding/base64"'] : []),
    '"encoding/json"',
    '"fmt"',
    ...(v2 ? ['"bytes"'] : []),
    '"net/http"',
    ...(!v2 ? ['"net/url"'] : []),
    '"os"',
    ...(!v2 && solve ? ['"strings"'] : []),
    ...(solve ? ['"time"'] : []),
  ].sort()
  const head = [
    `// ${title}`,
    "package main",
    "",
    "import (",
    ...imports.map((name) => `\t${name}`),
    ")",
    "",
    "const (",
    `\tapiURL = ${quote(base)}`,
    `\tapiKey = "YOUR_API_KEY"`,
    ...(solve ? [`\tpollSeconds    = ${POLL_SECONDS}`, `\ttimeoutSeconds = ${spec.timeoutSeconds}`] : []),
    ")",
    "",
    "func fail(message string) {",
    "\tfmt.Fprintln(os.Stderr, message)",
    "\tos.Exit(1)",
    "}",
  ]
  const v2Call = [
    "func call(method string, payload map[string]any) map[string]any {",
    "\tbody, _ := json.Marshal(payload)",
    '\tresponse, err := http.Post(apiURL+"/"+method, "application/json", bytes.NewReader(body))',
    "\tif err != nil {",
    "\t\tfail(err.Error())",
    "\t}",
    "\tdefer response.Body.Close()",
    "\tvar answer map[string]any",
    "\tif err := json.NewDecoder(response.Body).Decode(&answer); err != nil {",
    "\t\tfail(err.Error())",
    "\t}",
    '\tif answer["errorId"] != float64(0) {',
    '\t\tfail(fmt.Sprintf("%v: %v", answer["errorCode"], answer["errorDescription"]))',
    "\t}",
    "\treturn answer",
    "}",
  ]
  const v1Call = [
    "func read(response *http.Response, err error) map[string]any {",
    "\tif err != nil {",
    "\t\tfail(err.Error())",
    "\t}",
    "\tdefer response.Body.Close()",
    "\tvar answer map[string]any",
    "\tif err := json.NewDecoder(response.Body).Decode(&answer); err != nil {",
    "\t\tfail(err.Error())",
    "\t}",
    "\treturn answer",
    "}",
    "",
    "func res(params url.Values) map[string]any {",
    '\tparams.Set("key", apiKey)',
    '\tparams.Set("json", "1")',
    '\treturn read(http.Get(apiURL + "/res.php?" + params.Encode()))',
    "}",
  ]
  const fileFunc = files
    ? [
        "",
        "func fileBase64(name string) string {",
        "\tdata, err := os.ReadFile(name)",
        "\tif err != nil {",
        "\t\tfail(err.Error())",
        "\t}",
        "\treturn base64.StdEncoding.EncodeToString(data)",
        "}",
      ]
    : []
  const jsonText = [
    "func jsonText(value any) string {",
    "\ttext, _ := json.Marshal(value)",
    "\treturn string(text)",
    "}",
  ]
  if (spec.scenario === "call") {
    const { v2: method, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["\ttaskID := os.Args[1]"] : []
    if (v2) {
      const payload = takesId(spec.call)
        ? 'map[string]any{"clientKey": apiKey, "taskId": json.Number(taskID)}'
        : 'map[string]any{"clientKey": apiKey}'
      const output = callOutput(spec.call, {
        balance: '\tfmt.Println("Balance:", answer["balance"])',
        result: "\tfmt.Println(jsonText(answer))",
        reported: '\tfmt.Println("Reported")',
      })
      const assign = spec.call === "get-balance" || spec.call === "get-task-result" ? "answer := " : ""
      return [
        ...head,
        "",
        ...v2Call,
        "",
        ...jsonText,
        "",
        "func main() {",
        ...id,
        `\t${assign}call(${quote(method!)}, ${payload})`,
        output,
        "}",
        "",
      ].join("\n")
    }
    const params = takesId(spec.call)
      ? `url.Values{"action": {${quote(action)}}, "id": {taskID}}`
      : `url.Values{"action": {${quote(action)}}}`
    const output = callOutput(spec.call, {
      balance: '\tfmt.Println("Balance:", answer["request"])',
      reported: '\tfmt.Println("Reported")',
      result: '\tfmt.Println(jsonText(answer["request"]))',
    })
    return [
      ...head,
      "",
      ...v1Call,
      "",
      ...jsonText,
      "",
      "func main() {",
      ...id,
      `\tanswer := res(${params})`,
      '\tif answer["status"] != float64(1) {',
      '\t\tfail(fmt.Sprint(answer["request"]))',
      "\t}",
      output,
      "}",
      "",
    ].join("\n")
  }
  const goStyle = STYLES.go
  const tab = (text: string) => text.replace(/\n {4}/g, "\n\t").replace(/\n(\t*) {4}/g, "\n$1\t")
  const loop = [
    "\tdeadline := time.Now().Add(timeoutSeconds * time.Second)",
    "\tfor time.Now().Before(deadline) {",
    "\t\ttime.Sleep(time.Duration(pollSeconds * float64(time.Second)))",
  ]
  if (v2)
    return [
      ...head,
      "",
      ...v2Call,
      ...fileFunc,
      "",
      ...jsonText,
      "",
      "func main() {",
      `\ttask := ${tab(literal(spec.fields, goStyle, "\t").replace(/\n\t/g, "\n\t"))}`,
      '\ttaskID := call("createTask", map[string]any{"clientKey": apiKey, "task": task})["taskId"]',
      '\tfmt.Printf("Task %v sent\\n", jsonText(taskID))',
      ...loop,
      '\t\tresult := call("getTaskResult", map[string]any{"clientKey": apiKey, "taskId": taskID})',
      '\t\tif result["status"] == "ready" {',
      '\t\t\tfmt.Println("Solved:", jsonText(result["solution"]))',
      "\t\t\treturn",
      "\t\t}",
      "\t}",
      '\tfail(fmt.Sprintf("No answer within %d s", timeoutSeconds))',
      "}",
      "",
    ].join("\n")
  const form = Object.entries(formFields(spec.fields)).map(
    ([key, value]) =>
      `\t\t${quote(key)}: {${value instanceof FileRef ? `fileBase64(${quote(value.file)})` : quote(String(value))}},`,
  )
  return [
    ...head,
    "",
    ...v1Call,
    ...fileFunc,
    "",
    ...jsonText,
    "",
    "func main() {",
    "\tfields := url.Values{",
    ...form,
    "\t}",
    '\tfields.Set("key", apiKey)',
    '\tfields.Set("json", "1")',
    '\tsent := read(http.PostForm(apiURL+"/in.php", fields))',
    '\tif sent["status"] != float64(1) {',
    '\t\tfail(fmt.Sprint(sent["request"]))',
    "\t}",
    '\ttaskID := fmt.Sprint(sent["request"])',
    '\tfmt.Printf("Task %s sent\\n", taskID)',
    ...loop,
    '\t\tresult := res(url.Values{"action": {"get"}, "id": {taskID}})',
    '\t\tif result["status"] == float64(1) {',
    '\t\t\tfmt.Println("Solved:", jsonText(result["request"]))',
    "\t\t\treturn",
    "\t\t}",
    '\t\tif !strings.EqualFold(fmt.Sprint(result["request"]), "CAPCHA_NOT_READY") {',
    '\t\t\tfail(fmt.Sprint(result["request"]))',
    "\t\t}",
    "\t}",
    '\tfail(fmt.Sprintf("No answer within %d s", timeoutSeconds))',
    "}",
    "",
  ].join("\n")
}

function java({ base, spec, title }: Context, file: string): string {
  const className = file.replace(/\.java$/, "")
  const solve = spec.scenario === "solve"
  const v2 = spec.version === 2
  const files = solve && hasFiles(spec.fields)
  const head = [
    `// ${title} Java 11 or later, no libraries: java ${file}`,
    ...(files
      ? ["import java.nio.file.Files;", "import java.nio.file.Path;", "import java.util.Base64;"]
      : []),
    "import java.net.URI;",
    "import java.net.URLEncoder;",
    "import java.net.http.HttpClient;",
    "import java.net.http.HttpRequest;",
    "import java.net.http.HttpResponse;",
    "import java.nio.charset.StandardCharsets;",
    "import java.util.LinkedHashMap;",
    "import java.util.List;",
    "import java.util.Map;",
    "import java.util.regex.Matcher;",
    "import java.util.regex.Pattern;",
    "",
    `public class ${className} {`,
    `    static final String API_URL = ${quote(base)};`,
    '    static final String API_KEY = "YOUR_API_KEY";',
    ...(solve
      ? [
          `    static final double POLL_SECONDS = ${POLL_SECONDS};`,
          `    static final int TIMEOUT_SECONDS = ${spec.timeoutSeconds};`,
        ]
      : []),
    "    static final HttpClient HTTP = HttpClient.newHttpClient();",
  ]
  const helpers = [
    "",
    "    static void fail(String message) {",
    "        System.err.println(message);",
    "        System.exit(1);",
    "    }",
    "",
    "    /** A field of a JSON answer: a string's text, or a number or object as written. */",
    "    static String field(String json, String name) {",
    '        Matcher m = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*(\\"((?:[^\\"\\\\\\\\]|\\\\\\\\.)*)\\"|[^,}]+)").matcher(json);',
    "        if (!m.find()) return null;",
    "        return m.group(2) != null ? m.group(2) : m.group(1).trim();",
    "    }",
    "",
    "    static String send(HttpRequest request) throws Exception {",
    "        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();",
    "    }",
    "",
    "    static String form(Map<String, Object> fields) {",
    "        StringBuilder out = new StringBuilder();",
    "        for (Map.Entry<String, Object> e : fields.entrySet()) {",
    '            if (out.length() > 0) out.append("&");',
    '            out.append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append("=")',
    "                .append(URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8));",
    "        }",
    "        return out.toString();",
    "    }",
    "",
    "    static Map<String, Object> map(Object... pairs) {",
    "        Map<String, Object> map = new LinkedHashMap<>();",
    "        for (int i = 0; i < pairs.length; i += 2) map.put((String) pairs[i], pairs[i + 1]);",
    "        return map;",
    "    }",
  ]
  const jsonWriter = v2
    ? [
        "",
        "    static String json(Object value) {",
        '        if (value instanceof String) return "\\"" + ((String) value).replace("\\\\", "\\\\\\\\").replace("\\"", "\\\\\\"") + "\\"";',
        "        if (value instanceof Map) {",
        '            StringBuilder out = new StringBuilder("{");',
        "            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {",
        '                if (out.length() > 1) out.append(",");',
        '                out.append(json(e.getKey())).append(":").append(json(e.getValue()));',
        "            }",
        '            return out.append("}").toString();',
        "        }",
        "        if (value instanceof List) {",
        '            StringBuilder out = new StringBuilder("[");',
        "            for (Object item : (List<?>) value) {",
        '                if (out.length() > 1) out.append(",");',
        "                out.append(json(item));",
        "            }",
        '            return out.append("]").toString();',
        "        }",
        "        return String.valueOf(value);",
        "    }",
        "",
        "    static String call(String method, Map<String, Object> payload) throws Exception {",
        '        String answer = send(HttpRequest.newBuilder(URI.create(API_URL + "/" + method))',
        '            .header("Content-Type", "application/json")',
        "            .POST(HttpRequest.BodyPublishers.ofString(json(payload))).build());",
        '        if (!"0".equals(field(answer, "errorId"))) fail(field(answer, "errorCode") + ": " + field(answer, "errorDescription"));',
        "        return answer;",
        "    }",
      ]
    : [
        "",
        "    static String res(Map<String, Object> params) throws Exception {",
        '        Map<String, Object> query = map("key", API_KEY, "json", 1);',
        "        query.putAll(params);",
        '        return send(HttpRequest.newBuilder(URI.create(API_URL + "/res.php?" + form(query))).build());',
        "    }",
      ]
  const fileFunc = files
    ? [
        "",
        "    static String fileBase64(String name) throws Exception {",
        "        return Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of(name)));",
        "    }",
      ]
    : []
  const main = (body: string[]) => [
    "",
    "    public static void main(String[] args) throws Exception {",
    ...body.map((line) => `        ${line}`),
    "    }",
    "}",
    "",
  ]
  const javaStyle = STYLES.java
  if (spec.scenario === "call") {
    const { v2: method, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["String taskId = args[0];"] : []
    if (v2) {
      const payload = takesId(spec.call)
        ? 'map("clientKey", API_KEY, "taskId", Long.parseLong(taskId))'
        : 'map("clientKey", API_KEY)'
      const output = callOutput(spec.call, {
        balance: 'System.out.println("Balance: " + field(answer, "balance"));',
        result: "System.out.println(answer);",
        reported: 'System.out.println("Reported");',
      })
      return [
        ...head,
        ...helpers,
        ...jsonWriter,
        ...main([...id, `String answer = call(${quote(method!)}, ${payload});`, output]),
      ].join("\n")
    }
    const params = takesId(spec.call)
      ? `map("action", ${quote(action)}, "id", taskId)`
      : `map("action", ${quote(action)})`
    const output = callOutput(spec.call, {
      balance: 'System.out.println("Balance: " + field(answer, "request"));',
      reported: 'System.out.println("Reported");',
      result: "System.out.println(answer);",
    })
    return [
      ...head,
      ...helpers,
      ...jsonWriter,
      ...main([
        ...id,
        `String answer = res(${params});`,
        'if (!"1".equals(field(answer, "status"))) fail(field(answer, "request"));',
        output,
      ]),
    ].join("\n")
  }
  const loop = [
    "long deadline = System.nanoTime() + TIMEOUT_SECONDS * 1_000_000_000L;",
    "while (System.nanoTime() < deadline) {",
    "    Thread.sleep((long) (POLL_SECONDS * 1000));",
  ]
  if (v2)
    return [
      ...head,
      ...helpers,
      ...jsonWriter,
      ...fileFunc,
      ...main([
        `Map<String, Object> task = ${literal(spec.fields, javaStyle, "        ").replace(/\n {8}/g, "\n")};`,
        'String taskId = field(call("createTask", map("clientKey", API_KEY, "task", task)), "taskId");',
        'System.out.println("Task " + taskId + " sent");',
        ...loop,
        '    String result = call("getTaskResult", map("clientKey", API_KEY, "taskId", Long.parseLong(taskId)));',
        '    if ("ready".equals(field(result, "status"))) {',
        '        System.out.println("Solved: " + result);',
        "        return;",
        "    }",
        "}",
        'fail("No answer within " + TIMEOUT_SECONDS + " s");',
      ]),
    ].join("\n")
  return [
    ...head,
    ...helpers,
    ...jsonWriter,
    ...fileFunc,
    ...main([
      `Map<String, Object> fields = ${literal(formFields(spec.fields), javaStyle, "        ").replace(/\n {8}/g, "\n")};`,
      'fields.put("key", API_KEY);',
      'fields.put("json", 1);',
      'String sent = send(HttpRequest.newBuilder(URI.create(API_URL + "/in.php"))',
      '    .header("Content-Type", "application/x-www-form-urlencoded")',
      "    .POST(HttpRequest.BodyPublishers.ofString(form(fields))).build());",
      'if (!"1".equals(field(sent, "status"))) fail(field(sent, "request"));',
      'String taskId = field(sent, "request");',
      'System.out.println("Task " + taskId + " sent");',
      ...loop,
      '    String result = res(map("action", "get", "id", taskId));',
      '    if ("1".equals(field(result, "status"))) {',
      '        System.out.println("Solved: " + result);',
      "        return;",
      "    }",
      '    if (!"CAPCHA_NOT_READY".equals(field(result, "request"))) fail(field(result, "request"));',
      "}",
      'fail("No answer within " + TIMEOUT_SECONDS + " s");',
    ]),
  ].join("\n")
}

function csharp({ base, spec, title }: Context): string {
  const solve = spec.scenario === "solve"
  const v2 = spec.version === 2
  const files = solve && hasFiles(spec.fields)
  const head = [
    `// ${title} .NET 6 or later: dotnet run`,
    "using System.Text;",
    "using System.Text.Json;",
    "",
    `const string ApiUrl = ${quote(base)};`,
    'const string ApiKey = "YOUR_API_KEY";',
    ...(solve
      ? [`const double PollSeconds = ${POLL_SECONDS};`, `const int TimeoutSeconds = ${spec.timeoutSeconds};`]
      : []),
    "var http = new HttpClient();",
    "",
  ]
  const v2Call = [
    "async Task<JsonElement> Call(string method, object payload)",
    "{",
    '    var content = new StringContent(JsonSerializer.Serialize(payload), Encoding.UTF8, "application/json");',
    '    var response = await http.PostAsync($"{ApiUrl}/{method}", content);',
    "    var answer = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;",
    '    if (answer.GetProperty("errorId").GetInt32() != 0)',
    '        Fail($"{answer.GetProperty("errorCode")}: {answer.GetProperty("errorDescription")}");',
    "    return answer;",
    "}",
  ]
  const v1Call = [
    "async Task<JsonElement> Res(Dictionary<string, string> parameters)",
    "{",
    '    parameters["key"] = ApiKey;',
    '    parameters["json"] = "1";',
    "    var query = await new FormUrlEncodedContent(parameters).ReadAsStringAsync();",
    '    return JsonDocument.Parse(await http.GetStringAsync($"{ApiUrl}/res.php?{query}")).RootElement;',
    "}",
  ]
  const fail = [
    "",
    "static void Fail(string message)",
    "{",
    "    Console.Error.WriteLine(message);",
    "    Environment.Exit(1);",
    "}",
  ]
  const fileFunc = files
    ? ["", "static string FileBase64(string name) => Convert.ToBase64String(File.ReadAllBytes(name));"]
    : []
  if (spec.scenario === "call") {
    const { v2: method, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ["var taskId = args[0];"] : []
    if (v2) {
      const payload = takesId(spec.call)
        ? "new { clientKey = ApiKey, taskId = long.Parse(taskId) }"
        : "new { clientKey = ApiKey }"
      const output = callOutput(spec.call, {
        balance: 'Console.WriteLine($"Balance: {answer.GetProperty("balance")}");',
        result: "Console.WriteLine(answer);",
        reported: 'Console.WriteLine("Reported");',
      })
      return [
        ...head,
        ...id,
        `var answer = await Call(${quote(method!)}, ${payload});`,
        output,
        "",
        ...v2Call,
        ...fail,
        "",
      ].join("\n")
    }
    const params = takesId(spec.call)
      ? `new() { ["action"] = ${quote(action)}, ["id"] = taskId }`
      : `new() { ["action"] = ${quote(action)} }`
    const output = callOutput(spec.call, {
      balance: 'Console.WriteLine($"Balance: {answer.GetProperty("request")}");',
      reported: 'Console.WriteLine("Reported");',
      result: 'Console.WriteLine(answer.GetProperty("request"));',
    })
    return [
      ...head,
      ...id,
      `var answer = await Res(${params});`,
      'if (answer.GetProperty("status").GetInt32() != 1) Fail(answer.GetProperty("request").ToString());',
      output,
      "",
      ...v1Call,
      ...fail,
      "",
    ].join("\n")
  }
  const loop = [
    "var deadline = DateTime.UtcNow.AddSeconds(TimeoutSeconds);",
    "while (DateTime.UtcNow < deadline)",
    "{",
    "    await Task.Delay(TimeSpan.FromSeconds(PollSeconds));",
  ]
  if (v2)
    return [
      ...head,
      `var task = ${literal(spec.fields, STYLES.csharp)};`,
      'var taskId = (await Call("createTask", new { clientKey = ApiKey, task })).GetProperty("taskId").GetInt64();',
      'Console.WriteLine($"Task {taskId} sent");',
      ...loop,
      '    var result = await Call("getTaskResult", new { clientKey = ApiKey, taskId });',
      '    if (result.GetProperty("status").GetString() == "ready")',
      "    {",
      '        Console.WriteLine($"Solved: {result.GetProperty("solution")}");',
      "        return;",
      "    }",
      "}",
      'Fail($"No answer within {TimeoutSeconds} s");',
      "",
      ...v2Call,
      ...fail,
      ...fileFunc,
      "",
    ].join("\n")
  const form = Object.entries(formFields(spec.fields)).map(
    ([key, value]) =>
      `    [${quote(key)}] = ${value instanceof FileRef ? `FileBase64(${quote(value.file)})` : quote(String(value))},`,
  )
  return [
    ...head,
    "var fields = new Dictionary<string, string>",
    "{",
    ...form,
    '    ["key"] = ApiKey,',
    '    ["json"] = "1",',
    "};",
    'var sentResponse = await http.PostAsync($"{ApiUrl}/in.php", new FormUrlEncodedContent(fields));',
    "var sent = JsonDocument.Parse(await sentResponse.Content.ReadAsStringAsync()).RootElement;",
    'if (sent.GetProperty("status").GetInt32() != 1) Fail(sent.GetProperty("request").ToString());',
    'var taskId = sent.GetProperty("request").GetString()!;',
    'Console.WriteLine($"Task {taskId} sent");',
    ...loop,
    '    var result = await Res(new() { ["action"] = "get", ["id"] = taskId });',
    '    if (result.GetProperty("status").GetInt32() == 1)',
    "    {",
    '        Console.WriteLine($"Solved: {result.GetProperty("request")}");',
    "        return;",
    "    }",
    '    if (result.GetProperty("request").GetString() != "CAPCHA_NOT_READY") Fail(result.GetProperty("request").ToString());',
    "}",
    'Fail($"No answer within {TimeoutSeconds} s");',
    "",
    ...v1Call,
    ...fail,
    ...fileFunc,
    "",
  ].join("\n")
}

function curl({ base, spec, title }: Context): string {
  const head = [
    "#!/usr/bin/env bash",
    `# ${title} Needs curl and jq.`,
    "set -euo pipefail",
    "",
    `API_URL=${quote(base)}`,
    'API_KEY="YOUR_API_KEY"',
  ]
  const v2Call = [
    "# Posts JSON to a method; on an error prints it and stops.",
    "call() {",
    '  local answer; answer=$(curl -sS -X POST "$API_URL/$1" -H "Content-Type: application/json" -d "$2")',
    '  if [ "$(jq -r .errorId <<<"$answer")" != 0 ]; then',
    '    jq -r \'"\\(.errorCode): \\(.errorDescription)"\' <<<"$answer" >&2; exit 1',
    "  fi",
    '  echo "$answer"',
    "}",
  ]
  const res = (params: string) => `curl -sS -G "$API_URL/res.php" -d key="$API_KEY" -d json=1 ${params}`
  if (spec.scenario === "call") {
    const { v2: method, action } = CALLS[spec.call]
    const id = takesId(spec.call) ? ['TASK_ID="$1"'] : []
    if (spec.version === 2) {
      const payload = takesId(spec.call)
        ? `"$(jq -n --arg key "$API_KEY" --argjson id "$TASK_ID" '{clientKey: $key, taskId: $id}')"`
        : `"$(jq -n --arg key "$API_KEY" '{clientKey: $key}')"`
      const output = callOutput(spec.call, {
        balance: 'echo "Balance: $(jq -r .balance <<<"$answer")"',
        result: 'echo "$answer"',
        reported: 'echo "Reported"',
      })
      return [...head, ...id, "", ...v2Call, "", `answer=$(call ${method} ${payload})`, output, ""].join("\n")
    }
    const params = takesId(spec.call) ? `-d action=${action} -d id="$TASK_ID"` : `-d action=${action}`
    const output = callOutput(spec.call, {
      balance: 'echo "Balance: $(jq -r .request <<<"$answer")"',
      reported: 'echo "Reported"',
      result: 'jq -c .request <<<"$answer"',
    })
    return [
      ...head,
      ...id,
      "",
      `answer=$(${res(params)})`,
      'if [ "$(jq -r .status <<<"$answer")" != 1 ]; then jq -r .request <<<"$answer" >&2; exit 1; fi',
      output,
      "",
    ].join("\n")
  }
  const timing = [`POLL_SECONDS=${POLL_SECONDS}`, `TIMEOUT_SECONDS=${spec.timeoutSeconds}`]
  const loop = [
    "deadline=$((SECONDS + TIMEOUT_SECONDS))",
    "while [ $SECONDS -lt $deadline ]; do",
    '  sleep "$POLL_SECONDS"',
  ]
  if (spec.version === 2) {
    const files = new Map<string, string>()
    const task = jqLiteral(spec.fields, files, "")
    const args = [...files].map(([file, name]) => `--arg ${name} "$(base64 -w0 ${file})"`)
    return [
      ...head,
      ...timing,
      "",
      ...v2Call,
      "",
      `payload=$(jq -n --arg key "$API_KEY" ${args.map((arg) => `${arg} `).join("")}'{clientKey: $key, task: ${task.replace(/\n/g, "\n  ")}}')`,
      'task_id=$(call createTask "$payload" | jq -r .taskId)',
      'echo "Task $task_id sent"',
      ...loop,
      '  result=$(call getTaskResult "$(jq -n --arg key "$API_KEY" --argjson id "$task_id" \'{clientKey: $key, taskId: $id}\')")',
      '  if [ "$(jq -r .status <<<"$result")" = ready ]; then',
      '    echo "Solved: $(jq -c .solution <<<"$result")"; exit 0',
      "  fi",
      "done",
      'echo "No answer within $TIMEOUT_SECONDS s" >&2; exit 1',
      "",
    ].join("\n")
  }
  const form = Object.entries(formFields(spec.fields)).map(([key, value]) =>
    value instanceof FileRef
      ? `--data-urlencode "${key}=$(base64 -w0 ${value.file})"`
      : `--data-urlencode ${shellQuote(`${key}=${String(value)}`)}`,
  )
  return [
    ...head,
    ...timing,
    "",
    'sent=$(curl -sS "$API_URL/in.php" -d key="$API_KEY" -d json=1 \\',
    ...form.map((line, index) => `  ${line}${index < form.length - 1 ? " \\" : ")"}`),
    ...(form.length === 0 ? [")"] : []),
    'if [ "$(jq -r .status <<<"$sent")" != 1 ]; then jq -r .request <<<"$sent" >&2; exit 1; fi',
    'task_id=$(jq -r .request <<<"$sent")',
    'echo "Task $task_id sent"',
    ...loop,
    `  result=$(${res('-d action=get -d id="$task_id"')})`,
    '  if [ "$(jq -r .status <<<"$result")" = 1 ]; then',
    '    echo "Solved: $(jq -c .request <<<"$result")"; exit 0',
    "  fi",
    '  if [ "$(jq -r .request <<<"$result")" != CAPCHA_NOT_READY ]; then jq -r .request <<<"$result" >&2; exit 1; fi',
    "done",
    'echo "No answer within $TIMEOUT_SECONDS s" >&2; exit 1',
    "",
  ].join("\n")
}

const shellQuote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`

const GENERATORS: Record<SampleLanguage, (context: Context, file: string) => string> = {
  curl,
  php,
  python,
  csharp,
  java,
  go,
  ruby,
  javascript,
}

/** The sample of one spec in one language, addressing `base` (http://host:port, no trailing slash). */
export function generateSample(language: SampleLanguage, spec: SampleSpec, base: string): GeneratedSample {
  const file = sampleFile(language, spec)
  return { language, file, code: GENERATORS[language]({ base, spec, title: title(spec) }, file) }
}
