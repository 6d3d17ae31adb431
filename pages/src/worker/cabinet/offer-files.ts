import type { Offer, OfferFile } from "@manyhands/contract/worker"

export interface PictureSize {
  width: number
  height: number
}

const urls = new WeakMap<OfferFile, string>()
const sizes = new WeakMap<OfferFile, PictureSize>()

/** The file as a data: URL (made once per file, so the decoded picture is found again by its address). */
export function fileUrl(file: OfferFile): string {
  let url = urls.get(file)
  if (!url) {
    url = `data:${file.mime};base64,${file.data}`
    urls.set(file, url)
  }
  return url
}

/** The picture's size in its own pixels, when it was decoded before the task was shown. */
export const knownSize = (file: OfferFile): PictureSize | undefined => sizes.get(file)

const isPicture = (file: OfferFile) => file.mime.startsWith("image/")

/** "body", "body.1", … in the order the customer gave them. */
const byNumber = (a: OfferFile, b: OfferFile) =>
  a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" })

/** The task's pictures (not the customer's picture of instructions), in order. */
export function pictures(offer: Offer): OfferFile[] {
  return offer.files.filter((file) => isPicture(file) && file.name !== "imgInstructions").sort(byNumber)
}

/** The customer's picture of instructions, if any. */
export const instructionsPicture = (offer: Offer): OfferFile | undefined =>
  offer.files.find((file) => file.name === "imgInstructions" && isPicture(file))

/** The task's sound (AudioTask). */
export const soundFile = (offer: Offer): OfferFile | undefined =>
  offer.files.find((file) => file.mime.startsWith("audio/")) ??
  offer.files.find((file) => file.name === "body")

/**
 * Decodes the offer's pictures before the task is shown, so it appears whole in one frame. A picture that
 * cannot be decoded is shown anyway (the browser says what it can).
 */
export async function prepareOffer(offer: Offer): Promise<void> {
  if (typeof Image === "undefined") return
  await Promise.all(
    offer.files.filter(isPicture).map(async (file) => {
      const image = new Image()
      image.src = fileUrl(file)
      try {
        await image.decode()
        if (image.naturalWidth > 0)
          sizes.set(file, { width: image.naturalWidth, height: image.naturalHeight })
      } catch {
        // Shown as it is; the panel measures it when it loads.
      }
    }),
  )
}
