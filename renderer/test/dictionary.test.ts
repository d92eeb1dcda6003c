/**
 * The renderer's own texts in both languages (issue 37 point 9): every literal t('…') of
 * renderer/src has its Indonesian, and the check (run by check:metadata) names a text without one.
 */
import { describe, expect, it } from 'vitest';
import { dictionaryProblems, rendererDictionaryProblems } from '../../engine/scripts/renderer-dictionary';
import { setLanguage, t } from '../src/i18n';

describe("the renderer's dictionary", () => {
  it('names each literal text without its translation, once per file, and skips comments', () => {
    const sources = [
      { file: 'a.tsx', text: "<b>{t('Save')}</b> {t('Show')} {t(\"Show\")} {t('Brand new text')} {t('Brand new text')}\n// t('In a comment')\n/* t('Also a comment') */" },
      { file: 'b.ts', text: "label: t('It\\'s new'), other: cart('Not a call of t')" },
    ];
    expect(dictionaryProblems(sources, { Save: 'Simpan', Show: 'Tampilkan' })).toEqual([
      { file: 'a.tsx', text: 'Brand new text' },
      { file: 'b.ts', text: "It's new" },
    ]);
  });

  it('has every text of renderer/src', async () => {
    // the repository's folder: tests run from it (vitest's root)
    expect(await rendererDictionaryProblems(process.cwd())).toEqual([]);
  });

  it('draws the list, dialog and history texts in Indonesian', () => {
    setLanguage('id');
    expect([t('Show'), t('entries'), t('Open Aircraft'), t('Close'), t('History'), t('Created'), t('changed')]).toEqual(['Tampilkan', 'entri', 'Buka Pesawat', 'Tutup', 'Riwayat', 'Dibuat', 'diubah']);
    setLanguage('en');
    expect(t('Open Aircraft')).toBe('Open Aircraft');
  });
});
