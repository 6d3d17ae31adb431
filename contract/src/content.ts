/*
 * The content API (docs/ARCHITECTURE.md "Content"): the blog, the software blog and tutorials, read by everyone
 * and written by editors (admins and moderators). The three kinds share one model and one set of endpoints,
 * each under its own addresses (spec §7):
 *
 *   kind           public                       editors
 *   blog           /api/v1/articles             /api/v1/editor/articles
 *   software_blog  /api/v1/catalog/articles     /api/v1/editor/catalog/articles
 *   tutorial       /api/v1/tutorials            /api/v1/editor/tutorials
 *
 * An article has a translation per language (spec §2: en and ru for these kinds); each translation has its own
 * slug, Markdown source, status and revisions. The server renders Markdown to sanitised HTML when it is saved,
 * so a public answer carries `html` ready to insert, with `toc` entries linking to its headings' ids.
 *
 * Language (spec §5): a public request names `language` (any site language, default en); a language the kind
 * is not written in falls back to en. Answers say which language they are in (`language`) and which was asked
 * (`requestedLanguage`), so a page can tell a reader the article is in English.
 */
import { defineEndpoints, routeDatum } from "./endpoint"
import { Page, pageQueryProperties } from "./common"
import { SITE_LANGUAGES, type SiteLanguage } from "./languages"
import {
  DateTime,
  DateTimeInput,
  Id,
  IdParams,
  NoContent,
  Nullable,
  StrictObject,
  StringEnum,
  Text,
  Type,
  type Static,
} from "./schema"

// ---------------------------------------------------------------------------------------------------------
// Rules shared by the server and the pages

/** api_doc and landing are reserved for the API docs and landing pages (next issue); no routes yet. */
export const CONTENT_KINDS = ["blog", "software_blog", "tutorial", "api_doc", "landing", "faq"] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]

/**
 * Spec §2: a fixed list of old blog articles is Russian only, another English only. Each is written in that
 * language alone (server/content/blog/<slug>/) and has its own route with that one language (app/routes/
 * content.json): asked for on another language's site, the page goes to its own site.
 */
export const OLD_BLOG_SLUGS = {
  ru: ["kak-nachat-rabotat-v-manyhands", "vyplaty-rabotnikam", "pochemu-kapchi-stanovyatsya-slozhnee"],
  en: ["captcha-solving-for-qa-teams", "choosing-a-captcha-for-your-site", "reading-an-api-error"],
} as const satisfies Partial<Record<SiteLanguage, readonly string[]>>

/** The kinds with public and editor endpoints. */
export const ARTICLE_KINDS = ["blog", "software_blog", "tutorial", "faq"] as const
export type ArticleKind = (typeof ARTICLE_KINDS)[number]

/** Where each kind's public pages live on the site (spec §2): the list, and `${path}/{slug}` for an article. */
export const ARTICLE_PAGE_PATHS: Record<ArticleKind, string> = {
  blog: "/blog",
  software_blog: "/software/blog",
  tutorial: "/h",
  faq: "/support/faq",
}

/** An article's page path within its site (without a language prefix). */
export function articlePath(kind: ArticleKind, slug: string): string {
  return `${ARTICLE_PAGE_PATHS[kind]}/${slug}`
}

/** The feeds of each kind's list (RSS 2.0 and Atom), in the language of the site asked. */
export const FEED_FORMATS = ["rss", "atom"] as const
export type FeedFormat = (typeof FEED_FORMATS)[number]
export function feedPath(kind: ArticleKind, format: FeedFormat): string {
  return `${ARTICLE_PAGE_PATHS[kind]}/${format}.xml`
}

/** The languages each kind is written in (spec §2); the first is the source others are translated from. */
export const CONTENT_LANGUAGES: Record<ContentKind, readonly SiteLanguage[]> = {
  blog: ["en", "ru"],
  software_blog: ["en", "ru"],
  tutorial: ["en", "ru"],
  faq: ["en", "ru"],
  api_doc: ["en", "ru"],
  landing: SITE_LANGUAGES,
}

