import type { DemoRows } from './index.ts';

/** Demo rows of the procurement module's screens (see index.ts for the format). */
export const procurementDemo: DemoRows = {};
