import { cva } from "class-variance-authority"
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type KeyboardEvent,
} from "react"
import { useFieldControl } from "../field/field"
import { CloseIcon, SearchIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { controlClasses, controlSizes } from "../lib/control"
import { useMessages } from "../provider/provider"
import { Spinner } from "../spinner/spinner"

export const searchInputVariants = /* @__PURE__ */ cva(
  [
    controlClasses,
    "[&::-webkit-search-cancel-button]:appearance-none [&::-webkit-search-decoration]:appearance-none",
  ],
  {
    variants: {
      size: { md: cn(controlSizes.md, "pl-9 pr-10"), lg: cn(controlSizes.lg, "pl-11 pr-12") },
    },
    defaultVariants: { size: "md" },
  },
)

export interface SearchInputProps extends Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "size" | "type"
> {
  /** The text in the field (controlled). */
  value?: string
  /** The text at first render when uncontrolled. */
  defaultValue?: string
  /** Called on every keystroke with the raw text. */
  onValueChange?: (text: string) => void
  /**
   * Called with the trimmed query once typing pauses for `debounce` ms, only when it has at least
   * `minChars` characters, or is empty (to reset a list; that call is immediate). Enter searches at once.
   */
  onSearch?: (query: string) => void
  /** Fewest characters worth a search (product spec §5). @default 3 */
  minChars?: number
  /** Pause in ms after the last keystroke before searching. @default 300 */
  debounce?: number
  /** Shows a spinner in place of the magnifier while results load. */
  loading?: boolean
  /** @default "md" */
  size?: "md" | "lg"
}

/** A search field with a clear button that searches as you type, without a request per keystroke. */
export function SearchInput({
  value,
  defaultValue = "",
  onValueChange,
  onSearch,
  minChars = 3,
  debounce = 300,
  loading = false,
  size = "md",
  className,
  placeholder,
  onKeyDown,
  ref,
  "aria-invalid": ariaInvalid,
  ...rest
}: SearchInputProps) {
  const field = useFieldControl({
    ...rest,
    "aria-invalid": ariaInvalid === true || ariaInvalid === "true" ? (true as const) : undefined,
  })
  const { messages, t } = useMessages()
  const hintId = useId()
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [inner, setInner] = useState(defaultValue)
  const text = value ?? inner
  const query = text.trim()
  const searchable = query.length === 0 || query.length >= minChars
  const tooShort = !searchable

  const lastSearched = useRef(query)
  const onSearchRef = useRef(onSearch)
  useEffect(() => {
    onSearchRef.current = onSearch
  })

  const search = (next: string) => {
    if (next === lastSearched.current) return
    lastSearched.current = next
    onSearchRef.current?.(next)
  }

  useEffect(() => {
    if (!searchable || query === lastSearched.current) return
    const timer = setTimeout(
      () => {
        if (query === lastSearched.current) return
        lastSearched.current = query
        onSearchRef.current?.(query)
      },
      query === "" ? 0 : debounce,
    )
    return () => clearTimeout(timer)
  }, [query, searchable, debounce])

  const setText = (next: string) => {
    if (value === undefined) setInner(next)
    onValueChange?.(next)
  }

  const clear = () => {
    setText("")
    search("")
    inputRef.current?.focus()
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event)
    if (event.key === "Enter" && searchable) search(query)
    // Browsers disagree on whether Escape empties a search field; here it always does.
    if (event.key === "Escape" && text !== "") {
      event.preventDefault()
      clear()
    }
  }

  const labelled = field.id !== undefined || rest["aria-labelledby"] !== undefined
  const describedBy = [field["aria-describedby"], tooShort ? hintId : undefined].filter(Boolean).join(" ")
  const iconBox = size === "lg" ? "w-11" : "w-9"

  return (
    <div data-slot="search-input" data-size={size} className={cn("w-full", className)}>
      <div className="relative">
        <span
          className={cn(
            "pointer-events-none absolute inset-y-0 left-0 flex items-center justify-center text-muted-foreground",
            iconBox,
          )}
        >
          {loading ? <Spinner size="sm" /> : <SearchIcon size={size === "lg" ? 20 : 16} />}
        </span>
        <input
          ref={(element) => {
            inputRef.current = element
            if (typeof ref === "function") return ref(element)
            if (ref) ref.current = element
          }}
          type="search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder ?? messages.search}
          aria-label={labelled ? undefined : messages.search}
          {...field}
          aria-describedby={describedBy || undefined}
          value={text}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          className={cn(searchInputVariants({ size }))}
        />
        {text !== "" && !field.disabled ? (
          <button
            type="button"
            data-slot="search-input-clear"
            aria-label={messages.clear}
            onClick={clear}
            className={cn(
              "absolute top-1/2 right-1.5 inline-flex -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground",
              "hover:bg-surface-muted hover:text-foreground focus-ring",
              size === "lg" ? "size-9" : "size-7",
            )}
          >
            <CloseIcon size={size === "lg" ? 18 : 16} />
          </button>
        ) : null}
      </div>
      <p
        id={hintId}
        aria-live="polite"
        data-slot="search-input-hint"
        className={cn("text-xs text-muted-foreground", tooShort && "mt-1.5")}
      >
        {tooShort ? t("searchMinChars", { count: minChars }) : null}
      </p>
    </div>
  )
}
