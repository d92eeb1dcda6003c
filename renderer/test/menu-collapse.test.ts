/** The module menu's first state (generic/menuCollapse.ts): the reader's choice, else folded only on a narrow page. */
import { describe, expect, it } from 'vitest';
import { initialCollapsed } from '../src/generic/menuCollapse';

describe('initialCollapsed', () => {
  it("keeps the reader's choice whatever the width", () => {
    expect([initialCollapsed('collapsed', false), initialCollapsed('open', true)]).toEqual([true, false]);
  });
  it('without a choice, folds the menu only where it would stack above the screen', () => {
    expect([initialCollapsed(null, true), initialCollapsed(null, false), initialCollapsed('something else', false)]).toEqual([true, false, false]);
  });
});
