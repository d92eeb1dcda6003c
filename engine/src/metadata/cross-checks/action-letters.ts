import type { Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';

/** Every screen offering an action of an entity asks the same letter: the runner checks one. */
export function checkActionLetters(reg: Registry, problems: MetadataProblem[]): void {
  const seen = new Map<string, { letter: string; file: string; route: string }>();
  for (const s of reg.screens.values()) {
    if (s.kind !== 'list' && s.kind !== 'form') continue;
    for (const a of s.actions) {
      const id = `${s.entity} ${a.name}`;
      const first = seen.get(id);
      if (!first) seen.set(id, { letter: String(a.letter), file: s.file, route: s.route });
      else if (first.letter !== a.letter) {
        problems.push({ file: s.file, path: `/screens/[${s.route}]/actions/[${a.name}]/letter`, reason: `letter ${String(a.letter)} differs from letter ${first.letter} that ${first.file} (${first.route}) declares for the same action` });
      }
    }
  }
}
