/**
 * The checks across files, once every file is read (loader.ts `buildRegistry`): the problems in the
 * order below, each check in its own module. Some fill in what metadata leaves out (a child's
 * parent, column and filter labels, related lists' titles, menu levels).
 */
import type { Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';
import { checkActionLetters } from './action-letters.ts';
import { checkActionRuns } from './action-run.ts';
import { checkFields, checkPersonal, checkSeals, checkShape, linkChildren } from './entities.ts';
import { checkLifecycle } from './lifecycle.ts';
import { checkParticipants } from './participants.ts';
import { checkContextFilter, checkChart, checkColumns, checkList } from './lists.ts';
import { checkForm } from './forms.ts';
import { checkMenus } from './menus.ts';
import { checkStoredViews } from './stored-views.ts';

export function crossCheck(reg: Registry, problems: MetadataProblem[]): void {
  checkActionLetters(reg, problems);
  checkActionRuns(reg, problems);
  for (const e of reg.entities.values()) {
    checkFields(reg, e, problems);
    checkShape(reg, e, problems);
    checkSeals(reg, e, problems);
    linkChildren(reg, e, problems);
  }
  // after every child knows its parent
  for (const e of reg.entities.values()) {
    checkLifecycle(reg, e, problems);
    checkParticipants(reg, e, problems);
    checkPersonal(e, problems);
  }
  for (const s of reg.screens.values()) {
    const kindKey = s.kind === 'list' ? 'lists' : s.kind === 'form' ? 'forms' : s.kind === 'report' ? 'reports' : 'homes';
    const at = (suffix: string) => `/${kindKey}/[${s.route}]${suffix}`;
    if (s.kind === 'home') continue;
    const entity = reg.entities.get(s.entity);
    if (!entity) {
      problems.push({ file: s.file, path: at('/entity'), reason: `unknown entity '${s.entity}'` });
      continue;
    }
    if (s.kind === 'list' || s.kind === 'report') {
      checkColumns(reg, s, entity, at, problems);
      checkChart(s, at, problems);
      checkContextFilter(reg, s, entity, at, problems);
    }
    if (s.kind === 'list') checkList(reg, s, entity, at, problems);
    if (s.kind === 'form') checkForm(reg, s, entity, at, problems);
  }
  checkMenus(reg, problems);
  checkStoredViews(reg, problems);
}
