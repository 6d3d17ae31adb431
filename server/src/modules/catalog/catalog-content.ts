/*
 * The seeded catalogue (issue 22): the programs Manyhands lists itself, kept in server/content/software/ and
 * loaded into the database at every start; an item already there (by its folder) is left as it is, so authors'
 * and moderators' later changes stay.
 *
 *   server/content/software/categories.json          [{ slug, name: { en, ru }, description: { en, ru } }]
 *   server/content/software/<slug>/item.json         { name, categories, platforms, pricing, website, softId,
 *                                                      author: "manyhands" | "developer", published }
 *   server/content/software/<slug>/{en,ru}.md        front matter { summary }, then the Markdown description
 *
 * A file that breaks a rule stops the start with its path and the rule (server/test/catalog.test.ts reads them).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import {
  CATALOG_LANGUAGES,
  SOFTWARE_PLATFORMS,
  SOFTWARE_PRICING,
  type CatalogLanguage,
} from "@manyhands/contract/catalog"
import { serverRoot } from "../../paths"
import { frontMatter, productContentDir } from "../content/product-content"

export const catalogContentDir = join(productContentDir, "software")

/** The demo account that owns the items marked `author: "developer"` (when the database has it). */
export const DEMO_AUTHOR_EMAIL = "developer@demo.manyhands.dev"

export class CatalogContentError extends Error {}

export interface SeedCategory {
  slug: string
  name: Record<CatalogLanguage, string>
  description: Record<CatalogLanguage, string>
}

export interface SeedItem {
  key: string
  name: string
  categories: string[]
  platforms: string[]
  pricing: string
  website: string | null
  softId: number
  author: "manyhands" | "developer"
  published: string
  texts: Record<CatalogLanguage, { summary: string; description: string }>
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

function json(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"))
  } catch (error) {
    throw new CatalogContentError(`${path.slice(serverRoot.length)}: ${(error as Error).message}`)
  }
}

const isTexts = (value: unknown): value is Record<CatalogLanguage, string> =>
  typeof value === "object" &&
  value !== null &&
  CATALOG_LANGUAGES.every(
    (language) =>
      typeof (value as Record<string, unknown>)[language] === "string" &&
      ((value as Record<string, string>)[language] ?? "").trim() !== "",
  )

/** The categories and programs under `dir`, checked. */
export function readCatalogContent(dir = catalogContentDir): {
  categories: SeedCategory[]
  items: SeedItem[]
} {
  if (!existsSync(dir)) return { categories: [], items: [] }
  const categoriesFile = join(dir, "categories.json")
  const rawCategories = json(categoriesFile)
  if (!Array.isArray(rawCategories))
    throw new CatalogContentError("server/content/software/categories.json: not a list")
  const categories = rawCategories.map((category: Record<string, unknown>, index) => {
    if (
      typeof category.slug !== "string" ||
      !SLUG.test(category.slug) ||
      !isTexts(category.name) ||
      !isTexts(category.description)
    )
      throw new CatalogContentError(
        `server/content/software/categories.json: entry ${index + 1} needs a slug and name and description in en and ru`,
      )
    return { slug: category.slug, name: category.name, description: category.description }
  })
  const known = new Set(categories.map((category) => category.slug))
  const softIds = new Set<number>()
  const items = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((key): SeedItem => {
      const where = `server/content/software/${key}`
      if (!SLUG.test(key) || key.length < 3 || key.length > 60)
        throw new CatalogContentError(
          `${where}: the folder's name is the slug (3–60 lower-case words and hyphens)`,
        )
      const item = json(join(dir, key, "item.json")) as Record<string, unknown>
      const problem = (rule: string) => new CatalogContentError(`${where}/item.json: ${rule}`)
      if (typeof item.name !== "string" || item.name.length < 2 || item.name.length > 80)
        throw problem("name must be 2–80 characters")
      const itemCategories = item.categories
      if (
        !Array.isArray(itemCategories) ||
        itemCategories.length < 1 ||
        itemCategories.length > 3 ||
        !itemCategories.every((slug) => known.has(slug as string))
      )
        throw problem("categories must be 1–3 slugs of categories.json")
      const platforms = item.platforms
      if (
        !Array.isArray(platforms) ||
        !platforms.every((p) => (SOFTWARE_PLATFORMS as readonly unknown[]).includes(p))
      )
        throw problem(`platforms must be some of ${SOFTWARE_PLATFORMS.join(", ")}`)
      if (!(SOFTWARE_PRICING as readonly unknown[]).includes(item.pricing))
        throw problem(`pricing must be one of ${SOFTWARE_PRICING.join(", ")}`)
      if (
        item.website !== undefined &&
        item.website !== null &&
        (typeof item.website !== "string" || !/^(https:\/\/|\/)\S+$/.test(item.website))
      )
        throw problem("website must be an https address or a site path")
      if (
        !Number.isInteger(item.softId) ||
        (item.softId as number) <= 0 ||
        softIds.has(item.softId as number)
      )
        throw problem("softId must be a positive whole number no other program has")
      softIds.add(item.softId as number)
      if (item.author !== "manyhands" && item.author !== "developer")
        throw problem('author must be "manyhands" or "developer"')
      if (typeof item.published !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(item.published))
        throw problem("published must be a date such as 2026-05-14")
      const texts = Object.fromEntries(
        CATALOG_LANGUAGES.map((language) => {
          const path = join(dir, key, `${language}.md`)
          const file = `${where}/${language}.md`
          if (!existsSync(path)) throw new CatalogContentError(`${file}: missing`)
          const { data, body } = frontMatter(readFileSync(path, "utf8"), file)
          const summary = data.summary
          if (typeof summary !== "string" || summary.trim() === "" || [...summary].length > 160)
            throw new CatalogContentError(`${file}: "summary" must be text of at most 160 characters`)
          if (body.trim() === "" || body.length > 20_000)
            throw new CatalogContentError(`${file}: the description must be 1–20,000 characters`)
          return [language, { summary: summary.trim(), description: body }]
        }),
      ) as SeedItem["texts"]
      return {
        key,
        name: item.name,
        categories: itemCategories as string[],
        platforms: platforms as string[],
        pricing: item.pricing as string,
        website: (item.website as string | undefined) ?? null,
        softId: item.softId as number,
        author: item.author,
        published: item.published,
        texts,
      }
    })
  return { categories, items }
}
