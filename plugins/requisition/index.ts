/**
 * Material request document actions metadata cannot express:
 * - `close_material_request_line` (letter O on the request): a line of an approved request is
 *   closed, so it will not be purchased or issued any further. The spec's
 *   `PUT /aircraft-mrequest/closed/{reqdtlkey}` is a thin adapter over this action.
 * - the bell's material request counts and the approval's event (bell.ts).
 * The spec's lists and export (lists.ts) and the save's and detail's mapping (request.ts) are
 * plain functions its own routes (routes.ts, registered by the server as a Fastify plugin) call.
 */
import { definePlugin, type ActionContext, type ActionInput } from '../../engine/src/plugins/host.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { appError } from '../../engine/src/errors.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';
import { requisitionBell } from './bell.ts';
import { requisitionRoutes } from './routes.ts';

const CLOSE_REASON_MAX = 200;

/** The action `close_material_request_line` (metadata `run: requisition/index#closeMaterialRequestLine`). */
export async function closeMaterialRequestLine(ctx: ActionContext, input: ActionInput) {
  const reason = typeof input.body.reason === 'string' && input.body.reason.trim() ? input.body.reason.trim() : 'Closed';
  if (reason.length > CLOSE_REASON_MAX) throw appError('ERR_VALIDATION', { errors: [{ path: '/reason', message: `must be at most ${CLOSE_REASON_MAX} characters` }] });
  return documentAction(ctx, { entity: 'material_request_line', key: input.key, name: 'close line' }, async (tx, line) => {
    const request = await tx.selectFrom('material_request').select(['requestkey', 'requestno', 'statuswf', 'compcode']).where('requestkey', '=', line.request as number).forUpdate().executeTakeFirstOrThrow();
    if (Number(line.outstand) === 0) throw appError('ERR_CONFLICT', { message: 'This line is already closed.' });
    if (request.statuswf !== STATUS.APPROVED) throw appError('ERR_CONFLICT', { message: 'Only lines of an approved request can be closed.' });
    await ctx.repo.patch(tx, ctx.user, 'material_request_line', line.reqdtlkey as number, { outstand: 0, close_reason: reason }, { reason: 'close line' });
    await ctx.emit?.(tx, { event: 'mrclosednotif', compcode: String(request.compcode), data: { requestno: request.requestno, reqdtlkey: line.reqdtlkey } });
    return { success: 1, message: `Line of ${String(request.requestno)} closed`, requestno: request.requestno };
  });
}

export default definePlugin({
  routes: requisitionRoutes,
  name: 'requisition',
  bell: requisitionBell,
  actions: {
    close_material_request_line: {
      entity: 'material_request_line',
      handler: closeMaterialRequestLine,
      run: closeMaterialRequestLine,
    },
  },
});