/** The language translations are made from: a translation is outdated when its English source changed since. */
export const SOURCE_LANGUAGE = "en" satisfies SiteLanguage

/** Spec §5: the language of a kind's content for a requested language — itself when written in it, else en. */
export function contentLanguage(kind: ContentKind, requested: string | undefined): SiteLanguage {
  const languages = CONTENT_LANGUAGES[kind]
  return languages.find((language) => language === requested) ?? SOURCE_LANGUAGE
}

/**
 * draft: only editors see it. scheduled: public from `publishAt` on (to the second; a background job then marks it
 * published). published: public.
 */
export const ARTICLE_STATUSES = ["draft", "scheduled", "published"] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

/** Spec §5 and §9: a search needs at least 3 characters (the server refuses fewer with SEARCH_TOO_SHORT). */
export const SEARCH_MIN_LENGTH = 3
export const SEARCH_MAX_LENGTH = 100

/**
 * popular: most read first (spec §9's default); newest: latest published first; relevance: best match of `q`
 * first (the default when searching).
 */
export const ARTICLE_SORTS = ["popular", "newest", "relevance"] as const
export type ArticleSort = (typeof ARTICLE_SORTS)[number]

/** A slug: lower-case letters, digits and single hyphens, as in /blog/how-pingbacks-work. */
export const SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
export const SLUG_MAX_LENGTH = 120
export const TITLE_MAX_LENGTH = 200
/** The longest Markdown source of one translation, in characters. */
export const MARKDOWN_MAX_LENGTH = 200_000
export const MAX_TAGS = 10

const Slug = (description: string) =>
  Type.String({ pattern: SLUG_PATTERN, minLength: 1, maxLength: SLUG_MAX_LENGTH, description })
const Tag = Type.String({
  pattern: SLUG_PATTERN,
  minLength: 1,
  maxLength: 40,
  description: "A tag: lower-case words with hyphens (pingback, recaptcha-v2).",
})
const Language = (description: string) => StringEnum(SITE_LANGUAGES, { description })

// ---------------------------------------------------------------------------------------------------------
// Public answers

export const ArticleAuthor = Type.Object({
  name: Nullable(Type.String(), { description: "The author's display name; null: show the team's name." }),
})
export type ArticleAuthor = Static<typeof ArticleAuthor>

/** An article in a list. */
export const ArticleSummary = Type.Object({
  id: Id(),
  kind: StringEnum(CONTENT_KINDS),
  language: StringEnum(SITE_LANGUAGES),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String({
    description: "The SEO description, or the start of the text (about 200 characters) when none is set.",
  }),
  coverUrl: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  author: ArticleAuthor,
  publishedAt: DateTime("When it became public (a scheduled one: its publishAt)."),
  updatedAt: DateTime("The text's last save."),
  readingMinutes: Type.Integer({ minimum: 1 }),
  views: Type.Integer({ description: "Reads of the page (once per reader and hour)." }),
})
export type ArticleSummary = Static<typeof ArticleSummary>

/** The neighbours of an article in its kind and language, by publication. */
export const ArticleLink = Type.Object({ slug: Type.String(), title: Type.String() })
export type ArticleLink = Static<typeof ArticleLink>

export const TocEntry = Type.Object({
  depth: Type.Integer({ minimum: 2, maximum: 3, description: "2: a section (h2); 3: a subsection (h3)." }),
  id: Type.String({ description: "The heading's id in html: link to #id." }),
  text: Type.String(),
})
export type TocEntry = Static<typeof TocEntry>

const languageProperties = {
  language: StringEnum(SITE_LANGUAGES, { description: "The language of the content answered." }),
  requestedLanguage: StringEnum(SITE_LANGUAGES, {
    description:
      "The language asked for; differs from language when the kind is not written in it (spec §5).",
  }),
}

