export { SearchInput, searchInputVariants, type SearchInputProps } from "./search-input"
