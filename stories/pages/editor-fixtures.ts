import type { Attachment, AttachmentList } from "@manyhands/contract/attachments"
import type {
  EditorArticle,
  EditorArticleList,
  EditorTranslation,
  RevisionDiff,
  RevisionList,
} from "@manyhands/contract/content"

/*
 * What the editor API answers for one of the product's blog articles (server/content/blog): the English text
 * public, the Russian one a draft made from an older English revision; its history; the blog's list; pictures.
 */

const markdown = [
  "Pingbacks tell your server the moment an answer is ready, so you stop polling `res.php`.",
  "",
  "## Register the address",
  "",
  "Send `pingback=https://example.com/captcha-done` with the task.",
  "",
  "> [!TIP]",
  "> Answer the call with 200 within five seconds.",
].join("\n")

const html = [
  "<p>Pingbacks tell your server the moment an answer is ready, so you stop polling <code>res.php</code>.</p>",
  '<h2 id="register-the-address">Register the address</h2>',
  "<p>Send <code>pingback=https://example.com/captcha-done</code> with the task.</p>",
  '<div class="callout callout-tip" role="note"><p class="callout-title">Tip</p>',
  "<p>Answer the call with 200 within five seconds.</p></div>",
].join("")

export const english: EditorTranslation = {
  language: "en",
  title: "Pingbacks or polling: how to get answers faster",
  slug: "pingbacks-or-polling",
  markdown,
  html,
  toc: [{ depth: 2, id: "register-the-address", text: "Register the address" }],
  readingMinutes: 1,
  status: "published",
  publishAt: null,
  publishedAt: "2026-10-02T09:00:00.000Z",
  seoTitle: null,
  seoDescription: null,
  canonical: null,
  revision: "31",
  sourceRevision: null,
  outdated: false,
  views: 1284,
  createdAt: "2026-09-28T12:00:00.000Z",
  updatedAt: "2026-11-20T15:30:00.000Z",
}

export const russian: EditorTranslation = {
  ...english,
  language: "ru",
  title: "Pingback или опрос: как получать ответы быстрее",
  slug: "pingback-ili-opros",
  markdown:
    "Pingback сообщает вашему серверу, что ответ готов.\n\n## Регистрация адреса\n\nПередайте `pingback`.",
  html: '<p>Pingback сообщает вашему серверу, что ответ готов.</p><h2 id="registratsiya-adresa">Регистрация адреса</h2><p>Передайте <code>pingback</code>.</p>',
  toc: [{ depth: 2, id: "registratsiya-adresa", text: "Регистрация адреса" }],
  status: "draft",
  publishedAt: null,
  revision: "29",
  sourceRevision: "27",
  outdated: true,
  views: 0,
  updatedAt: "2026-11-01T08:00:00.000Z",
}

export const article: EditorArticle = {
  id: "7",
  kind: "blog",
  key: "pingbacks-or-polling",
  tags: ["pingback", "api"],
  coverUrl: null,
  author: { id: "3", name: "Anna Petrova" },
  languages: ["en", "ru"],
  translations: [english, russian],
  createdAt: "2026-09-28T12:00:00.000Z",
  updatedAt: "2026-11-20T15:30:00.000Z",
}

/** Only English, a draft: what "new" makes. */
export const draft: EditorArticle = {
  ...article,
  id: "12",
  key: "proxies-in-tasks",
  tags: ["proxy"],
  translations: [
    {
      ...english,
      title: "Proxies in tasks",
      slug: "proxies-in-tasks",
      markdown: "",
      html: "",
      toc: [],
      readingMinutes: 0,
      status: "draft",
      publishedAt: null,
      revision: "40",
      views: 0,
    },
  ],
}

const summary = (source: EditorArticle) => ({
  id: source.id,
  kind: source.kind,
  key: source.key,
  tags: source.tags,
  author: source.author,
  updatedAt: source.updatedAt,
  translations: source.translations.map(
    ({ language, title, slug, status, publishAt, publishedAt, outdated, updatedAt }) => ({
      language,
      title,
      slug,
      status,
      publishAt,
      publishedAt,
      outdated,
      updatedAt,
    }),
  ),
})

const scheduled: EditorArticle = {
  ...article,
  id: "9",
  key: "recaptcha-v3-scores",
  author: null,
  tags: ["recaptcha-v3"],
  translations: [
    {
      ...english,
      title: "What a reCAPTCHA v3 score means for your bot",
      slug: "recaptcha-v3-scores",
      status: "scheduled",
      publishAt: "2026-12-03T09:00:00.000Z",
      publishedAt: null,
    },
  ],
}

export const list: EditorArticleList = {
  items: [summary(draft), summary(article), summary(scheduled)],
  page: 1,
  pageSize: 20,
  total: 3,
}

export const revisions: RevisionList = {
  items: [
    {
      id: "31",
      language: "en",
      author: { id: "3", name: "Anna Petrova" },
      createdAt: "2026-11-20T15:30:00.000Z",
      title: english.title,
      characters: 262,
      restoredFrom: null,
    },
    {
      id: "29",
      language: "ru",
      author: { id: "5", name: "Иван Смирнов" },
      createdAt: "2026-11-01T08:00:00.000Z",
      title: russian.title,
      characters: 110,
      restoredFrom: null,
    },
    {
      id: "27",
      language: "en",
      author: { id: "3", name: "Anna Petrova" },
      createdAt: "2026-10-02T08:55:00.000Z",
      title: english.title,
      characters: 201,
      restoredFrom: null,
    },
  ],
}

export const diff: RevisionDiff = {
  from: revisions.items[2]!,
  to: revisions.items[0]!,
  titleChanged: false,
  added: 2,
  removed: 0,
  lines: [
    { op: "same", text: markdown.split("\n")[0]!, fromLine: 1, toLine: 1 },
    { op: "same", text: "", fromLine: 2, toLine: 2 },
    { op: "same", text: "## Register the address", fromLine: 3, toLine: 3 },
    { op: "same", text: "", fromLine: 4, toLine: 4 },
    {
      op: "same",
      text: "Send `pingback=https://example.com/captcha-done` with the task.",
      fromLine: 5,
      toLine: 5,
    },
    { op: "added", text: "", fromLine: null, toLine: 6 },
    { op: "added", text: "> [!TIP]", fromLine: null, toLine: 7 },
  ],
}

// A drawn picture, so the story needs no file of its own (the server itself never serves SVG).
const PIXEL =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#dbeafe"/>' +
      '<path d="M2 7l4-4 3 3 2-2 3 3z" fill="#60a5fa"/></svg>',
  )

export const picture: Attachment = {
  id: "15",
  fileName: "pingback-flow.png",
  contentType: "image/webp",
  originalType: "image/png",
  bytes: 48_213,
  width: 1600,
  height: 900,
  alt: "How a pingback reaches your server",
  url: PIXEL,
  variants: [
    { width: 480, url: PIXEL },
    { width: 960, url: PIXEL },
    { width: 1600, url: PIXEL },
  ],
  markdown: "![How a pingback reaches your server](/media/15/3f2a9c0d1b4e5f60-1600.webp)",
  uploadedBy: { id: "3", name: "Anna Petrova" },
  createdAt: "2026-11-20T15:00:00.000Z",
}

export const pictures: AttachmentList = { items: [picture], page: 1, pageSize: 6, total: 1 }