/** One article's page (by slug). */
export const ArticleView = Type.Object({
  ...ArticleSummary.properties,
  ...languageProperties,
  html: Type.String({
    description:
      "Sanitised HTML rendered on save: headings with ids, code highlighted (shiki: each token's style has " +
      "--shiki-light and --shiki-dark colours), tables, callouts (div.callout.callout-note …), figures.",
  }),
  toc: Type.Array(TocEntry),
  seoTitle: Nullable(Type.String(), { description: "The <title> to use instead of the title." }),
  seoDescription: Nullable(Type.String()),
  canonical: Nullable(Type.String(), { description: "Another address to declare canonical, if set." }),
  outdated: Type.Boolean({
    description: "A translation made from an older version of the English text: say it may lag behind.",
  }),
  translations: Type.Array(Type.Object({ language: StringEnum(SITE_LANGUAGES), slug: Type.String() }), {
    description: "Every public language of this article with its slug (this one included): hreflang links.",
  }),
  related: Type.Array(ArticleSummary, { description: "Up to 3 articles of the kind sharing the most tags." }),
  previous: Nullable(ArticleLink, { description: "The article published just before, in this language." }),
  next: Nullable(ArticleLink, { description: "The article published just after, in this language." }),
})
export type ArticleView = Static<typeof ArticleView>

export const ArticleList = Page(ArticleSummary, {
  ...languageProperties,
  sort: StringEnum(ARTICLE_SORTS),
  q: Nullable(Type.String(), { description: "The search answered, trimmed." }),
  tag: Nullable(Type.String()),
})
export type ArticleList = Static<typeof ArticleList>

export const TagCount = Type.Object({ tag: Type.String(), count: Type.Integer() })
export type TagCount = Static<typeof TagCount>

/** The landing data of a list page: tags, the newest and the most read. */
export const ArticleIndex = Type.Object({
  ...languageProperties,
  total: Type.Integer({ description: "Public articles in this language." }),
  tags: Type.Array(TagCount, { description: "Tags of the public articles, most used first." }),
  latest: Type.Array(ArticleSummary, { description: "The 5 newest." }),
  popular: Type.Array(ArticleSummary, { description: "The 5 most read." }),
})
export type ArticleIndex = Static<typeof ArticleIndex>

// ---------------------------------------------------------------------------------------------------------
// Public requests

const LanguageQueryProperty = {
  language: Type.Optional(
    Language(
      "Any site language (default: the language of the site asked, en on the international one); falls back to " +
        "en where the kind is not written in it.",
    ),
  ),
}

export const ArticleIndexQuery = StrictObject(LanguageQueryProperty)
export type ArticleIndexQuery = Static<typeof ArticleIndexQuery>

export const ArticleListQuery = StrictObject({
  ...LanguageQueryProperty,
  ...pageQueryProperties,
  tag: Type.Optional(Type.String({ maxLength: 40, description: "Only articles with this tag." })),
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description:
        "Search words, at least 3 characters (fewer: 400 SEARCH_TOO_SHORT). Stemmed in languages PostgreSQL " +
        "stems (en, de, es, fr, it, pt, ru, tr), by trigrams in the others; parts of words match in titles.",
    }),
  ),
  sort: Type.Optional(StringEnum(ARTICLE_SORTS, { description: "Default: relevance with q, else popular." })),
})
export type ArticleListQuery = Static<typeof ArticleListQuery>

export const SlugParams = StrictObject({ slug: Type.String({ minLength: 1, maxLength: 200 }) })

export const ArticleViewQuery = StrictObject(LanguageQueryProperty)

export const ArticleViewBody = StrictObject({ language: Language("The language of the page read.") })

// ---------------------------------------------------------------------------------------------------------
// Editors' answers

export const Editor = Type.Object({ id: Id(), name: Nullable(Type.String()) })

