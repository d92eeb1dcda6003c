/**
 * The bodies of the workflow action calls (POST tasktodo/doaction) the approval form sends, or null
 * when the form is not filled correctly: an assignment key, a comment within the spec §9 limits,
 * and for routing a user, for queuing a date.
 */
import type { ActionTake, ApprovalHeader, DoActionBody } from '../../api/tasks';
import type { UserListRow } from '../../api/types';

/** Spec §9 comment limits. */
export const COMMENT_MAX = 1000;
export const ROUTING_COMMENT_MAX = 900;

const hasKey = (header: ApprovalHeader) => Number.isSafeInteger(Number(header.taskassignkey)) && Number(header.taskassignkey) > 0;

const base = (header: ApprovalHeader): Pick<DoActionBody, 'taskassignkey' | 'isrouting' | 'routeToNik' | 'routeToUser' | 'postponed' | 'postuntil'> => ({
  taskassignkey: Number(header.taskassignkey),
  isrouting: 0,
  routeToNik: null,
  routeToUser: null,
  postponed: 0,
  postuntil: null,
});

/** Approve, review, complete or reject with the comment. */
export function decisionBody(header: ApprovalHeader, action: ActionTake, comment: string): DoActionBody | null {
  const text = comment.trim();
  if (!hasKey(header) || !text || text.length > COMMENT_MAX) return null;
  return { ...base(header), actionTake: action, comment: text };
}

/** Route to another user with the routing comment. */
export function routingBody(header: ApprovalHeader, routeTo: UserListRow | null, comment: string): DoActionBody | null {
  const text = comment.trim();
  if (!hasKey(header) || !text || text.length > ROUTING_COMMENT_MAX || !routeTo) return null;
  return {
    ...base(header),
    actionTake: 'ROUTING',
    comment: text,
    isrouting: 1,
    routeToUser: routeTo.username,
    routeToNik: routeTo.crewnik ?? null,
  };
}

/** Queue (postpone) until the date with the queuing comment. */
export function queuingBody(header: ApprovalHeader, date: string, comment: string): DoActionBody | null {
  const text = comment.trim();
  if (!hasKey(header) || !text || text.length > COMMENT_MAX || !date) return null;
  return { ...base(header), actionTake: 'PENDING', comment: text, postponed: 1, postuntil: date };
}
