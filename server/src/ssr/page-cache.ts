import { randomBytes } from "node:crypto"
import { constants, crc32, deflateRawSync } from "node:zlib"

/*
 * Anonymous public pages, kept rendered in this process (issue 27): a visitor with no session gets the page another
 * visitor of the same host, address and variant (the cookies and Accept-Language the render reads, from the app's
 * `variant`) got, without rendering it again.
 *
 * What differs per response is rendered as placeholders and filled in on the way out: the CSP nonces of the
 * response and the visitor's CSRF token. A page is dropped when it is older than `ttlMs` (statistics and other
 * figures that change by the minute), when the database says that what pages show has changed (a NOTIFY on
 * `page_cache` from migration 0039's triggers: articles, prices, the catalogue…, heard by every process) and, on a
 * deploy, with the process. The least recently used pages go first when the HTML passes `maxBytes`.
 *
 * Compression: a kept page is also kept deflated, each text part on its own (so no part refers into a value
 * that changes) and flushed to a byte boundary; a response joins those parts with its values as stored deflate
 * blocks into one gzip stream, computing only its CRC — about a hundredth of compressing the page again. The parts
 * are deflated when the first response that takes gzip asks for them (the miss itself, for a browser), not when
 * the page is kept: a page nobody asks for compressed is never compressed, and none is compressed twice.
 */

export interface CachedPage {
  key: string
  status: number
  /** The composed HTML as UTF-8, cut at the placeholders: text, slot, text, slot, …, text. */
  parts: Buffer[]
  /** Which value each cut takes: 0 the script nonce, 1 the style nonce, 2 the CSRF token. */
  slots: number[]
  /**
   * Each part as raw deflate data ending on a byte boundary (a sync flush), not final; made by the first
   * `gzipBody` of the page.
   */
  deflated?: Buffer[]
  /** The bytes the page holds, counted against `maxBytes`: its parts, and its deflated parts once made. */
  bytes: number
  storedAt: number
}

/** What a kept page holds instead of the values of one response: random per process, letters and digits only. */
export interface PagePlaceholders {
  nonce: string
  styleNonce: string
  csrfToken: string
}

export interface PageCacheOptions {
  ttlMs: number
  maxBytes: number
  now?: () => number
}

export class PageCache {
  readonly placeholders: PagePlaceholders
  /** Map order is use order: the first entry is the least recently used. */
  private readonly pages = new Map<string, CachedPage>()
  private bytes = 0
  /** Counts invalidations: a render that began before one is not kept after it. */
  private generationCount = 0
  private readonly fill: RegExp
  private readonly now: () => number

  constructor(private readonly options: PageCacheOptions) {
    const token = () => `mhpc${randomBytes(12).toString("hex")}`
    this.placeholders = { nonce: token(), styleNonce: token(), csrfToken: token() }
    const { nonce, styleNonce, csrfToken } = this.placeholders
    this.fill = new RegExp(`${nonce}|${styleNonce}|${csrfToken}`, "g")
    this.now = options.now ?? Date.now
  }

  /** The key of an anonymous request's page. */
  static key(host: string, url: string, variant: string): string {
    return `${host}\n${url}\n${variant}`
  }

  get generation(): number {
    return this.generationCount
  }

