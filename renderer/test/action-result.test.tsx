/** An action's answer on the page in a reader's words (issue 37 point 6): no row ids, no "Wo no". */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ActionResultPanel, answerLabel } from '../src/generic/actions/ActionResultPanel';

afterEach(cleanup);

describe('action answers', () => {
  it('labels keys in words', () => {
    expect(answerLabel('wo_no')).toBe('Work order No.');
    expect(answerLabel('cards_made')).toBe('Cards made');
    expect(answerLabel('poNo')).toBe('Purchase order No.');
    expect(answerLabel('crs_no')).toBe('CRS No.');
  });
  it('shows facts without row ids', async () => {
    // the routes call answers nothing here: no links, the facts only
    globalThis.fetch = (async () => new Response(JSON.stringify({ routes: [] }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    render(
      <MemoryRouter>
        <ActionResultPanel title="Plan Work Package" result={{ success: 1, message: 'Work package planned', wo_id: 27, wo_no: 'WO-2026-00031', cards: { made: 4, wo_id: 27 } }} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Work package planned')).toBeTruthy();
    expect(screen.getByText('Work order No.')).toBeTruthy();
    expect(screen.getByText('WO-2026-00031')).toBeTruthy();
    expect(screen.getByText('Made: 4')).toBeTruthy();
    expect(screen.queryByText(/Wo id|Wo no|^27$/)).toBeNull();
  });
});
