/**
 * Released is released, one rule (decision 0240): the work-order mechanism's SEALED states and
 * signed cards, as each kind's lifecycle declares them in its codes. The product's metadata passes
 * for both kinds (the start runs the same check); a kind whose order or card rule is missing or
 * weakened is named, so the start stops.
 */
import { describe, expect, it } from 'vitest';
import { loadMetadata } from '../../engine/src/metadata/loader.ts';
import { loadConfig } from '../../server/src/config.ts';
import { PluginHost } from '../../engine/src/plugins/host.ts';
import { plugins } from '../index.ts';
import { MRO_WORK_ORDER } from '../mro/execution.ts';
import { sealedRuleProblems } from './work-order.ts';

const reg = await loadMetadata(loadConfig().metadataDirs);

describe('the SEALED rule of every work order kind', () => {
  it("the product's metadata declares it for the operator's and the MRO's orders and cards", () => {
    expect(new PluginHost(plugins).checkMetadata(reg)).toEqual([]);
  });

  it("an MRO order whose rule forgets its CRS state (RELEASED), or lets remarks through, or whose signed cards are not sealed, is named", () => {
    const order = reg.entity('amo_work_order');
    const card = reg.entity('amo_work_order_task');
    const [orderRules, cardRules] = [order.lifecycle, card.lifecycle];
    try {
      order.lifecycle = [{ when: { status: ['CLOSED', 'CANCELLED'] }, refuse: ['update', 'delete', 'lines'] }] as typeof order.lifecycle;
      card.lifecycle = [];
      expect(sealedRuleProblems(reg, MRO_WORK_ORDER)).toEqual([
        'amo_work_order: lifecycle must refuse update, delete and lines, with no exception, when status is one of RELEASED, CLOSED, CANCELLED (released is released, decision 0240)',
        'amo_work_order_task: lifecycle must refuse update and delete, with no exception, when status is one of PERFORMED, DONE (a signed card is sealed, decision 0240)',
      ]);
      order.lifecycle = [{ when: { status: ['RELEASED', 'CLOSED', 'CANCELLED'] }, refuse: ['update', 'delete', 'lines'], except: ['remark'] }] as typeof order.lifecycle;
      card.lifecycle = cardRules;
      expect(sealedRuleProblems(reg, MRO_WORK_ORDER)).toHaveLength(1);
    } finally {
      order.lifecycle = orderRules;
      card.lifecycle = cardRules;
    }
    expect(sealedRuleProblems(reg, MRO_WORK_ORDER)).toEqual([]);
  });
});
