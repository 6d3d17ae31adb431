import { cva } from "class-variance-authority"
import { useId, useRef, useState, type DragEvent, type MouseEvent, type ReactNode } from "react"
import { Button } from "../button/button"
import { useFieldControl } from "../field/field"
import { CloseIcon, FileIcon, SuccessIcon, UploadIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"
import { checkFile, type FileRejectionReason } from "./accept"

export const fileDropZoneVariants = /* @__PURE__ */ cva(
  [
    "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-8 text-center",
    "transition-colors duration-150 motion-reduce:transition-none",
  ],
  {
    variants: {
      state: {
        idle: "cursor-pointer border-border-strong bg-surface hover:border-primary hover:bg-surface-muted",
        "drag-over": "cursor-copy border-primary bg-primary-soft",
        disabled: "cursor-not-allowed border-border bg-surface-muted",
      },
      invalid: { true: "border-danger hover:border-danger", false: "" },
    },
    defaultVariants: { state: "idle", invalid: false },
  },
)

/** A file that was not taken, and the message shown for it. */
export interface FileRejection {
  file: File
  reason: FileRejectionReason
  message: string
}

export interface FileDropProps {
  /** The chosen files (controlled). Leave undefined to let the component keep them. */
  value?: File[]
  /** The files chosen at first render when uncontrolled. */
  defaultValue?: File[]
  /** Called with the whole new list after files are added or removed. */
  onChange?: (files: File[]) => void
  /** Called with the files that were refused (wrong type, too large); their messages are shown too. */
  onReject?: (rejections: FileRejection[]) => void
  /** Accepted MIME types ("image/png"), families ("image/*") and extensions (".csv"). @default any file */
  accept?: readonly string[]
  /** How the accepted types are named in the error ("PNG or JPEG"). @default the `accept` list */
  acceptLabel?: string
  /** Largest file in bytes. */
  maxSize?: number
  /** Take several files; a new file with the same name replaces the old one. @default false */
  multiple?: boolean
  /** Upload progress per file name, 0…1; a file without an entry shows no bar, 1 shows it as done. */
  progress?: Readonly<Record<string, number>>
  /** The zone's headline. @default the provider's "Drag a file here or choose one" */
  title?: ReactNode
  /** The limits in words, under the headline ("PNG or JPEG, up to 2 MB"). */
  hint?: ReactNode
  /** Form field name of the file input. */
  name?: string
  /** Id of the file input (the one a Field's label points at). */
  id?: string
  "aria-describedby"?: string
  "aria-invalid"?: true
  required?: boolean
  disabled?: boolean
  className?: string
}

/**
 * A drop zone with a "Choose a file" button, the chosen files with their upload progress and a remove
 * button each. Files of the wrong type or over the size limit are refused with a message.
 */
export function FileDrop({
  value,
  defaultValue,
  onChange,
  onReject,
  accept,
  acceptLabel,
  maxSize,
  multiple = false,
  progress,
  title,
  hint,
  name,
  className,
  ...rest
}: FileDropProps) {
  const field = useFieldControl(rest)
  const { messages, t } = useMessages()
  const format = useFormatter()
  const generatedId = useId()
  const inputId = field.id ?? `file-drop-${generatedId}`
  const hintId = `${inputId}-hint`
  const errorsId = `${inputId}-errors`
  const inputRef = useRef<HTMLInputElement>(null)
  const dragDepth = useRef(0)
  const [dragging, setDragging] = useState(false)
  const [inner, setInner] = useState<File[]>(defaultValue ?? [])
  const [errors, setErrors] = useState<string[]>([])
  const files = value ?? inner
  const disabled = field.disabled ?? false

  // Files whose upload finished: each one is announced once, when its progress reaches 1.
  const uploaded = files.filter((file) => (progress?.[file.name] ?? 0) >= 1).map((file) => file.name)
  const [seenUploaded, setSeenUploaded] = useState(uploaded)
  const [justUploaded, setJustUploaded] = useState<string[]>([])
  if (seenUploaded.join("\n") !== uploaded.join("\n")) {
    setSeenUploaded(uploaded)
    const fresh = uploaded.filter((fileName) => !seenUploaded.includes(fileName))
    if (fresh.length > 0) setJustUploaded(fresh)
  }

  const update = (next: File[]) => {
    if (value === undefined) setInner(next)
    onChange?.(next)
  }

  const add = (incoming: File[]) => {
    if (disabled || incoming.length === 0) return
    const accepted: File[] = []
    const rejections: FileRejection[] = []
    for (const file of multiple ? incoming : incoming.slice(0, 1)) {
      const reason = checkFile(file, { accept, maxSize })
      if (!reason) {
        accepted.push(file)
        continue
      }
      const message =
        reason === "too-large"
          ? t("fileTooLarge", { name: file.name, max: format.bytes(maxSize ?? 0) })
          : t("fileWrongType", { name: file.name, types: acceptLabel ?? (accept ?? []).join(", ") })
      rejections.push({ file, reason, message })
    }
    setErrors(rejections.map((rejection) => rejection.message))
    if (rejections.length > 0) onReject?.(rejections)
    if (accepted.length === 0) return
    if (!multiple) return update(accepted.slice(0, 1))
    const names = new Set(accepted.map((file) => file.name))
    update([...files.filter((file) => !names.has(file.name)), ...accepted])
  }

  const remove = (index: number) => {
    update(files.filter((_, position) => position !== index))
    setErrors([])
    // The removed row took the focus with it; the file input is the natural next stop.
    inputRef.current?.focus()
  }

  const dragHandlers = {
    onDragEnter: (event: DragEvent<HTMLDivElement>) => {
      if (disabled) return
      event.preventDefault()
      dragDepth.current += 1
      setDragging(true)
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (disabled) return
      event.preventDefault()
      event.dataTransfer.dropEffect = "copy"
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1)
      if (dragDepth.current === 0) setDragging(false)
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      if (disabled) return
      event.preventDefault()
      dragDepth.current = 0
      setDragging(false)
      add(Array.from(event.dataTransfer.files))
    },
  }

  // A click anywhere on the zone opens the file chooser, as the button does.
  const handleZoneClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (disabled || target.closest("label, input")) return
    inputRef.current?.click()
  }

  const describedBy =
    [field["aria-describedby"], hint ? hintId : undefined, errors.length > 0 ? errorsId : undefined]
      .filter(Boolean)
      .join(" ") || undefined
  const invalid = field["aria-invalid"] === true || errors.length > 0
  const state = disabled ? "disabled" : dragging ? "drag-over" : "idle"

  return (
    <div
      data-slot="file-drop"
      data-state={state}
      data-invalid={invalid || undefined}
      className={cn("flex w-full flex-col gap-3", className)}
    >
      <div
        data-slot="file-drop-zone"
        className={fileDropZoneVariants({ state, invalid })}
        onClick={handleZoneClick}
        {...dragHandlers}
      >
        <span
          aria-hidden="true"
          className={cn(
            "flex size-12 items-center justify-center rounded-full",
            disabled ? "bg-surface text-muted-foreground" : "bg-primary-soft text-primary",
          )}
        >
          <UploadIcon size={24} />
        </span>
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium">{title ?? messages.fileDropTitle}</p>
          {hint ? (
            <p id={hintId} className="text-xs text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name={name}
          accept={accept?.join(",")}
          multiple={multiple}
          required={field.required && files.length === 0}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="peer sr-only"
          onChange={(event) => {
            add(Array.from(event.target.files ?? []))
            // Let the same file be chosen again after it was removed.
            event.target.value = ""
          }}
        />
        <Button asChild variant="secondary">
          <label
            htmlFor={inputId}
            className={cn(
              "cursor-pointer bg-surface",
              "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
              "peer-disabled:pointer-events-none peer-disabled:opacity-50",
            )}
          >
            {messages.fileChoose}
          </label>
        </Button>
      </div>
      {errors.length > 0 ? (
        <div
          id={errorsId}
          role="alert"
          data-slot="file-drop-errors"
          className="flex flex-col gap-1 text-sm font-medium text-danger-text"
        >
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <div role="status" data-slot="file-drop-status" className="sr-only">
        {justUploaded
          .filter((fileName) => uploaded.includes(fileName))
          .map((fileName) => (
            <p key={fileName}>{t("uploaded", { name: fileName })}</p>
          ))}
      </div>
      {files.length > 0 ? (
        <ul data-slot="file-drop-files" className="flex flex-col gap-2">
          {files.map((file, index) => {
            const share = progress?.[file.name]
            const done = share !== undefined && share >= 1
            const percent = share === undefined ? "" : format.percent(Math.min(1, Math.max(0, share)), 0)
            return (
              <li
                key={`${file.name}-${index}`}
                data-slot="file-drop-file"
                data-state={share === undefined ? undefined : done ? "done" : "uploading"}
                className="flex items-center gap-3 rounded-md border border-border bg-surface px-3 py-2.5 shadow-sm"
              >
                <FileIcon size={20} className="shrink-0 text-muted-foreground" />
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="truncate text-sm font-medium">{file.name}</span>
                    <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                      {format.bytes(file.size)}
                    </span>
                  </div>
                  {share !== undefined && !done ? (
                    <div className="flex items-center gap-2">
                      <div
                        role="progressbar"
                        aria-label={t("uploading", { name: file.name, percent })}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={Math.round(Math.min(1, Math.max(0, share)) * 100)}
                        className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-muted"
                      >
                        <div
                          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
                          style={{ width: `${Math.min(1, Math.max(0, share)) * 100}%` }}
                        />
                      </div>
                      <span
                        aria-hidden="true"
                        className="w-10 text-right text-xs tabular-nums text-muted-foreground"
                      >
                        {percent}
                      </span>
                    </div>
                  ) : null}
                </div>
                {done ? (
                  <SuccessIcon
                    size={20}
                    label={t("uploaded", { name: file.name })}
                    className="shrink-0 text-success"
                  />
                ) : null}
                <button
                  type="button"
                  aria-label={t("removeFile", { name: file.name })}
                  disabled={disabled}
                  onClick={() => remove(index)}
                  className={cn(
                    "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground",
                    "hover:bg-surface-muted hover:text-foreground focus-ring disabled:pointer-events-none disabled:opacity-50",
                  )}
                >
                  <CloseIcon />
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
