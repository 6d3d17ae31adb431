import type { CodeLanguage } from "@manyhands/design-system"

/** The address the examples use where the page does not know its own (server rendering). */
export const PLACEHOLDER_ORIGIN = "https://manyhands.example"

/** The languages of /lang, in its order. */
export const QUICK_START_LANGUAGES = [
  "php",
  "python",
  "csharp",
  "java",
  "go",
  "ruby",
  "javascript",
] as const satisfies readonly CodeLanguage[]

export type QuickStartLanguage = (typeof QUICK_START_LANGUAGES)[number]

/**
 * Minimal, complete programs that send a normal image captcha (captcha.png) to in.php as base64 and poll res.php
 * until the answer is ready. Each names the site once, as PLACEHOLDER_ORIGIN; `quickStartCode` puts the real
 * address in its place.
 */
const SNIPPETS: Record<QuickStartLanguage, string> = {
  php: `<?php
$base = "https://manyhands.example";
$key = "YOUR_API_KEY";

$ch = curl_init("$base/in.php");
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_POSTFIELDS => http_build_query([
        "key" => $key,
        "method" => "base64",
        "body" => base64_encode(file_get_contents("captcha.png")),
        "json" => 1,
    ]),
]);
$sent = json_decode(curl_exec($ch), true);
if ($sent["status"] !== 1) exit($sent["request"] . PHP_EOL);

do {
    sleep(5);
    $result = json_decode(file_get_contents(
        "$base/res.php?key=$key&action=get&json=1&id=" . $sent["request"]
    ), true);
} while ($result["request"] === "CAPCHA_NOT_READY");

echo $result["request"], PHP_EOL; // the answer, or an error code
`,
  python: `import base64
import time

import requests

BASE = "https://manyhands.example"
KEY = "YOUR_API_KEY"

with open("captcha.png", "rb") as image:
    body = base64.b64encode(image.read()).decode()

sent = requests.post(f"{BASE}/in.php", data={
    "key": KEY, "method": "base64", "body": body, "json": 1,
}).json()
if sent["status"] != 1:
    raise SystemExit(sent["request"])

while True:
    time.sleep(5)
    result = requests.get(f"{BASE}/res.php", params={
        "key": KEY, "action": "get", "id": sent["request"], "json": 1,
    }).json()
    if result["request"] != "CAPCHA_NOT_READY":
        break

print(result["request"])  # the answer, or an error code
`,
  csharp: `using System.Net.Http.Json;
using System.Text.Json;

const string Base = "https://manyhands.example";
const string Key = "YOUR_API_KEY";
using var http = new HttpClient();

var form = new FormUrlEncodedContent(new Dictionary<string, string>
{
    ["key"] = Key,
    ["method"] = "base64",
    ["body"] = Convert.ToBase64String(File.ReadAllBytes("captcha.png")),
    ["json"] = "1",
});
var response = await http.PostAsync($"{Base}/in.php", form);
var sent = await response.Content.ReadFromJsonAsync<JsonElement>();
var id = sent.GetProperty("request").GetString();
if (sent.GetProperty("status").GetInt32() != 1) throw new Exception(id);

string? answer;
do
{
    await Task.Delay(5000);
    var result = await http.GetFromJsonAsync<JsonElement>(
        $"{Base}/res.php?key={Key}&action=get&json=1&id={id}");
    answer = result.GetProperty("request").GetString();
} while (answer == "CAPCHA_NOT_READY");

Console.WriteLine(answer); // the answer, or an error code
`,
  java: `import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

public class SolveCaptcha {
    static final String BASE = "https://manyhands.example";
    static final String KEY = "YOUR_API_KEY";

    public static void main(String[] args) throws Exception {
        var http = HttpClient.newHttpClient();
        var image = Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of("captcha.png")));
        var form = "key=" + KEY + "&method=base64&body=" + URLEncoder.encode(image, StandardCharsets.UTF_8);
        var submit = HttpRequest.newBuilder(URI.create(BASE + "/in.php"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
        var sent = http.send(submit, BodyHandlers.ofString()).body();
        if (!sent.startsWith("OK|")) throw new IllegalStateException(sent);
        var poll = HttpRequest.newBuilder(
                URI.create(BASE + "/res.php?key=" + KEY + "&action=get&id=" + sent.substring(3))).build();

        String answer;
        do {
            Thread.sleep(5000);
            answer = http.send(poll, BodyHandlers.ofString()).body();
        } while (answer.equals("CAPCHA_NOT_READY"));

        System.out.println(answer); // OK|the answer, or an error code
    }
}
`,
  go: `package main

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

const (
	base = "https://manyhands.example"
	key  = "YOUR_API_KEY"
)

func main() {
	image, err := os.ReadFile("captcha.png")
	if err != nil {
		panic(err)
	}
	sent := text(http.PostForm(base+"/in.php", url.Values{
		"key":    {key},
		"method": {"base64"},
		"body":   {base64.StdEncoding.EncodeToString(image)},
	}))
	if !strings.HasPrefix(sent, "OK|") {
		panic(sent)
	}
	id := strings.TrimPrefix(sent, "OK|")

	for {
		time.Sleep(5 * time.Second)
		answer := text(http.Get(base + "/res.php?key=" + key + "&action=get&id=" + id))
		if answer != "CAPCHA_NOT_READY" {
			fmt.Println(answer) // OK|the answer, or an error code
			return
		}
	}
}

func text(response *http.Response, err error) string {
	if err != nil {
		panic(err)
	}
	defer response.Body.Close()
	body, _ := io.ReadAll(response.Body)
	return string(body)
}
`,
  ruby: `require "net/http"

BASE = "https://manyhands.example"
KEY = "YOUR_API_KEY"

image = [File.binread("captcha.png")].pack("m0") # base64
sent = Net::HTTP.post_form(URI("#{BASE}/in.php"),
  "key" => KEY, "method" => "base64", "body" => image).body
abort sent unless sent.start_with?("OK|")
id = sent.delete_prefix("OK|")

answer = "CAPCHA_NOT_READY"
while answer == "CAPCHA_NOT_READY"
  sleep 5
  answer = Net::HTTP.get(URI("#{BASE}/res.php?key=#{KEY}&action=get&id=#{id}"))
end

puts answer # OK|the answer, or an error code
`,
  javascript: `import { readFile } from "node:fs/promises"

const BASE = "https://manyhands.example"
const KEY = "YOUR_API_KEY"

const body = (await readFile("captcha.png")).toString("base64")
const sent = await fetch(\`\${BASE}/in.php\`, {
  method: "POST",
  body: new URLSearchParams({ key: KEY, method: "base64", body, json: "1" }),
}).then((response) => response.json())
if (sent.status !== 1) throw new Error(sent.request)

let result
do {
  await new Promise((resolve) => setTimeout(resolve, 5000))
  const query = new URLSearchParams({ key: KEY, action: "get", id: sent.request, json: "1" })
  result = await fetch(\`\${BASE}/res.php?\${query}\`).then((response) => response.json())
} while (result.request === "CAPCHA_NOT_READY")

console.log(result.request) // the answer, or an error code
`,
}

/** A language's example with the site's own address. */
export function quickStartCode(language: QuickStartLanguage, origin: string): string {
  return SNIPPETS[language].replaceAll(PLACEHOLDER_ORIGIN, origin)
}

/** A one-line call to try the key with: the balance (res.php action=getbalance). */
export function balanceExample(origin: string): string {
  return `curl "${origin}/res.php?key=YOUR_API_KEY&action=getbalance&json=1"`
}
