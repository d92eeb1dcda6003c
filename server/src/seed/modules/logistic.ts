import type { DemoRows } from './index.ts';

/** Demo rows of the logistic module's screens (see index.ts for the format). */
export const logisticDemo: DemoRows = {};
