/** What every query site needs: parameterised SQL ($1, $2, …) and rows back. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /**
   * Facts about this database that never change once committed (a ledger account's id), kept by the process for
   * the database and all its transactions; a wrapper without it only loses the shortcut.
   */
  readonly kept?: Map<string, string>
}

/** The same SQL runs on the embedded PGlite and on a PostgreSQL server. */
export interface Database extends Queryable {
  readonly engine: "pglite" | "postgres"
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * For libraries that bring their own SQL (the pg-boss job queue): with params like query; without, the text may
   * hold several statements (a script with its own BEGIN and COMMIT), and the rows of the last one come back.
   */
  execute(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  /**
   * Calls `onMessage` for every NOTIFY on `channel` (delivered at commit). On a PostgreSQL server from any
   * process, over one dedicated connection; on PGlite from this process, the only one. Returns the way to stop.
   * `ownCommits`: this process's own NOTIFYs are heard before the statement or transaction that sent them returns
   * (always so on PGlite; on PostgreSQL each pooled connection listens too, so a message may come more than once).
   * On PostgreSQL a lost listening connection is replaced, and an empty message then says messages may be lost.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    options?: { ownCommits?: boolean },
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}
