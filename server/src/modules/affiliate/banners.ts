import { createHash } from "node:crypto"

/*
 * The affiliate banners (AFFILIATE.md "Materials"): small SVGs drawn here from the brand name, one per classic
 * ad size, served from /partner-banners/<size>.svg for partners to embed on their own sites.
 */

const BRAND = "Manyhands"
const TAGLINE = "Captchas solved by real people"
const CALL = "Start now"
const PRIMARY = "#2346cc"
const SOFT = "#e8eeff"
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

export const BANNER_SIZES = ["468x60", "728x90", "300x250", "160x600"] as const
export type BannerSize = (typeof BANNER_SIZES)[number]

export interface Banner {
  id: BannerSize
  width: number
  height: number
  /** The file name under /partner-banners/. */
  file: string
  svg: string
  etag: string
}

interface Text {
  x: number
  y: number
  size: number
  text: string
  weight?: number
  anchor?: "start" | "middle"
  fill?: string
}

/** Safe inside SVG and HTML text and quoted attributes. */
const escapeMarkup = (value: string) => value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

function draw(
  width: number,
  height: number,
  texts: Text[],
  button: { x: number; y: number; width: number; height: number; size: number },
): string {
  const label = (text: Text) =>
    `<text x="${text.x}" y="${text.y}" font-size="${text.size}" font-weight="${text.weight ?? 400}" ` +
    `text-anchor="${text.anchor ?? "start"}" fill="${text.fill ?? "#ffffff"}">${escapeMarkup(text.text)}</text>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `role="img" aria-label="${escapeMarkup(`${BRAND}: ${TAGLINE}`)}" font-family="${FONT}">`,
    `<rect width="${width}" height="${height}" rx="6" fill="${PRIMARY}"/>`,
    ...texts.map(label),
    `<rect x="${button.x}" y="${button.y}" width="${button.width}" height="${button.height}" rx="${button.height / 2}" fill="${SOFT}"/>`,
    label({
      x: button.x + button.width / 2,
      y: button.y + button.height / 2 + button.size * 0.35,
      size: button.size,
      text: CALL,
      weight: 600,
      anchor: "middle",
      fill: PRIMARY,
    }),
    "</svg>",
    "",
  ].join("\n")
}

/** Each size's layout: a strip (brand, tagline, button in a row), a box, or a tall column. */
const LAYOUTS: Record<BannerSize, () => string> = {
  "468x60": () =>
    draw(
      468,
      60,
      [
        { x: 16, y: 28, size: 20, text: BRAND, weight: 700 },
        { x: 16, y: 47, size: 12, text: TAGLINE },
      ],
      { x: 344, y: 15, width: 108, height: 30, size: 14 },
    ),
  "728x90": () =>
    draw(
      728,
      90,
      [
        { x: 24, y: 42, size: 30, text: BRAND, weight: 700 },
        { x: 24, y: 68, size: 17, text: TAGLINE },
      ],
      { x: 554, y: 24, width: 150, height: 42, size: 18 },
    ),
  "300x250": () =>
    draw(
      300,
      250,
      [
        { x: 150, y: 82, size: 34, text: BRAND, weight: 700, anchor: "middle" },
        { x: 150, y: 120, size: 15, text: "Captchas solved", anchor: "middle" },
        { x: 150, y: 140, size: 15, text: "by real people", anchor: "middle" },
      ],
      { x: 75, y: 178, width: 150, height: 40, size: 17 },
    ),
  "160x600": () =>
    draw(
      160,
      600,
      [
        { x: 80, y: 150, size: 22, text: BRAND, weight: 700, anchor: "middle" },
        { x: 80, y: 230, size: 16, text: "Captchas", anchor: "middle" },
        { x: 80, y: 252, size: 16, text: "solved by", anchor: "middle" },
        { x: 80, y: 274, size: 16, text: "real people", anchor: "middle" },
      ],
      { x: 20, y: 470, width: 120, height: 40, size: 16 },
    ),
}

/** Drawn once per process: they never change while it runs. */
export const BANNERS: Banner[] = BANNER_SIZES.map((id) => {
  const [width, height] = id.split("x").map(Number) as [number, number]
  const svg = LAYOUTS[id]()
  return {
    id,
    width,
    height,
    file: `${id}.svg`,
    svg,
    etag: `"${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"`,
  }
})

/** What a partner pastes into their page: the banner as a link to their referral address. */
export function embedCode(banner: Banner, imageUrl: string, link: string): string {
  return (
    `<a href="${escapeMarkup(link)}" target="_blank" rel="noopener">` +
    `<img src="${escapeMarkup(imageUrl)}" width="${banner.width}" height="${banner.height}" ` +
    `alt="${escapeMarkup(`${BRAND}: ${TAGLINE}`)}"></a>`
  )
}