export const EditorTranslation = Type.Object({
  language: StringEnum(SITE_LANGUAGES),
  title: Type.String(),
  slug: Type.String(),
  markdown: Type.String(),
  html: Type.String({ description: "As the public page shows it." }),
  toc: Type.Array(TocEntry),
  readingMinutes: Type.Integer(),
  status: StringEnum(ARTICLE_STATUSES),
  publishAt: Nullable(DateTime(), { description: "scheduled: when it becomes public." }),
  publishedAt: Nullable(DateTime(), { description: "When it first became public (kept through unpublish)." }),
  seoTitle: Nullable(Type.String()),
  seoDescription: Nullable(Type.String()),
  canonical: Nullable(Type.String()),
  revision: Id("The current revision: send it back as baseRevision with the next save."),
  sourceRevision: Nullable(Id(), {
    description: "A translation: the English revision it was made from. null for English itself.",
  }),
  outdated: Type.Boolean({ description: "The English text has changed since sourceRevision." }),
  views: Type.Integer(),
  createdAt: DateTime(),
  updatedAt: DateTime(),
})
export type EditorTranslation = Static<typeof EditorTranslation>

export const EditorArticle = Type.Object({
  id: Id(),
  kind: StringEnum(CONTENT_KINDS),
  key: Type.String({ description: "The article's name across languages, unique in its kind." }),
  tags: Type.Array(Type.String()),
  coverUrl: Nullable(Type.String()),
  author: Nullable(Editor),
  languages: Type.Array(StringEnum(SITE_LANGUAGES), {
    description: "The languages this kind is written in.",
  }),
  translations: Type.Array(EditorTranslation),
  createdAt: DateTime(),
  updatedAt: DateTime(),
})
export type EditorArticle = Static<typeof EditorArticle>

export const EditorTranslationSummary = Type.Object({
  language: StringEnum(SITE_LANGUAGES),
  title: Type.String(),
  slug: Type.String(),
  status: StringEnum(ARTICLE_STATUSES),
  publishAt: Nullable(DateTime()),
  publishedAt: Nullable(DateTime()),
  outdated: Type.Boolean(),
  updatedAt: DateTime(),
})
export type EditorTranslationSummary = Static<typeof EditorTranslationSummary>

export const EditorArticleSummary = Type.Object({
  id: Id(),
  kind: StringEnum(CONTENT_KINDS),
  key: Type.String(),
  tags: Type.Array(Type.String()),
  author: Nullable(Editor),
  translations: Type.Array(EditorTranslationSummary),
  updatedAt: DateTime(),
})
export type EditorArticleSummary = Static<typeof EditorArticleSummary>

export const EditorArticleList = Page(EditorArticleSummary)
export type EditorArticleList = Static<typeof EditorArticleList>

export const RevisionSummary = Type.Object({
  id: Id(),
  language: StringEnum(SITE_LANGUAGES),
  author: Nullable(Editor),
  createdAt: DateTime(),
  title: Type.String(),
  characters: Type.Integer({ description: "Length of the Markdown." }),
  restoredFrom: Nullable(Id(), { description: "A restore: the revision whose text it brought back." }),
})
export type RevisionSummary = Static<typeof RevisionSummary>

export const Revision = Type.Object({ ...RevisionSummary.properties, markdown: Type.String() })
export type Revision = Static<typeof Revision>

export const RevisionList = Type.Object({
  items: Type.Array(RevisionSummary, { description: "Newest first." }),
})
export type RevisionList = Static<typeof RevisionList>

export const DIFF_OPS = ["same", "added", "removed"] as const
export const DiffLine = Type.Object({
  op: StringEnum(DIFF_OPS),
  text: Type.String(),
  fromLine: Nullable(Type.Integer(), { description: "Its number in the older text (same, removed)." }),
  toLine: Nullable(Type.Integer(), { description: "Its number in the newer text (same, added)." }),
})
export type DiffLine = Static<typeof DiffLine>

