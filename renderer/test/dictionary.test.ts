/**
 * The renderer's own texts in both languages (issue 37 point 9): every literal t('…') of
 * renderer/src has its Indonesian, and the check (run by check:metadata) names a text without one;
 * t(text, values) and tNodes fill named placeholders.
 */
import { describe, expect, it } from 'vitest';
import { dictionaryProblems, rendererDictionaryProblems } from '../../engine/scripts/renderer-dictionary';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { setLanguage, t, tNodes } from '../src/i18n';

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

  it('fills named placeholders in either language, one sentence not fragments', () => {
    setLanguage('id');
    expect(t('Welcome, {name}', { name: 'Budi' })).toBe('Selamat datang, Budi');
    expect(t('{received} received of {expected} · about {rows} rows', { received: '2 KB', expected: '8 KB', rows: 1200 })).toBe('2 KB dari 8 KB diterima · sekitar 1200 baris');
    // a placeholder without its value stays; t(text) leaves braces alone
    expect(t('Step {seq} of {of}: {name}', { seq: 1, of: 2 })).toBe('Langkah 1 dari 2: {name}');
    expect(t('Switched to {company} to open this item.')).toBe('Beralih ke {company} untuk membuka butir ini.');
    const html = renderToStaticMarkup(createElement('p', null, tNodes('Signed in as {user} with the default password. Choose a new password to continue.', { user: createElement('strong', null, 'budi') })));
    expect(html).toBe('<p>Masuk sebagai <strong>budi</strong> dengan kata sandi bawaan. Pilih kata sandi baru untuk melanjutkan.</p>');
    setLanguage('en');
    expect(t('Welcome, {name}', { name: 'Budi' })).toBe('Welcome, Budi');
    expect(renderToStaticMarkup(createElement('p', null, tNodes('The password of {user} will be reset to a default password and every session of the account will end. Do you want to continue?', { user: createElement('strong', null, 'ana') })))).toBe(
      '<p>The password of <strong>ana</strong> will be reset to a default password and every session of the account will end. Do you want to continue?</p>',
    );
  });

  it("draws the shell's and the pagination's texts in Indonesian, the spec's English unchanged", () => {
    setLanguage('id');
    expect([t('Skip to content'), t('Sign Out'), t('Notifications'), t('No menu entries.'), t('First page'), t('Pending Approval/Task'), t('Loading Appoval/Task Detail, please wait')]).toEqual([
      'Langsung ke konten',
      'Keluar',
      'Notifikasi',
      'Tidak ada entri menu.',
      'Halaman pertama',
      'Persetujuan/Tugas Tertunda',
      'Memuat Rincian Persetujuan/Tugas, mohon tunggu',
    ]);
    setLanguage('en');
    expect([t('Sign Out'), t('Loading Appoval/Task Detail, please wait')]).toEqual(['Sign Out', 'Loading Appoval/Task Detail, please wait']);
  });
});
