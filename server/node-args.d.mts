export declare const DEFAULT_HEAP_MB: number
/** `--max-old-space-size` from SERVER_HEAP_MB (megabytes, 128 to 65,536), or the default; throws on a bad value. */
export declare function serverNodeArgs(env?: Record<string, string | undefined>): string[]