export const RevisionDiff = Type.Object({
  from: RevisionSummary,
  to: RevisionSummary,
  titleChanged: Type.Boolean(),
  added: Type.Integer({ description: "Lines added." }),
  removed: Type.Integer({ description: "Lines removed." }),
  lines: Type.Array(DiffLine, { description: "Every line of both texts in order, each marked." }),
})
export type RevisionDiff = Static<typeof RevisionDiff>

export const RenderedPreview = Type.Object({
  html: Type.String(),
  toc: Type.Array(TocEntry),
  readingMinutes: Type.Integer(),
})
export type RenderedPreview = Static<typeof RenderedPreview>

// ---------------------------------------------------------------------------------------------------------
// Editors' requests

const translationFields = {
  title: Text(TITLE_MAX_LENGTH),
  slug: Type.Optional(
    Slug("Default: made from the title (Cyrillic transliterated), or another language's slug."),
  ),
  markdown: Type.String({ maxLength: MARKDOWN_MAX_LENGTH, description: "The text, Markdown (GFM)." }),
  seoTitle: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  seoDescription: Type.Optional(Nullable(Type.String({ maxLength: 400 }))),
  canonical: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 500,
        pattern: "^(https://|/)",
        description: "An https address or a site path.",
      }),
    ),
  ),
}
const articleFields = {
  tags: Type.Optional(Type.Array(Tag, { maxItems: MAX_TAGS, uniqueItems: true })),
  coverUrl: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 500,
        pattern: "^(https://|/)",
        description: "An https address or a site path.",
      }),
    ),
  ),
}

export const NewArticleBody = StrictObject({
  language: Language("The first translation's language (one the kind is written in)."),
  ...translationFields,
  ...articleFields,
  key: Type.Optional(
    Type.String({
      maxLength: 160,
      pattern: "^[a-z0-9]+([-./][a-z0-9]+)*$",
      description: "Default: the slug (with -2, -3 … when taken).",
    }),
  ),
})
export type NewArticleBody = Static<typeof NewArticleBody>

export const SaveArticleBody = StrictObject({
  language: Language("The translation saved; one the article lacks is created."),
  ...translationFields,
  ...articleFields,
  baseRevision: Type.Optional(
    Nullable(Id(), {
      description:
        "The revision this edit started from (null: a new translation). When another save came in between, " +
        "409 ARTICLE_EDIT_CONFLICT and nothing is saved.",
    }),
  ),
  sourceRevision: Type.Optional(
    Nullable(Id(), {
      description:
        "A translation: the English revision its text now matches (mark it up to date). Omitted: unchanged " +
        "(a new translation: the current English revision).",
    }),
  ),
})
export type SaveArticleBody = Static<typeof SaveArticleBody>

export const LanguageBody = StrictObject({ language: Language("The translation concerned.") })
export type LanguageBody = Static<typeof LanguageBody>

export const ScheduleBody = StrictObject({
  language: Language("The translation concerned."),
  publishAt: DateTimeInput("When it becomes public; in the future."),
})
export type ScheduleBody = Static<typeof ScheduleBody>

export const EditorListQuery = StrictObject({
  ...pageQueryProperties,
  language: Type.Optional(Language("Only articles with a translation in this language.")),
  status: Type.Optional(StringEnum(ARTICLE_STATUSES, { description: "Only translations with this status." })),
  outdated: Type.Optional(Type.Boolean({ description: "true: only articles with an outdated translation." })),
  q: Type.Optional(
    Type.String({ maxLength: SEARCH_MAX_LENGTH, description: "Part of a title, slug or key (≥ 3)." }),
  ),
})
export type EditorListQuery = Static<typeof EditorListQuery>

export const KeyParams = StrictObject({ key: Type.String({ minLength: 1, maxLength: 160 }) })

export const RevisionsQuery = StrictObject({ language: Type.Optional(Language("Only this translation's.")) })
export const RevisionParams = StrictObject({ id: Id(), revisionId: Id() })
export const DiffQuery = StrictObject({ from: Id("The older revision."), to: Id("The newer revision.") })

