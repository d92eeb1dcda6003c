/**
 * A PDF's text as the tests read it: poppler's pdftotext (Debian package poppler-utils, installed
 * by `npm test`) on a copy in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PdfReading {
  /** pdftotext -raw: words in reading order, a table cell's words together (default -layout: the page's columns kept). */
  raw?: boolean;
  /** runs of spaces, line breaks and page breaks made one space */
  fold?: boolean;
}

export function pdfText(pdf: Uint8Array, how: PdfReading = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'aero-pdf-'));
  writeFileSync(join(dir, 'a.pdf'), pdf);
  const text = execFileSync('pdftotext', [how.raw ? '-raw' : '-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  return how.fold ? text.replace(/\s+/g, ' ') : text;
}
