/**
 * Writes this process made, by table, once they are committed: a fast path for per-process caches
 * of rows that rarely change (the auth rows, server/src/auth/cache.ts). It sees only this
 * process's own statements, by their text (`insert into t`, `update t`, `delete from t`,
 * `truncate t`), so it is never the only signal: changes by other processes or by statements it
 * does not recognise (a CTE that writes) arrive through NOTIFY from triggers.
 *
 *   const stop = database.writes.on((tables) => { if (tables.has('users')) cache.clear(); });
 */
const MUTATION = /^\s*(?:\/\*[\s\S]*?\*\/\s*)?(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
const ROLLBACK = /^\s*(?:rollback|abort)\b(?!\s+to\b)/i;

type Listener = (tables: ReadonlySet<string>) => void;

export class WriteWatch {
  readonly #listeners = new Set<Listener>();
  readonly #statements = new Set<(text: string) => void>();

  /**
   * Calls `fn` with the text of every statement this process ran successfully, BEGIN and COMMIT
   * included (tests and benchmarks count round trips with it); returns the unsubscribe.
   */
  onStatement(fn: (text: string) => void): () => void {
    this.#statements.add(fn);
    return () => this.#statements.delete(fn);
  }

  /** Calls `fn` with the tables of every committed write of this process; returns the unsubscribe. */
  on(fn: Listener): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** The state of one connection: told each statement it ran successfully, in order. */
  connection(): (text: string) => void {
    let inTx = false;
    const pending = new Set<string>();
    return (text) => {
      for (const fn of this.#statements) fn(text);
      if (this.#listeners.size === 0) return;
      if (BEGIN.test(text)) {
        inTx = true;
        return;
      }
      if (COMMIT.test(text)) {
        inTx = false;
        if (pending.size) this.#emit(new Set(pending));
        pending.clear();
        return;
      }
      if (ROLLBACK.test(text)) {
        inTx = false;
        pending.clear();
        return;
      }
      const m = MUTATION.exec(text);
      if (!m) return;
      const table = m[1].toLowerCase();
      if (inTx) pending.add(table);
      else this.#emit(new Set([table]));
    };
  }

  #emit(tables: ReadonlySet<string>): void {
    for (const fn of this.#listeners) fn(tables);
  }
}