export const PreviewBody = StrictObject({
  markdown: Type.String({ maxLength: MARKDOWN_MAX_LENGTH }),
  language: Type.Optional(Language("For callout titles (default en).")),
})
export const CleanHtmlBody = StrictObject({ html: Type.String({ maxLength: MARKDOWN_MAX_LENGTH }) })
export const CleanHtml = Type.Object({
  html: Type.String({
    description:
      "Only text-level and block elements, links and pictures; no attributes but href, src, alt, title.",
  }),
})
export type CleanHtml = Static<typeof CleanHtml>

// ---------------------------------------------------------------------------------------------------------
// Endpoints: the same for each kind, under its addresses

/** The public endpoints of one kind under `base` (/api/v1/articles …). */
function publicEndpoints<const B extends string>(base: B, noun: string) {
  return {
    index: {
      method: "GET",
      path: `${base}/index` as const,
      summary: `The ${noun} list page's landing data: tags, the newest and the most read`,
      public: true,
      querystring: ArticleIndexQuery,
      response: { 200: ArticleIndex },
    },
    list: {
      method: "GET",
      path: `${base}` as const,
      summary: `Public ${noun}, a page at a time, with tag, search and sorting`,
      description:
        "Pages are made to be merged (“load more”): the order is stable, ties broken by id, so consecutive pages " +
        "neither repeat nor skip an article.",
      public: true,
      querystring: ArticleListQuery,
      response: { 200: ArticleList },
      errors: ["SEARCH_TOO_SHORT"],
    },
    bySlug: {
      method: "GET",
      path: `${base}/by-slug/:slug` as const,
      summary: `One of the ${noun} by its slug, with contents, related articles and neighbours`,
      description:
        "Looks in the answer's language first. A slug of another language's translation answers the article in " +
        "the asked language when it has one (its own slug in `slug`: redirect there), else in the language the " +
        "slug belongs to (`language` says which).",
      public: true,
      params: SlugParams,
      querystring: ArticleViewQuery,
      response: { 200: ArticleView },
      errors: ["ARTICLE_NOT_FOUND"],
    },
    view: {
      method: "POST",
      path: `${base}/:id/views` as const,
      summary: `Counts a read of one of the ${noun} (popular sorting)`,
      description: "Counted once per reader (address) and article per hour; 204 either way.",
      public: true,
      params: IdParams,
      body: ArticleViewBody,
      response: { 204: NoContent("Counted, or already counted within the hour.") },
      errors: ["ARTICLE_NOT_FOUND"],
    },
  } as const
}

const EDITOR_ERRORS = ["NOT_SIGNED_IN", "FORBIDDEN"] as const

