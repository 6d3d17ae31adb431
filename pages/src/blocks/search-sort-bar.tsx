import { Field, SearchInput, Select } from "@manyhands/design-system"

export interface SearchSortBarProps {
  /** The search as the address has it; changes with `searchKey` to empty the field (a "clear filters"). */
  text: string
  searchKey?: number
  searchLabel: string
  placeholder: string
  /** Spec §5: fewer characters are not searched; the list says so at once. */
  minChars: number
  loading: boolean
  /** A search to run (or a too-short one to report): the screen puts it in the address. */
  onSearch: (text: string) => void
  sort: {
    name: string
    label: string
    value: string
    options: { value: string; label: string }[]
    width: string
  }
  onSort: (value: string) => void
}

/** A list's text search and its sorting, side by side (stacked on a phone). */
export function SearchSortBar({
  text,
  searchKey,
  searchLabel,
  placeholder,
  minChars,
  loading,
  onSearch,
  sort,
  onSort,
}: SearchSortBarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <SearchInput
          key={searchKey}
          aria-label={searchLabel}
          placeholder={placeholder}
          defaultValue={text}
          minChars={minChars}
          loading={loading}
          onValueChange={(typed) => {
            // Fewer characters than a search takes: say so at once (the server would refuse the search too).
            if (typed.trim() !== "" && [...typed.trim()].length < minChars) onSearch(typed)
          }}
          onSearch={onSearch}
        />
      </div>
      <Field label={sort.label} className={`w-full ${sort.width}`}>
        <Select name={sort.name} value={sort.value} onValueChange={onSort} options={sort.options} />
      </Field>
    </div>
  )
}