  get storedBytes(): number {
    return this.bytes
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key)
    if (!page) return undefined
    this.pages.delete(key)
    if (this.now() - page.storedAt >= this.options.ttlMs) {
      this.bytes -= page.bytes
      return undefined
    }
    this.pages.set(key, page)
    return page
  }

  /**
   * Keeps a page (HTML with the placeholders) rendered since `generation` was read, unless the cache was cleared
   * meanwhile; it is cut at its placeholders and encoded once here, so that a response only joins bytes. Returns
   * the kept page, or undefined when it was not kept.
   */
  set(key: string, page: { status: number; html: string }, generation: number): CachedPage | undefined {
    if (generation !== this.generationCount) return undefined
    const parts: Buffer[] = []
    const slots: number[] = []
    const order = [this.placeholders.nonce, this.placeholders.styleNonce, this.placeholders.csrfToken]
    let from = 0
    for (const match of page.html.matchAll(this.fill)) {
      parts.push(Buffer.from(page.html.slice(from, match.index)))
      slots.push(order.indexOf(match[0]))
      from = match.index + match[0].length
    }
    parts.push(Buffer.from(page.html.slice(from)))
    const bytes = parts.reduce((sum, part) => sum + part.length, 0)
    if (bytes > this.options.maxBytes) return undefined
    this.remove(key)
    const kept: CachedPage = {
      key,
      status: page.status,
      parts: packed(parts, bytes),
      slots,
      bytes,
      storedAt: this.now(),
    }
    this.pages.set(key, kept)
    this.bytes += bytes
    this.evict()
    return kept
  }

  /** The same bytes as `body`, gzip-encoded (RFC 1952) from the page's deflated parts, made on the first call. */
  gzipBody(page: CachedPage, values: PageValues): Buffer {
    if (!page.deflated) {
      const deflated = page.parts.map((part) =>
        deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      )
      const bytes = deflated.reduce((sum, part) => sum + part.length, 0)
      page.deflated = packed(deflated, bytes)
      page.bytes += bytes
      // Counted only while the page is kept (it may have been dropped since this response got it).
      if (this.pages.get(page.key) === page) {
        this.bytes += bytes
        this.evict()
      }
    }
    return gzipOf(page, page.deflated, values)
  }

  /** Drops the least recently used pages while the kept bytes pass `maxBytes`. */
  private evict() {
    for (const [oldest, old] of this.pages) {
      if (this.bytes <= this.options.maxBytes) break
      this.pages.delete(oldest)
      this.bytes -= old.bytes
    }
  }

  clear(): void {
    this.generationCount++
    this.pages.clear()
    this.bytes = 0
  }

  /** The HTML of one response: the page with the placeholders cut out, composed before it was kept. */
  fillIn(html: string, values: PageValues): string {
    const { nonce, styleNonce } = this.placeholders
    return html.replace(this.fill, (placeholder) =>
      placeholder === nonce
        ? values.nonce
        : placeholder === styleNonce
          ? values.styleNonce
          : values.csrfToken,
    )
  }

  /** A kept page's bytes for one response. */
  static body(page: CachedPage, values: PageValues): Buffer {
    const filled = valueBytes(values)
    const chunks: Buffer[] = [page.parts[0]!]
    page.slots.forEach((slot, at) => chunks.push(filled[slot]!, page.parts[at + 1]!))
    return Buffer.concat(chunks)
  }

  private remove(key: string) {
    const page = this.pages.get(key)
    if (!page) return
    this.pages.delete(key)
    this.bytes -= page.bytes
  }
}

/**
 * The buffers copied into one memory block of exactly `bytes`, as views of it. What `Buffer.from` and zlib return
 * may be a view of a larger block (Node's shared 8 KB pool; zlib's 16 KB output chunk, even for a deflated part of
 * a few bytes) that a kept view would hold whole: the pages' memory would then be several times the bytes counted
 * against `maxBytes`.
 */
function packed(buffers: Buffer[], bytes: number): Buffer[] {
  const block = Buffer.allocUnsafeSlow(bytes)
  let at = 0
  return buffers.map((buffer) => {
    buffer.copy(block, at)
    at += buffer.length
    return block.subarray(at - buffer.length, at)
  })
}

/** A kept page's bytes for one response as gzip (RFC 1952): its deflated parts joined with the values. */
function gzipOf(page: CachedPage, deflated: Buffer[], values: PageValues): Buffer {
  const filled = valueBytes(values)
  const stored = filled.map(storedBlock)
  const chunks: Buffer[] = [GZIP_HEADER, deflated[0]!]
  let crc = crcOf(page.parts[0]!, 0)
  let size = page.parts[0]!.length
  page.slots.forEach((slot, at) => {
    const next = page.parts[at + 1]!
    chunks.push(stored[slot]!, deflated[at + 1]!)
    crc = crcOf(next, crcOf(filled[slot]!, crc))
    size += filled[slot]!.length + next.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4)
  chunks.push(FINAL_EMPTY_BLOCK, trailer)
  return Buffer.concat(chunks)
}

/** CRC-32 continued over `bytes`; an empty buffer may have no memory, and zlib answers 0 for that. */
const crcOf = (bytes: Buffer, crc: number) => (bytes.length === 0 ? crc : crc32(bytes, crc))

const valueBytes = (values: PageValues) =>
  [values.nonce, values.styleNonce, values.csrfToken].map((value) => Buffer.from(value))

/** gzip's member header: deflate, no flags, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** A final, empty block with fixed codes: ends the deflate data. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00])

/** Bytes as one stored (uncompressed) deflate block, not final, starting on a byte boundary (RFC 1951 §3.2.4). */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new RangeError("A stored block holds at most 65,535 bytes")
  const header = Buffer.from([0x00, 0, 0, 0, 0])
  header.writeUInt16LE(bytes.length, 1)
  header.writeUInt16LE(~bytes.length & 0xffff, 3)
  return Buffer.concat([header, bytes])
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let gzip: number | undefined
  let any: number | undefined
  for (const item of header.split(",")) {
    const [name = "", ...parameters] = item.trim().toLowerCase().split(";")
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    if (name.trim() === "gzip" || name.trim() === "x-gzip") gzip = quality
    else if (name.trim() === "*") any = quality
  }
  const quality = gzip ?? any ?? 0
  return Number.isFinite(quality) && quality > 0
}

/** What differs per response in a kept page. */
export interface PageValues {
  nonce: string
  styleNonce: string
  csrfToken: string
}
