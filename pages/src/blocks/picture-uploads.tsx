import { useState } from "react"
import { Alert, CloseIcon, FileDrop, IconButton } from "@manyhands/design-system"
import { MAX_ATTACHMENT_BYTES, type Picture } from "@manyhands/contract/attachments"
import { useShellServices } from "../shell-context"

export interface PictureUploadsLabels {
  /** The remove button of picture n (1, 2 …). */
  remove: (n: number) => string
  /** A picture's alternative text while it has none of its own. */
  alt: (n: number) => string
  /** The accepted files and their size, under the drop zone. */
  limits: string
  failedTitle: string
  /** A file the server refused, with its words. */
  failed: (name: string, message: string) => string
}

/**
 * Pictures of a form (a program's screenshots, a ticket's): each file is uploaded at once (PUT `uploadUrl`, the
 * server checks and re-encodes it), then shown with a button to take it out; a refused file is said under the
 * drop zone.
 */
export function PictureUploads({
  pictures,
  max,
  onChange,
  uploadUrl,
  labels,
}: {
  pictures: Picture[]
  max: number
  onChange: (pictures: Picture[]) => void
  uploadUrl: string
  labels: PictureUploadsLabels
}) {
  const { api, toFailure } = useShellServices()
  const [progress, setProgress] = useState<Record<string, number>>({})
  const [error, setError] = useState<string | null>(null)
  const send = async (files: File[]) => {
    setError(null)
    let current = pictures
    for (const file of files.slice(0, max - pictures.length)) {
      const form = new FormData()
      form.set("file", file)
      try {
        const picture = await api.upload<Picture>("PUT", uploadUrl, form, (sent) =>
          setProgress((shown) => ({ ...shown, [file.name]: sent })),
        )
        current = [...current, picture]
        onChange(current)
      } catch (failure) {
        setError(labels.failed(file.name, toFailure(failure).message))
      } finally {
        setProgress((shown) => {
          const { [file.name]: _, ...rest } = shown
          return rest
        })
      }
    }
  }
  return (
    <div className="flex flex-col gap-3">
      {pictures.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {pictures.map((picture, index) => (
            <li key={picture.id} className="relative">
              <img
                src={picture.variants[0]?.url ?? picture.url}
                alt={picture.alt || labels.alt(index + 1)}
                className="h-24 w-auto rounded-md border border-border object-cover"
              />
              <IconButton
                className="absolute right-1 top-1"
                variant="secondary"
                icon={<CloseIcon />}
                label={labels.remove(index + 1)}
                onClick={() => onChange(pictures.filter((each) => each.id !== picture.id))}
              />
            </li>
          ))}
        </ul>
      )}
      {pictures.length < max && (
        <FileDrop
          value={[]}
          accept={["image/png", "image/jpeg", "image/gif", "image/webp"]}
          acceptLabel="PNG, JPEG, GIF, WebP"
          maxSize={MAX_ATTACHMENT_BYTES}
          multiple={max > 1}
          progress={progress}
          hint={labels.limits}
          onChange={(files) => void send(files)}
        />
      )}
      {error && (
        <Alert tone="danger" title={labels.failedTitle}>
          {error}
        </Alert>
      )}
    </div>
  )
}
