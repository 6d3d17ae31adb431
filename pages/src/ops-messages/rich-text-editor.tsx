import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, TextInput, cn, useFieldControl } from "@manyhands/design-system"

type Command = "bold" | "italic" | "insertUnorderedList" | "insertOrderedList" | "unlink"

/**
 * A small rich-text editor: a toolbar over a contenteditable area that writes the few tags a system message may
 * have (bold, italic, lists, links). Its HTML is only a draft: the server sanitises what is sent
 * (sanitizeMessage), whatever the browser put in (a paste included). Uncontrolled: give it a `key` per text.
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
  invalid,
}: {
  initialHtml: string
  onChange: (html: string) => void
  /** Id of the label naming the text area. */
  labelledBy: string
  invalid?: boolean
}) {
  const { t } = useTranslation("ops-messages")
  const area = useRef<HTMLDivElement>(null)
  const saved = useRef<Range | null>(null)
  const [linking, setLinking] = useState(false)
  const [url, setUrl] = useState("https://")
  const control = useFieldControl({})

  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml
    // Only the first text: later ones are the editor's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const changed = () => onChange(area.current?.innerHTML ?? "")
  const run = (command: Command, value?: string) => {
    area.current?.focus()
    document.execCommand(command, false, value)
    changed()
  }
  const startLink = () => {
    const selection = window.getSelection()
    saved.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null
    setLinking(true)
  }
  const applyLink = () => {
    const address = url.trim()
    setLinking(false)
    area.current?.focus()
    if (saved.current) {
      const selection = window.getSelection()
      selection?.removeAllRanges()
      selection?.addRange(saved.current)
    }
    if (/^(https?:\/\/|mailto:)\S+$/i.test(address)) run("createLink" as Command, address)
  }

  const tool = (command: Command, label: string, className?: string) => (
    <Button
      size="md"
      variant="tertiary"
      className={cn("px-2", className)}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => run(command)}
    >
      {label}
    </Button>
  )

  return (
    <div
      className={cn(
        "rounded-md border bg-surface focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring",
        invalid ? "border-danger" : "border-border",
      )}
    >
      <div
        role="toolbar"
        aria-label={t("editor.toolbar")}
        className="flex flex-wrap items-center gap-1 border-b border-border p-1"
      >
        {tool("bold", t("editor.bold"), "font-bold")}
        {tool("italic", t("editor.italic"), "italic")}
        {tool("insertUnorderedList", t("editor.bullets"))}
        {tool("insertOrderedList", t("editor.numbers"))}
        <Button
          size="md"
          variant="tertiary"
          className="px-2"
          aria-expanded={linking}
          onMouseDown={(event) => event.preventDefault()}
          onClick={startLink}
        >
          {t("editor.link")}
        </Button>
        {tool("unlink", t("editor.unlink"))}
      </div>
      {linking ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-border p-2">
          <TextInput
            aria-label={t("editor.linkAddress")}
            value={url}
            autoFocus
            className="min-w-0 flex-1"
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault()
                applyLink()
              } else if (event.key === "Escape") {
                event.preventDefault()
                setLinking(false)
              }
            }}
          />
          <Button variant="secondary" onClick={applyLink}>
            {t("editor.applyLink")}
          </Button>
          <Button variant="tertiary" onClick={() => setLinking(false)}>
            {t("editor.cancelLink")}
          </Button>
        </div>
      ) : null}
      <div
        ref={area}
        id={control.id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={control["aria-describedby"]}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        onInput={changed}
        onBlur={changed}
        className="prose prose-sm min-h-40 max-w-none px-3 py-2 focus:outline-none [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
      />
    </div>
  )
}

/** Whether an editor's HTML holds any text (an emptied editor keeps a <br> or empty paragraphs). */
export const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim() !== ""
