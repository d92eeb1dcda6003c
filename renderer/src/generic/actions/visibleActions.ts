import type { DataRow, ScreenAction, ScreenMeta } from '../../api/types';
import { conditionsHold } from '../form/buildUiSchema';

/**
 * The actions of a screen the user's permission letters allow; on a form (`record` given: the
 * loaded record, null while loading) only those whose `visibleWhen` holds for it.
 */
export function visibleActions(screen: ScreenMeta, record?: DataRow | null): ScreenAction[] {
  const permission = screen.permission ?? '';
  return (screen.actions ?? []).filter(
    (a) => permission.includes(a.letter) && (!a.visibleWhen || record === undefined || (record !== null && conditionsHold(a.visibleWhen, record))),
  );
}
