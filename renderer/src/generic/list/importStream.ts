/** What an import answers: each row's outcome, the totals, and the log of the entity's imports (docs/import.md). */
export interface RowResult {
  row: number;
  action: 'insert' | 'update';
  ok: boolean;
  errors: { field: string; message: string }[];
}
export interface ImportResult {
  total: number;
  imported: number;
  failed: number;
  committed: boolean;
  rows: RowResult[];
}
export interface LogRow {
  id: number;
  created_at: string;
  created_by: string;
  filename: string;
  mode: string;
  total: number;
  imported: number;
  failed: number;
}

export const MODES: Record<string, string> = { dry: 'Dry run', all: 'All or nothing', valid: 'Valid rows only' };

/** One line of the server's NDJSON answer to an import: progress, the result, or an error. */
export interface ImportMessage {
  progress?: number;
  total?: number;
  result?: ImportResult;
  error?: { message: string };
}

/**
 * Reads an import's NDJSON answer as it streams, one message per complete line (a line split
 * across chunks is kept until its end arrives).
 *
 *   await readImportStream(res.body!, (msg) => msg.progress !== undefined && setProgress(msg.progress));
 */
export async function readImportStream(body: ReadableStream<Uint8Array>, onMessage: (msg: ImportMessage) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buf += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const msg = JSON.parse(buf.slice(0, nl)) as ImportMessage;
      buf = buf.slice(nl + 1);
      onMessage(msg);
    }
    if (done) break;
  }
}
