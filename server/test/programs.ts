import { spawn } from "node:child_process"

/*
 * Running readers' programs (tutorials, docs samples) as a reader does: a child process in a folder of its own,
 * with the environment of this machine minus its proxy settings, its output collected, killed after a time limit.
 */

/** A program started by a test that keeps running (a server), until the run is over. */
export interface Running {
  /** Everything it printed so far (stdout and stderr). */
  output(): string
  /** Waits until the output matches. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>
}

export interface Outcome {
  exitCode: number | null
  output: string
}

/** At most `count` of the wrapped calls run at once. */
export function limiter(count: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= count) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
    try {
      return await work()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}

/** The environment of a program: no proxy settings of this machine (they would catch 127.0.0.1). */
export function programEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env))
    if (!/^(https?|all|no)_proxy$/i.test(name) && !name.startsWith("MANYHANDS_")) env[name] = value
  return { ...env, PYTHONUNBUFFERED: "1", PYTHONDONTWRITEBYTECODE: "1", ...extra }
}

/**
 * Runs `command args` in `dir` until it ends (or, with `drive`, until drive is done: then it is stopped), killing
 * it after `timeoutMs`.
 */
export function runProgram(
  command: string,
  args: string[],
  dir: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  drive?: (program: Running) => Promise<void>,
): Promise<Outcome> {
  const child = spawn(command, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  const listeners = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8")
    for (const listener of listeners) listener()
  }
  child.stdout.on("data", collect)
  child.stderr.on("data", collect)
  const ended = new Promise<Outcome>((resolve, reject) => {
    child.on("error", reject)
    child.on("close", (exitCode) => resolve({ exitCode, output }))
  })
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
  const running: Running = {
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output)
          if (match) {
            listeners.delete(check)
            resolve(match)
          }
        }
        listeners.add(check)
        check()
        void ended.then(() => {
          listeners.delete(check)
          reject(new Error(`the program ended without printing ${pattern}:\n${output}`))
        })
      }),
  }
  const finished = drive
    ? drive(running)
        .finally(() => child.kill("SIGTERM"))
        .then(() => ended)
    : ended
  return finished.finally(() => clearTimeout(timer))
}
