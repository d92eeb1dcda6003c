import type { DemoRows } from './index.ts';

/** Demo rows of the mro module's screens (see index.ts for the format). */
export const mroDemo: DemoRows = {};
