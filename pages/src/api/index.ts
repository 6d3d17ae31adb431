export { useApi, withQueryString, type ApiData, type ApiOptions } from "./use-api"
export { usePaged, type PagedData } from "./use-paged"
