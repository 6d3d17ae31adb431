/** What every query site needs: parameterised SQL ($1, $2, …) and rows back. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
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
   * PostgreSQL server only: calls `onMessage` for every NOTIFY on `channel` from any process, over one
   * dedicated connection. Returns the way to stop listening. Absent on PGlite (one process only).
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}
