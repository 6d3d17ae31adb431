/*
 * RSS 2.0 and Atom feeds of a kind's public articles in one language (routes.ts serves them at
 * /blog/rss.xml, /blog/atom.xml, /software/blog/…, /h/…). Each entry carries the article's summary and its whole
 * rendered HTML, so a reader shows the article without visiting the site.
 */
import { escapeHtml } from "@manyhands/app/html"
import type { FeedEntry } from "./content"

export interface Feed {
  /** The feed's title, e.g. "Manyhands blog". */
  title: string
  description: string
  language: string
  /** The list page, absolute. */
  pageUrl: string
  /** This feed's own address, absolute. */
  selfUrl: string
  /** An article's page, absolute. */
  articleUrl: (slug: string) => string
  entries: FeedEntry[]
}

/** The characters XML 1.0 cannot hold (C0 controls other than tab and line ends, U+FFFE and U+FFFF). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/** Text for XML: escaped, without the characters XML cannot hold. */
const xml = (text: string) => escapeHtml(text.replace(NOT_XML, ""))
/** HTML inside XML: a CDATA section cannot hold "]]>", so that sequence is split over two sections. */
const cdata = (html: string) =>
  `<![CDATA[${html.replace(NOT_XML, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`

export function rssFeed(feed: Feed): string {
  const updated = feed.entries[0]?.updatedAt ?? new Date(0).toISOString()
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">`,
    `<channel>`,
    `  <title>${xml(feed.title)}</title>`,
    `  <link>${xml(feed.pageUrl)}</link>`,
    `  <description>${xml(feed.description)}</description>`,
    `  <language>${xml(feed.language)}</language>`,
    `  <lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>`,
    `  <atom:link href="${xml(feed.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...feed.entries.map((entry) =>
      [
        `  <item>`,
        `    <title>${xml(entry.title)}</title>`,
        `    <link>${xml(feed.articleUrl(entry.slug))}</link>`,
        `    <guid isPermaLink="false">manyhands-${entry.kind}-${entry.id}-${entry.language}</guid>`,
        `    <pubDate>${new Date(entry.publishedAt).toUTCString()}</pubDate>`,
        ...entry.tags.map((tag) => `    <category>${xml(tag)}</category>`),
        `    <description>${xml(entry.description)}</description>`,
        `    <content:encoded>${cdata(entry.html)}</content:encoded>`,
        `  </item>`,
      ].join("\n"),
    ),
    `</channel>`,
    `</rss>`,
    "",
  ].join("\n")
}

export function atomFeed(feed: Feed): string {
  const updated = feed.entries.reduce(
    (latest, entry) => (entry.updatedAt > latest ? entry.updatedAt : latest),
    new Date(0).toISOString(),
  )
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(feed.language)}">`,
    `  <title>${xml(feed.title)}</title>`,
    `  <subtitle>${xml(feed.description)}</subtitle>`,
    `  <id>${xml(feed.selfUrl)}</id>`,
    `  <link href="${xml(feed.selfUrl)}" rel="self" type="application/atom+xml"/>`,
    `  <link href="${xml(feed.pageUrl)}" rel="alternate" type="text/html"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>Manyhands</name></author>`,
    ...feed.entries.map((entry) =>
      [
        `  <entry>`,
        `    <title>${xml(entry.title)}</title>`,
        `    <id>${xml(feed.articleUrl(entry.slug))}</id>`,
        `    <link href="${xml(feed.articleUrl(entry.slug))}" rel="alternate" type="text/html"/>`,
        `    <published>${entry.publishedAt}</published>`,
        `    <updated>${entry.updatedAt}</updated>`,
        ...(entry.author.name ? [`    <author><name>${xml(entry.author.name)}</name></author>`] : []),
        ...entry.tags.map((tag) => `    <category term="${xml(tag)}"/>`),
        `    <summary>${xml(entry.description)}</summary>`,
        `    <content type="html">${xml(entry.html)}</content>`,
        `  </entry>`,
      ].join("\n"),
    ),
    `</feed>`,
    "",
  ].join("\n")
}