/** The editors' endpoints of one kind under `base` (/api/v1/editor/articles …): admins and moderators. */
function editorEndpoints<const B extends string>(base: B, noun: string) {
  return {
    list: {
      method: "GET",
      path: `${base}` as const,
      summary: `Every ${noun} with its translations' statuses, newest change first`,
      querystring: EditorListQuery,
      response: { 200: EditorArticleList },
      errors: [...EDITOR_ERRORS, "SEARCH_TOO_SHORT"],
    },
    create: {
      method: "POST",
      path: `${base}/new` as const,
      summary: `Starts a new one of the ${noun}: its first translation, a draft`,
      body: NewArticleBody,
      response: { 201: EditorArticle },
      errors: [...EDITOR_ERRORS, "LANGUAGE_NOT_OFFERED", "ARTICLE_SLUG_TAKEN", "ARTICLE_KEY_TAKEN"],
    },
    get: {
      method: "GET",
      path: `${base}/:id` as const,
      summary: `One of the ${noun} with every translation (Markdown and rendered HTML)`,
      params: IdParams,
      response: { 200: EditorArticle },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND"],
    },
    byKey: {
      method: "GET",
      path: `${base}/by-key/:key` as const,
      summary: `One of the ${noun} by its key (the editor pages' address), as \`get\``,
      params: KeyParams,
      response: { 200: EditorArticle },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND"],
    },
    save: {
      method: "PUT",
      path: `${base}/:id` as const,
      summary: `Saves a translation (a new revision when its title or text changed) and the article's tags and cover`,
      description:
        "Renders the Markdown now; the answer carries the HTML the public page will show. Status is unchanged: a " +
        "published translation shows the new text at once.",
      params: IdParams,
      body: SaveArticleBody,
      response: { 200: EditorArticle },
      errors: [
        ...EDITOR_ERRORS,
        "ARTICLE_NOT_FOUND",
        "LANGUAGE_NOT_OFFERED",
        "ARTICLE_SLUG_TAKEN",
        "ARTICLE_EDIT_CONFLICT",
        "REVISION_NOT_FOUND",
      ],
    },
    remove: {
      method: "DELETE",
      path: `${base}/:id` as const,
      summary: `Deletes one of the ${noun}, every translation and revision`,
      params: IdParams,
      response: { 204: NoContent("Deleted.") },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND"],
    },
    publish: {
      method: "POST",
      path: `${base}/:id/publish` as const,
      summary: "Makes a translation public now",
      params: IdParams,
      body: LanguageBody,
      response: { 200: EditorArticle },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND", "TRANSLATION_NOT_FOUND"],
    },
    schedule: {
      method: "POST",
      path: `${base}/:id/schedule` as const,
      summary: "Makes a translation public at a time to come",
      params: IdParams,
      body: ScheduleBody,
      response: { 200: EditorArticle },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND", "TRANSLATION_NOT_FOUND", "PUBLISH_AT_PAST"],
    },
    unpublish: {
      method: "POST",
      path: `${base}/:id/unpublish` as const,
      summary: "Takes a translation back to draft (published or scheduled)",
      params: IdParams,
      body: LanguageBody,
      response: { 200: EditorArticle },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND", "TRANSLATION_NOT_FOUND"],
    },
    revisions: {
      method: "GET",
      path: `${base}/:id/revisions` as const,
      summary: "The revisions of an article's translations, newest first",
      params: IdParams,
      querystring: RevisionsQuery,
      response: { 200: RevisionList },
      errors: [...EDITOR_ERRORS, "ARTICLE_NOT_FOUND"],
    },
    revision: {
      method: "GET",
      path: `${base}/:id/revisions/:revisionId` as const,
      summary: "One revision with its Markdown",
      params: RevisionParams,
      response: { 200: Revision },
      errors: [...EDITOR_ERRORS, "REVISION_NOT_FOUND"],
    },
    restore: {
      method: "POST",
      path: `${base}/:id/revisions/:revisionId/restore` as const,
      summary: "Brings back a revision's title and text as a new revision",
      params: RevisionParams,
      response: { 200: EditorArticle },
      errors: [...EDITOR_ERRORS, "REVISION_NOT_FOUND"],
    },
    diff: {
      method: "GET",
      path: `${base}/:id/diff` as const,
      summary: "The line changes between two revisions of an article",
      params: IdParams,
      querystring: DiffQuery,
      response: { 200: RevisionDiff },
      errors: [...EDITOR_ERRORS, "REVISION_NOT_FOUND"],
    },
  } as const
}

export const blogApi = defineEndpoints("blog", publicEndpoints("/api/v1/articles", "blog articles"))
export const softwareArticlesApi = defineEndpoints(
  "software-articles",
  publicEndpoints("/api/v1/catalog/articles", "software blog articles"),
)
export const tutorialsApi = defineEndpoints("tutorials", publicEndpoints("/api/v1/tutorials", "tutorials"))
export const faqApi = defineEndpoints("faq", publicEndpoints("/api/v1/faq", "FAQ answers"))

