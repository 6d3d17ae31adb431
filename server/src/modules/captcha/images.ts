// Checks of submitted images and audio without an image library: the real type from the magic bytes, the
// size in pixels from the header bytes (captcha-api reference §1.3, §1.6, §2.3). JPEG, PNG and GIF are
// accepted; WebP, BMP and the rest are refused with ERROR_IMAGE_TYPE_NOT_SUPPORTED, as the reference lists only
// JPG/JPEG/GIF/PNG and workers' answers (coordinates, boxes) must refer to the exact picture the customer has.

import { TaskInputError, type FileSpec, type MediaSize, type SizeLimit, type TaskFile } from "./task-types"

export interface MediaLimits {
  maxBytes: number
  maxSide: number
}

export interface MediaInfo extends MediaSize {
  mime: string
}

const KB = 1024
export const LIMITS: Record<SizeLimit, MediaLimits> = {
  normal: { maxBytes: 100 * KB, maxSide: 1000 },
  large: { maxBytes: 600 * KB, maxSide: 1000 },
  instructions: { maxBytes: 100 * KB, maxSide: 1000 },
  audio: { maxBytes: 1024 * KB, maxSide: 0 },
}

const MIN_BYTES = 100
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "gif", "png"]

/** Base64 with an optional data-URI prefix; also repairs "+" turned into " " by careless form encoding. */
export function decodeBase64(value: unknown): Buffer {
  if (typeof value !== "string") throw new TaskInputError("ERROR_UPLOAD", "the image must be a base64 string")
  const encoded = value
    .replace(/^data:[^,]*,/, "")
    .replace(/[\r\n\t]/g, "")
    .replace(/ /g, "+")
    .replace(/-/g, "+")
    .replace(/_/g, "/")
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.replace(/=+$/, "").length % 4 === 1) {
    throw new TaskInputError("ERROR_UPLOAD", "invalid base64")
  }
  return Buffer.from(encoded, "base64")
}

/** A multipart file name may have no extension; if it has one it must be an image's (or .mp3 for audio). */
export function checkFileName(name: string, audio = false) {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  const allowed = audio ? ["mp3"] : IMAGE_EXTENSIONS
  if (extension !== undefined && !allowed.includes(extension)) {
    throw new TaskInputError("ERROR_WRONG_FILE_EXTENSION", `files .${extension} are not accepted`)
  }
}

const png = (data: Buffer): MediaInfo | undefined =>
  data.length >= 24 &&
  data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
  data.toString("latin1", 12, 16) === "IHDR"
    ? { mime: "image/png", width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
    : undefined

const gif = (data: Buffer): MediaInfo | undefined =>
  data.length >= 10 && /^GIF8[79]a$/.test(data.toString("latin1", 0, 6))
    ? { mime: "image/gif", width: data.readUInt16LE(6), height: data.readUInt16LE(8) }
    : undefined

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpeg(data: Buffer): MediaInfo | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined
  let offset = 2
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return undefined
    const marker = data[offset + 1]!
    if (marker === 0xff) {
      offset += 1 // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2 // markers without a length
      continue
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      if (offset + 9 > data.length) return undefined
      return {
        mime: "image/jpeg",
        height: data.readUInt16BE(offset + 5),
        width: data.readUInt16BE(offset + 7),
      }
    }
    offset += 2 + data.readUInt16BE(offset + 2)
  }
  return undefined
}

function checkBytes(data: Buffer, maxBytes: number) {
  if (data.length < MIN_BYTES)
    throw new TaskInputError("ERROR_ZERO_CAPTCHA_FILESIZE", "the file is under 100 bytes")
  if (data.length > maxBytes)
    throw new TaskInputError("ERROR_TOO_BIG_CAPTCHA_FILESIZE", `the file is over ${maxBytes / KB} kB`)
}

export function inspectImage(data: Buffer, limits: MediaLimits): MediaInfo {
  checkBytes(data, limits.maxBytes)
  const info = png(data) ?? gif(data) ?? jpeg(data)
  if (!info || info.width < 1 || info.height < 1) {
    throw new TaskInputError("ERROR_IMAGE_TYPE_NOT_SUPPORTED", "not a JPEG, PNG or GIF image")
  }
  if (info.width > limits.maxSide || info.height > limits.maxSide) {
    throw new TaskInputError(
      "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
      `the image is over ${limits.maxSide} px on a side`,
    )
  }
  return info
}

/** MP3: an ID3 tag or an MPEG frame sync at the start. */
export function inspectAudio(data: Buffer, maxBytes = LIMITS.audio.maxBytes): MediaInfo {
  checkBytes(data, maxBytes)
  const id3 = data.toString("latin1", 0, 3) === "ID3"
  const frameSync = data[0] === 0xff && (data[1]! & 0xe0) === 0xe0
  if (!id3 && !frameSync) throw new TaskInputError("ERROR_IMAGE_TYPE_NOT_SUPPORTED", "not an MP3 file")
  return { mime: "audio/mpeg", width: 0, height: 0 }
}

/** The files of a task being parsed, and the sizes of its images by file name. */
export interface MediaSet {
  files: TaskFile[]
  media: Record<string, MediaSize>
}

/**
 * Checks the decoded files of one file field and adds them to the task. Several files are named `name.1`, …
 * after the first (`name.0`, … for lists). An absent required image counts as an empty one.
 */
export function addMedia(spec: FileSpec, blobs: Buffer[], set: MediaSet) {
  if (blobs.length === 0) {
    if (spec.required) throw new TaskInputError("ERROR_ZERO_CAPTCHA_FILESIZE", `${spec.name} is missing`)
    return
  }
  if (blobs.length > 20) throw new TaskInputError("ERROR_BAD_PARAMETERS", `too many images in ${spec.name}`)
  blobs.forEach((data, index) => {
    const name = spec.list ? `${spec.name}.${index}` : index === 0 ? spec.name : `${spec.name}.${index}`
    const info = spec.limit === "audio" ? inspectAudio(data) : inspectImage(data, LIMITS[spec.limit])
    set.files.push({ name, mime: info.mime, data })
    set.media[name] = { width: info.width, height: info.height }
  })
}
