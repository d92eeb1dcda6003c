/**
 * What a refused action or save shows (issue 37 point 11, decision 0377): every field the answer
 * names marked at once; the toast says one problem in full, several by place only (a line's fields
 * together, lines in order), and in full what no field of the form shows; a mark goes once the
 * user changes what it was given for.
 */
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { ApiError } from '../src/api/errors';
import { failureReport, toErrorSchema } from '../src/generic/serverErrors';
import { stillWrong } from '../src/generic/form/useSaveRecord';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    remark: { type: 'string', title: 'Remark' },
    lines: {
      type: 'array',
      title: 'Received Items',
      items: { type: 'object', properties: { quantity: { type: 'number', title: 'Quantity' }, serial_number: { type: 'string', title: 'Serial No.' }, certificate_no: { type: 'string', title: 'Certificate No.' } } },
    },
  },
};
const refusal = (errors: { path: string; message: string }[]) => new ApiError({ statusCode: 400, code: 'ERR_VALIDATION', message: 'Please fill the form correctly.', errors });

describe('the toast of a refusal', () => {
  it('says one problem in full', () => {
    const r = failureReport(refusal([{ path: '/lines/0/quantity', message: 'must not be zero' }]), schema);
    expect([r.title, r.text]).toEqual(['Please fill the form correctly.', 'Received Items line 1, Quantity: must not be zero']);
  });

  it('names several by place, a line together and lines in order, and says in full what no field shows', () => {
    const r = failureReport(
      refusal([
        { path: '/lines/1/certificate_no', message: 'is required: the release certificate number' },
        { path: '/lines/0/quantity', message: 'Over-receipt on PO line PO-1/1: 4 ordered, 0 already received, 5 more would exceed the order.' },
        { path: '/lines/2/serial_number', message: 'is required: P-1 is serial-numbered' },
        { path: '/lines/1/serial_number', message: 'is already in stock' },
        { path: '/received_by', message: 'is not a user of this company' },
      ]),
      schema,
    );
    expect(r.text).toBe('4 problems, each marked at its field: Received Items line 1: Quantity; Received Items line 2: Certificate No., Serial No.; Received Items line 3: Serial No. Received by: is not a user of this company');
    expect(Object.keys(r.errorSchema?.lines ?? {})).toEqual(['0', '1', '2']);
  });
});

describe('a mark after an edit', () => {
  it('goes where the value changed and stays where it did not', () => {
    const errors = toErrorSchema([
      { path: '/lines/0/quantity', message: 'Over-receipt' },
      { path: '/lines/1/certificate_no', message: 'is required' },
      { path: '/remark', message: 'too long' },
    ]);
    const then = { remark: 'x', lines: [{ quantity: 5 }, { certificate_no: null }] };
    expect(stillWrong(errors, then, then)).toEqual(errors);
    const now = { remark: 'x', lines: [{ quantity: 5 }, { certificate_no: 'F1-1' }] };
    expect(stillWrong(errors, then, now)).toEqual(toErrorSchema([{ path: '/lines/0/quantity', message: 'Over-receipt' }, { path: '/remark', message: 'too long' }]));
    expect(stillWrong(errors, then, { remark: 'y', lines: [{ quantity: 4 }, { certificate_no: 'F1-1' }] })).toBeUndefined();
  });
});