export const blogEditorApi = defineEndpoints(
  "blog-editor",
  editorEndpoints("/api/v1/editor/articles", "blog articles"),
)
export const softwareArticlesEditorApi = defineEndpoints(
  "software-articles-editor",
  editorEndpoints("/api/v1/editor/catalog/articles", "software blog articles"),
)
export const tutorialsEditorApi = defineEndpoints(
  "tutorials-editor",
  editorEndpoints("/api/v1/editor/tutorials", "tutorials"),
)
export const faqEditorApi = defineEndpoints(
  "faq-editor",
  editorEndpoints("/api/v1/editor/faq", "FAQ answers"),
)

/** What every kind's editor shares: the live preview (the real renderer) and pasted HTML cleaned. */
export const contentEditorApi = defineEndpoints("content-editor", {
  preview: {
    method: "POST",
    path: "/api/v1/editor/preview",
    summary: "Renders Markdown as a save would, without saving (the editor's live preview)",
    body: PreviewBody,
    response: { 200: RenderedPreview },
    errors: [...EDITOR_ERRORS],
  },
  cleanHtml: {
    method: "POST",
    path: "/api/v1/editor/clean-html",
    summary: "Cleans HTML pasted into the editor (sanitize-html) before it goes into the Markdown",
    description:
      "Keeps headings, paragraphs, lists, emphasis, code, quotes, tables, links (http, https, mailto) and " +
      "pictures (https or a site path); drops scripts, styles, event handlers, classes and everything else.",
    body: CleanHtmlBody,
    response: { 200: CleanHtml },
    errors: [...EDITOR_ERRORS],
  },
})

/** Each kind's endpoints, for the server's routes and the pages. */
export const CONTENT_APIS = {
  blog: { public: blogApi, editor: blogEditorApi },
  software_blog: { public: softwareArticlesApi, editor: softwareArticlesEditorApi },
  tutorial: { public: tutorialsApi, editor: tutorialsEditorApi },
  faq: { public: faqApi, editor: faqEditorApi },
} as const satisfies Record<ArticleKind, unknown>

/**
 * Route data (app/routes/content.json): a list page preloads its kind's index and first page (in the site's
 * language); an article page its article by the route's `:slug`.
 */
export const contentRouteData = {
  blogIndex: routeDatum(blogApi.index),
  blogArticles: routeDatum(blogApi.list),
  blogArticle: routeDatum(blogApi.bySlug, (params) => blogApi.bySlug.url({ slug: params.slug ?? "" })),
  softwareArticlesIndex: routeDatum(softwareArticlesApi.index),
  softwareArticles: routeDatum(softwareArticlesApi.list),
  softwareArticle: routeDatum(softwareArticlesApi.bySlug, (params) =>
    softwareArticlesApi.bySlug.url({ slug: params.slug ?? "" }),
  ),
  tutorialsIndex: routeDatum(tutorialsApi.index),
  tutorials: routeDatum(tutorialsApi.list),
  tutorial: routeDatum(tutorialsApi.bySlug, (params) => tutorialsApi.bySlug.url({ slug: params.slug ?? "" })),
  // The editors' pages (/editor/blog …): the list's first page; an article by the route's `:slug` (its key).
  blogEditorList: routeDatum(blogEditorApi.list),
  blogEditorArticle: routeDatum(blogEditorApi.byKey, (params) =>
    blogEditorApi.byKey.url({ key: params.slug ?? "" }),
  ),
  softwareArticlesEditorList: routeDatum(softwareArticlesEditorApi.list),
  softwareArticlesEditorArticle: routeDatum(softwareArticlesEditorApi.byKey, (params) =>
    softwareArticlesEditorApi.byKey.url({ key: params.slug ?? "" }),
  ),
  tutorialsEditorList: routeDatum(tutorialsEditorApi.list),
  tutorialsEditorArticle: routeDatum(tutorialsEditorApi.byKey, (params) =>
    tutorialsEditorApi.byKey.url({ key: params.slug ?? "" }),
  ),
  faqEditorList: routeDatum(faqEditorApi.list),
  faqEditorArticle: routeDatum(faqEditorApi.byKey, (params) =>
    faqEditorApi.byKey.url({ key: params.slug ?? "" }),
  ),
}
