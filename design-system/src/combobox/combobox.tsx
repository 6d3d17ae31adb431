import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from "react"
import { CheckIcon, ChevronDownIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"
import { Spinner } from "../spinner/spinner"
import { mergeRefs, useControlWiring } from "../text-input/control-props"
import { textInputGroupVariants, type ControlSize } from "../text-input/text-input"
import { filterOptions, matchRange } from "./filter"

export interface ComboboxOption {
  /** Given to `onValueChange` and sent with the form (`name`). */
  value: string
  /** Shown in the list and, once chosen, in the input; the text that typing is matched against. */
  label: string
  /** A second line under the label, in the list only. */
  description?: string
  disabled?: boolean
}

export interface ComboboxProps extends Omit<
  ComponentProps<"input">,
  "size" | "value" | "defaultValue" | "type" | "prefix" | "role"
> {
  /** The choices. For options loaded from a server, pass the current results, `filter={false}` and `loading`. */
  options: ComboboxOption[]
  /** The chosen option's value (controlled); null when nothing is chosen. */
  value?: string | null
  /** @default null */
  defaultValue?: string | null
  /** Called when an option is chosen, or with null when the input is emptied and left. */
  onValueChange?: (value: string | null, option: ComboboxOption | null) => void
  /** The typed text (controlled). */
  inputValue?: string
  /** @default the chosen option's label, or "" */
  defaultInputValue?: string
  /** Called on every change of the typed text: the place to start loading matching options. */
  onInputValueChange?: (text: string) => void
  /**
   * How options are matched against the typed text: a function, or false to show `options` as given (they are
   * already filtered, by a server say). @default label contains the text, ignoring case and accents
   */
  filter?: false | ((option: ComboboxOption, query: string) => boolean)
  /** Characters to type before any option is shown; until then the list shows a hint. @default 0 */
  minChars?: number
  /** Options are being loaded: a spinner in the input, and "Loading…" while there are none to show yet. */
  loading?: boolean
  /** Shown when no option matches; defaults to the provider's "Nothing found". */
  emptyText?: ReactNode
  /** Height and text size; matches Button sizes. @default "md" */
  size?: ControlSize
  /** Shows the invalid look and sets `aria-invalid`; inside a Field with an `error` it is set for you. @default false */
  invalid?: boolean
  /** Name of a hidden input holding the chosen value, for forms. */
  name?: string
  /** Classes of the list. */
  listClassName?: string
}

/**
 * A text input that filters a list of options as you type (the ARIA 1.2 combobox pattern): arrow keys move
 * through the list, Enter chooses, Escape closes; the text returns to the chosen option's label on leaving.
 */
export function Combobox({
  options,
  value,
  defaultValue = null,
  onValueChange,
  inputValue,
  defaultInputValue,
  onInputValueChange,
  filter,
  minChars = 0,
  loading = false,
  emptyText,
  size = "md",
  invalid,
  name,
  className,
  listClassName,
  id,
  "aria-describedby": ariaDescribedBy,
  "aria-invalid": ariaInvalid,
  "aria-labelledby": ariaLabelledBy,
  "aria-label": ariaLabel,
  required,
  disabled,
  placeholder,
  ref,
  onKeyDown,
  onBlur,
  onClick,
  ...props
}: ComboboxProps) {
  const generatedId = useId()
  // The input is named by the Field's <label for>; the list is not labelable, so it gets the label's id
  // (wiring.labelledBy, with the caller's aria-labelledby after it).
  const wiring = useControlWiring(
    {
      id,
      "aria-labelledby": ariaLabelledBy,
      "aria-describedby": ariaDescribedBy,
      "aria-invalid": ariaInvalid,
      required,
      disabled,
      invalid,
    },
    { labelledBy: true },
  )
  const inputId = wiring.id ?? `combobox-${generatedId}`
  const listboxId = `${inputId}-listbox`
  const optionId = (index: number) => `${inputId}-option-${index}`
  const { messages, t } = useMessages()
  const format = useFormatter()
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)

  // The chosen value: controlled or not. The option itself is kept so its label survives new async results.
  const [ownValue, setOwnValue] = useState<string | null>(defaultValue)
  const selectedValue = value !== undefined ? value : ownValue
  const [lastChosen, setLastChosen] = useState<ComboboxOption | null>(null)
  const selectedOption =
    selectedValue === null
      ? null
      : (options.find((option) => option.value === selectedValue) ??
        (lastChosen?.value === selectedValue ? lastChosen : null))
  const selectedLabel = selectedOption?.label ?? ""

  // The typed text: controlled or not; follows the chosen option when the value changes from outside.
  const [ownText, setOwnText] = useState(defaultInputValue ?? selectedLabel)
  const text = inputValue ?? ownText
  const [syncedValue, setSyncedValue] = useState(selectedValue)
  if (syncedValue !== selectedValue) {
    setSyncedValue(selectedValue)
    setOwnText(selectedLabel)
  }

  const [open, setOpen] = useState(false)
  // The option under the keyboard or pointer; while typing, the first match is active ("auto").
  const [activeValue, setActiveValue] = useState<string | null>(null)
  const [autoActive, setAutoActive] = useState(false)

  const belowMin = minChars > 0 && text.trim().length < minChars
  // Reopening on the chosen option's label shows every option, not only that one.
  const query = text === selectedLabel ? "" : text
  const visible = belowMin
    ? []
    : filter === false
      ? options
      : filter
        ? options.filter((option) => filter(option, query))
        : filterOptions(options, query)
  const enabled = visible.filter((option) => !option.disabled)
  const activeIndex = (() => {
    const index = visible.findIndex((option) => option.value === activeValue && !option.disabled)
    if (index !== -1) return index
    if (autoActive && enabled[0]) return visible.indexOf(enabled[0])
    return -1
  })()
  const showList = open && visible.length > 0
  const message: ReactNode = !open
    ? null
    : belowMin
      ? t("searchMinChars", { count: minChars })
      : visible.length > 0
        ? null
        : loading
          ? messages.loading
          : (emptyText ?? messages.noResults)
  // Screen readers hear how many options the list holds whenever that changes (typing filters it).
  const announcement = !open
    ? null
    : loading
      ? messages.loading
      : showList
        ? t("resultsCount", { count: format.number(visible.length) })
        : message

  useEffect(() => {
    if (!showList || activeIndex < 0) return
    const element = listRef.current?.children[activeIndex]
    element?.scrollIntoView?.({ block: "nearest" })
  }, [showList, activeIndex])

  const changeText = (next: string) => {
    setOwnText(next)
    onInputValueChange?.(next)
  }
  const choose = (option: ComboboxOption) => {
    if (option.disabled) return
    setOwnValue(option.value)
    setLastChosen(option)
    setSyncedValue(option.value)
    changeText(option.label)
    setOpen(false)
    setActiveValue(null)
    setAutoActive(false)
    if (option.value !== selectedValue) onValueChange?.(option.value, option)
  }
  const close = () => {
    setOpen(false)
    setActiveValue(null)
    setAutoActive(false)
  }
  const move = (step: 1 | -1) => {
    if (enabled.length === 0) return
    const position = enabled.findIndex((option) => visible[activeIndex] === option)
    const next =
      position === -1
        ? step === 1
          ? 0
          : enabled.length - 1
        : (position + step + enabled.length) % enabled.length
    setActiveValue(enabled[next]?.value ?? null)
    setAutoActive(false)
  }
  const openWith = (start: "selected" | "first" | "last" | "none") => {
    setOpen(true)
    setAutoActive(false)
    const selected = enabled.find((option) => option.value === selectedValue)
    if (start === "selected") setActiveValue(selected?.value ?? enabled[0]?.value ?? null)
    else if (start === "first") setActiveValue(enabled[0]?.value ?? null)
    else if (start === "last") setActiveValue(selected?.value ?? enabled.at(-1)?.value ?? null)
    else setActiveValue(null)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || event.nativeEvent.isComposing) return
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault()
        if (!open) openWith(event.altKey ? "none" : "selected")
        else if (!event.altKey) move(1)
        break
      case "ArrowUp":
        event.preventDefault()
        if (event.altKey) close()
        else if (!open) openWith("last")
        else move(-1)
        break
      case "Enter": {
        const active = showList ? visible[activeIndex] : undefined
        if (active) {
          event.preventDefault()
          choose(active)
        } else if (open) {
          event.preventDefault()
          close()
        }
        break
      }
      case "Escape":
        if (open) {
          event.preventDefault()
          close()
        }
        break
      case "Tab":
        close()
        break
    }
  }

  const labelledBy = wiring.labelledBy
  const iconSize = size === "lg" ? 20 : 16
  return (
    <div data-slot="combobox" data-size={size} className={cn("relative w-full min-w-0", className)}>
      <div
        data-slot="combobox-box"
        data-invalid={wiring.invalid ? "" : undefined}
        data-disabled={wiring.disabled ? "" : undefined}
        className={cn(textInputGroupVariants({ size }), "pr-2")}
      >
        <input
          ref={mergeRefs(inputRef, ref)}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={wiring.describedBy}
          aria-invalid={wiring.invalid || undefined}
          aria-labelledby={ariaLabelledBy}
          aria-label={ariaLabel}
          aria-busy={loading || undefined}
          required={wiring.required}
          disabled={wiring.disabled}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-slot="combobox-input"
          value={text}
          onChange={(event) => {
            const next = event.target.value
            changeText(next)
            setOpen(true)
            setActiveValue(null)
            setAutoActive(next.trim() !== "")
          }}
          onClick={(event) => {
            onClick?.(event)
            if (!open) openWith("none")
          }}
          onKeyDown={handleKeyDown}
          onBlur={(event) => {
            onBlur?.(event)
            close()
            if (text.trim() === "") {
              if (text !== "") changeText("")
              if (selectedValue !== null) {
                setOwnValue(null)
                setSyncedValue(null)
                onValueChange?.(null, null)
              }
            } else if (text !== selectedLabel) {
              changeText(selectedLabel)
            }
          }}
          className="h-full w-full min-w-0 flex-1 bg-transparent text-foreground outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
          {...props}
        />
        {loading ? <Spinner size="sm" label="" className="text-muted-foreground" /> : null}
        <span
          aria-hidden="true"
          data-slot="combobox-toggle"
          onMouseDown={(event) => {
            // A shortcut for the pointer; keyboard users open the list with the arrow keys.
            event.preventDefault()
            if (wiring.disabled) return
            inputRef.current?.focus()
            if (open) close()
            else openWith("none")
          }}
          className={cn(
            "flex size-6 shrink-0 items-center justify-center rounded-sm text-muted-foreground",
            !wiring.disabled && "cursor-pointer hover:bg-surface-muted hover:text-foreground",
          )}
        >
          <ChevronDownIcon
            size={iconSize}
            className={cn(
              "transition-transform duration-150 motion-reduce:transition-none",
              open && "rotate-180",
            )}
          />
        </span>
      </div>
      <div
        data-slot="combobox-popup"
        hidden={!open || (!showList && message === null)}
        // Keep focus in the input while the pointer works in the list.
        onMouseDown={(event) => event.preventDefault()}
        className={cn(
          "absolute inset-x-0 top-full z-popover mt-1 overflow-hidden rounded-md border border-border bg-surface text-foreground shadow-popover",
          "motion-safe:animate-popover-in",
        )}
      >
        <ul
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-labelledby={labelledBy}
          aria-label={labelledBy ? undefined : ariaLabel}
          hidden={!showList}
          className={cn("max-h-72 overflow-y-auto p-1", listClassName)}
        >
          {visible.map((option, index) => {
            const range = matchRange(option.label, query)
            const active = index === activeIndex
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === selectedValue}
                aria-disabled={option.disabled || undefined}
                data-active={active ? "" : undefined}
                data-disabled={option.disabled ? "" : undefined}
                onMouseMove={() => {
                  if (!option.disabled && activeValue !== option.value) {
                    setActiveValue(option.value)
                    setAutoActive(false)
                  }
                }}
                onClick={() => choose(option)}
                className={cn(
                  "relative flex cursor-pointer select-none flex-col rounded-sm py-2 pl-8 pr-3",
                  size === "lg" ? "text-base" : "text-sm",
                  "data-active:bg-primary-soft aria-selected:font-medium",
                  "data-disabled:cursor-not-allowed data-disabled:opacity-50",
                )}
              >
                {option.value === selectedValue ? (
                  <CheckIcon className="absolute left-2 top-2.5 text-primary" />
                ) : null}
                <span>
                  {range ? (
                    <>
                      {option.label.slice(0, range[0])}
                      <mark className="bg-transparent font-semibold text-primary">
                        {option.label.slice(range[0], range[1])}
                      </mark>
                      {option.label.slice(range[1])}
                    </>
                  ) : (
                    option.label
                  )}
                </span>
                {option.description ? (
                  <span className="text-xs font-normal text-muted-foreground">{option.description}</span>
                ) : null}
              </li>
            )
          })}
        </ul>
        {message !== null ? (
          // Shown to the eye; screen readers hear the same text from the status region below.
          <div
            aria-hidden="true"
            data-slot="combobox-message"
            className="flex items-center gap-2 px-3 py-2.5 text-sm text-muted-foreground"
          >
            {loading ? <Spinner size="sm" label="" /> : null}
            {message}
          </div>
        ) : null}
      </div>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {name ? <input type="hidden" name={name} value={selectedValue ?? ""} /> : null}
    </div>
  )
}
